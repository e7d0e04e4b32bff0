import { applyLineEdit, type LineEditAnswer } from '../common/lineEdits';
import type { Correction, Returned } from '../corrections/types';
import { apiCall } from '../providers/httpClient';
import type { LineCostBody } from './LineCostFields';

/** `{_id, first_name, last_name}` of a person on a list. */
export interface PersonRef {
  _id: string;
  first_name: string;
  last_name: string;
}

/** A quantity entry `{name, value}`. */
export interface QuantityEntry {
  name: string;
  value: number;
}

/** One line of an incoming list. */
export interface IncomingLine {
  _id: string;
  product: { _id: string; name: string; code: string; image_extension: string | null; quantity: string[] };
  quantity: QuantityEntry[];
  /** ETB per unit, absent when none. */
  purchasedPrice?: number;
  /** Percent per year, absent when none. */
  depreciationRate?: number;
}

/** An incoming list as GET /api/incomingLists/one/{id} returns it (docs/api.md, Incoming lists). */
export interface IncomingList {
  _id: string;
  grn: string;
  status: string;
  warehouse: { _id: string; name: string };
  created_by: PersonRef;
  createdAt: string;
  /** The approval history: who took each step and when, null until taken. */
  submitted_by: PersonRef | null;
  submitted_at: string | null;
  confirmed_by: PersonRef | null;
  confirmed_at: string | null;
  approved_by: PersonRef | null;
  approved_at: string | null;
  /** Set while the list is back in draft after a return. */
  returned: Returned | null;
  cancelled_by: PersonRef | null;
  cancelled_at: string | null;
  remarks: { content: string; remark_by: PersonRef; createdAt: string }[];
  inventory_list: IncomingLine[];
}

/** A product of the picker (GET /api/products rows). */
export interface PickerProduct {
  _id: string;
  name: string;
  code: string;
  quantity: string[];
}

/** The workflow steps and their routes under /api/incomingLists. */
export const STEP_PATHS = {
  submit: '/incomingLists/submit',
  confirm: '/incomingLists/import-admin/approve-and-submit-for-finance-approval',
  approve: '/incomingLists/approve',
} as const;
export type Step = keyof typeof STEP_PATHS;

type One = { incoming_list: IncomingList[] };
const first = async (p: Promise<{ data: One }>) => (await p).data.incoming_list[0];
const one = (id: string) => first(apiCall<One>('GET', `/incomingLists/one/${id}`));
/** A line edit answers the list's row and the changed line only, applied to the list on screen. */
const edited = async (edit: Promise<{ data: LineEditAnswer<IncomingLine> }>) => applyLineEdit<IncomingLine, IncomingList>((await edit).data);

/** The dedicated incoming list calls; each rejects with the server's message. */
export const incomingApi = {
  one,
  create: (body: { warehouse: string; grn: string; remarks?: { content: string } }) => first(apiCall<One>('POST', '/incomingLists/create', body)),
  addLine: (list_id: string, product: string, quantity: QuantityEntry[], cost: LineCostBody = {}) =>
    edited(apiCall('POST', '/incomingLists/product/add', { list_id, product, quantity, ...cost })),
  updateLine: (list_id: string, product_id: string, quantity: QuantityEntry[], cost: LineCostBody = {}) =>
    edited(apiCall('POST', '/incomingLists/product/update', { list_id, product_id, quantity, ...cost })),
  removeLine: (list_id: string, product_id: string) => edited(apiCall('POST', '/incomingLists/product/remove', { list_id, product_id })),
  /** Return (to draft) or cancel, with the required reason. */
  correct: (correction: Correction, list_id: string, reason: string, idempotencyKey?: string) =>
    first(apiCall<One>('POST', `/incomingLists/${correction}`, { list_id, remark: { content: reason } }, { idempotencyKey })),
  /** A workflow step; `idempotencyKey` makes a retried click post once. */
  step: (step: Step, list_id: string, remark: string, idempotencyKey?: string) =>
    first(apiCall<One>('POST', STEP_PATHS[step], { list_id, ...(remark.trim() ? { remark: { content: remark.trim() } } : {}) }, { idempotencyKey })),
};
