import type { AdjustmentReason, AdjustmentStatus, RequestedAdjustmentReason } from '@inventory/common';
import type { PersonRef } from '../incoming/api';
import { apiCall } from '../providers/httpClient';

/** The list's path; an adjustment's page is `${ADJUSTMENTS_PATH}/${id}`. */
export const ADJUSTMENTS_PATH = '/adjustments';

/** A quantity entry `{name, value}`; on an adjustment the value is signed (positive adds, negative removes). */
export interface QuantityEntry {
  name: string;
  value: number;
}

/** Why stock is adjusted and where a request stands (@inventory/common). */
export { ADJUSTMENT_REASONS, ADJUSTMENT_STATUSES, type AdjustmentReason, type AdjustmentStatus, type RequestedAdjustmentReason } from '@inventory/common';

/** A stock adjustment as GET /api/adjustments/one/{id} and /all return it. */
export interface Adjustment {
  _id: string;
  inventory: { _id: string };
  product: { _id: string; name: string; code: string };
  warehouse: { _id: string; name: string };
  quantity: QuantityEntry[];
  reason: AdjustmentReason;
  remark: string;
  status: AdjustmentStatus;
  created_by: PersonRef | null;
  createdAt: string;
  decided_by: PersonRef | null;
  decidedAt: string | null;
  decision_remark: string | null;
  /** The ledger rows an approval posted. */
  transactions: { _id: string }[];
}

/** An adjustment as react-admin lists it (the dataProvider adds `id` = `_id`). */
export type AdjustmentRecord = Adjustment & { id: string };

/** What a warehouseAdmin asks for (POST /api/adjustments/create). */
export interface AdjustmentRequest {
  inventory: string;
  quantity: QuantityEntry[];
  reason: RequestedAdjustmentReason;
  remark: string;
}

/** The true minus sign, so "−2 box" reads as a removal (never a hyphen). */
const MINUS = '\u2212';

/** One signed entry: "+5 pcs", "−2 box". */
export const signedText = (q: QuantityEntry): string => `${q.value < 0 ? MINUS : '+'}${Math.abs(q.value)} ${q.name}`;

/** A signed quantity: "+5 pcs, −2 box". */
export const quantityText = (quantity: QuantityEntry[]): string => quantity.map(signedText).join(', ');

/** True for a finance user looking at an adjustment still awaiting its decision. */
export const decidable = (canApprove: boolean, a: Pick<Adjustment, 'status'>): boolean => canApprove && a.status === 'pending_approval';

type One = { adjustment: Adjustment };
const adjustment = async (p: Promise<{ data: One }>) => (await p).data.adjustment;

/**
 * The adjustment calls; each rejects with the server's message (400, 403, 404, 409).
 * Each POST takes an `idempotencyKey`, the same for retries of one submission, so a retried click
 * asks, approves (posts) or rejects once.
 */
export const adjustmentsApi = {
  one: (id: string) => adjustment(apiCall<One>('GET', `/adjustments/one/${encodeURIComponent(id)}`)),
  create: (body: AdjustmentRequest, idempotencyKey?: string) => adjustment(apiCall<One>('POST', '/adjustments/create', body, { idempotencyKey })),
  /** Posts the adjustment through the stock ledger (409 when a removal exceeds what is available). */
  approve: (adjustment_id: string, remark: string, idempotencyKey?: string) =>
    adjustment(apiCall<One>('POST', '/adjustments/approve', { adjustment_id, ...(remark.trim() ? { remark: remark.trim() } : {}) }, { idempotencyKey })),
  /** Rejects it; the reason is required. */
  reject: (adjustment_id: string, remark: string, idempotencyKey?: string) =>
    adjustment(apiCall<One>('POST', '/adjustments/reject', { adjustment_id, remark: remark.trim() }, { idempotencyKey })),
};
