import type { StockCountStatus } from '@inventory/common';
import type { PersonRef } from '../incoming/api';
import type { QuantityEntry } from '../inventory/api';
import { apiCall, saveDownload, httpClient } from '../providers/httpClient';

/** The list's path; a count's page is `${STOCK_COUNTS_PATH}/${id}`. */
export const STOCK_COUNTS_PATH = '/stockCounts';

/** The statuses of a count (@inventory/common): counting → pending_approval → posted, returned to counting, or cancelled while counting. */
export { STOCK_COUNT_STATUSES, type StockCountStatus } from '@inventory/common';

/** A count's line (docs/api.md, Stock counts): expected is null for a blind count's counter until posted. */
export interface CountLine {
  _id: string;
  inventory: { _id: string };
  product: { _id: string; name: string; code: string; units: string[] };
  expected: QuantityEntry[] | null;
  counted: QuantityEntry[] | null;
  counted_by: PersonRef | null;
  countedAt: string | null;
  /** Net movement per unit posted before / after that unit was counted (all before while not counted); null when hidden. */
  movements_before_count: QuantityEntry[] | null;
  movements_after_count: QuantityEntry[] | null;
  /** counted − (expected + movements_before_count) per counted unit. */
  difference: QuantityEntry[] | null;
  difference_value: number | null;
}

/** A stock count as GET /api/stockCounts/one/{id} returns it; list rows have no lines or remarks. */
export interface StockCount {
  _id: string;
  number: number;
  status: StockCountStatus;
  warehouse: { _id: string; name: string };
  category: { _id: string; name: string } | null;
  blind: boolean;
  created_by: PersonRef;
  createdAt: string;
  submitted_by: PersonRef | null;
  submittedAt: string | null;
  returned_by: PersonRef | null;
  returnedAt: string | null;
  return_reason: string | null;
  approved_by: PersonRef | null;
  approvedAt: string | null;
  cancelled_by: PersonRef | null;
  cancelledAt: string | null;
  line_count: number;
  counted_count: number;
  lines: CountLine[];
  remarks: { content: string; remark_by: PersonRef; createdAt: string }[];
  difference_value_total: number | null;
}

export type StockCountRecord = StockCount & { id: string };

/** SC-12. */
export const countName = (c: Pick<StockCount, 'number'>) => `SC-${c.number}`;

export { quantityText } from '../inventory/api';

type One = { stock_count: StockCount };
const count = async (p: Promise<{ data: One }>) => (await p).data.stock_count;
const remarkOf = (remark: string) => (remark.trim() ? { remark: remark.trim() } : {});

/** The stock count calls; each rejects with the server's message. */
export const stockCountsApi = {
  one: (id: string) => count(apiCall<One>('GET', `/stockCounts/one/${encodeURIComponent(id)}`)),
  create: (body: { warehouse: string; category?: string; blind: boolean }, idempotencyKey?: string) => count(apiCall<One>('POST', '/stockCounts/create', body, { idempotencyKey })),
  /** Saves one line's counted quantities; resolves to the updated line. */
  countLine: async (count_id: string, line_id: string, counted: QuantityEntry[]) =>
    (await apiCall<{ line: CountLine }>('POST', '/stockCounts/line/update', { count_id, line_id, counted })).data.line,
  submit: (count_id: string, remark: string) => count(apiCall<One>('POST', '/stockCounts/submit', { count_id, ...remarkOf(remark) })),
  cancel: (count_id: string, remark: string) => count(apiCall<One>('POST', '/stockCounts/cancel', { count_id, ...remarkOf(remark) })),
  approve: (count_id: string, remark: string, idempotencyKey?: string) => count(apiCall<One>('POST', '/stockCounts/approve', { count_id, ...remarkOf(remark) }, { idempotencyKey })),
  return: (count_id: string, remark: string) => count(apiCall<One>('POST', '/stockCounts/return', { count_id, remark: remark.trim() })),
  /** Saves the count sheet (xlsx). */
  sheet: (c: StockCount) => saveDownload(`/stockCounts/${c._id}/sheet?format=xlsx`, `stock_count_${countName(c)}.xlsx`),

  /** Uploads a filled sheet (multipart `file`); a bad row rejects with the server's row errors. */
  upload: async (count_id: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return count(httpClient<One>(`/stockCounts/${count_id}/upload`, { method: 'POST', body: form }));
  },
};
