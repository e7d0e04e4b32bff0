import { applyLineEdit, type LineEditAnswer } from '../common/lineEdits';
import type { Correction, Returned } from '../corrections/types';
import { API_URL, apiCall, apiHeaders } from '../providers/httpClient';

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

/** A customer as lists carry it. */
export interface ListCustomer {
  _id: string;
  name: string;
  email: string;
  phone_no: string[];
  company: string;
  address: string | null;
}

/** The price in ETB (VAT included) of one of a unit: `{name: 'box', price: 140}`. */
export interface UnitPrice {
  name: string;
  price: number;
}

/** What the add and edit dialogs send for a line: the quantity and the typed price of each unit (replacing the line's prices). */
export interface LineEntry {
  quantity: QuantityEntry[];
  unitPrices: UnitPrice[];
}

/** One line of an outgoing list. */
export interface OutgoingLine {
  _id: string;
  product: { _id: string; name: string; code: string; image_extension: string | null; quantity: string[] };
  inventory: string;
  quantity: QuantityEntry[];
  /** The price of each priced unit, in the quantity's order (docs/api.md, Outgoing lists). */
  unitPrices: UnitPrice[];
}

/** An outgoing list as the API returns it (docs/api.md, Outgoing lists). */
export interface OutgoingList {
  _id: string;
  gin: string;
  status: string;
  customer: ListCustomer;
  warehouse: { _id: string; name: string };
  fs_number: string | null;
  created_by: PersonRef | null;
  createdAt: string;
  /** The approval history: who took each step and when; null until taken (and the submitter of lists submitted before it was recorded). */
  submitted_by: PersonRef | null;
  submittedAt: string | null;
  verified_by: PersonRef | null;
  verifiedAt: string | null;
  approved_by: PersonRef | null;
  approvedAt: string | null;
  outgoing_delivery_overseen_by: PersonRef | null;
  outgoing_delivered_on: string | null;
  /** Set while the list is back in draft after a return. */
  returned: Returned | null;
  cancelled_by: PersonRef | null;
  cancelledAt: string | null;
  remarks: { content: string; remark_by: PersonRef; createdAt: string }[];
  inventory_list: OutgoingLine[];
  /** Goods the customer sent back after delivery, oldest first. */
  customer_returns: CustomerReturn[];
}

/** One customer return of a delivered list: who took the goods back, when, why and which lines. */
export interface CustomerReturn {
  _id: string;
  /** Its credit note's number, `CN-12`. */
  credit_note: string;
  returned_by: PersonRef;
  returned_at: string;
  reason: string;
  lines: { line_id: string; product: { _id: string; name: string; code: string }; quantity: QuantityEntry[]; unitPrices: UnitPrice[] }[];
}

/** A stock record of the add-product view (GET /api/inventory rows). */
export interface StockItem {
  _id: string;
  product: { _id: string; name: string; code: string; image_extension: string | null; quantity: string[] };
  warehouse: { _id: string; name: string };
  available: QuantityEntry[];
}

/** The workflow steps and their routes under /api/outgoingLists. */
export const STEP_PATHS = {
  submit: '/outgoingLists/submit-for-sales-supervisor-approval',
  verify: '/outgoingLists/supervisor/approve-and-submit-for-finance-approval',
  approve: '/outgoingLists/approve',
  deliver: '/outgoingLists/delivery/confirm',
} as const;
export type Step = keyof typeof STEP_PATHS;

type One = { outgoing_list: OutgoingList };
const list = async (p: Promise<{ data: One }>) => (await p).data.outgoing_list;
const one = (id: string) => list(apiCall<One>('GET', `/outgoingLists/one/${id}`));
/**
 * A line edit answers the list's row and the changed line only, applied to the list on
 * screen; `lineId` is the line an update targeted (gone when merged into another line).
 */
const edited = async (edit: Promise<{ data: LineEditAnswer<OutgoingLine> }>, lineId?: string) =>
  applyLineEdit<OutgoingLine, OutgoingList>((await edit).data, lineId);

/** Downloads a PDF route with the stored token and saves it as `filename`. */
async function download(path: string, filename: string): Promise<void> {
  const res = await fetch(`${API_URL}${path}`, { headers: apiHeaders() });
  if (!res.ok) throw new Error(((await res.json().catch(() => ({}))) as { message?: string }).message ?? res.statusText);
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The dedicated outgoing list calls; each rejects with the server's message. */
export const outgoingApi = {
  one,
  create: (body: { warehouse: string; customer: string; gin: string; fs_number?: string; remarks?: { content: string } }) =>
    list(apiCall<One>('POST', '/outgoingLists/create', body)),
  addLine: (l: OutgoingList, item: StockItem, entry: LineEntry) =>
    edited(apiCall('POST', '/outgoingLists/product/add', { list_id: l._id, product: item.product._id, inventory: item._id, warehouse: l.warehouse._id, ...entry })),
  updateLine: (list_id: string, product_id: string, entry: LineEntry) =>
    edited(apiCall('POST', '/outgoingLists/product/update', { list_id, product_id, ...entry }), product_id),
  removeLine: (list_id: string, product_id: string) => edited(apiCall('POST', '/outgoingLists/product/remove', { list_id, product_id })),
  /** A workflow step; `idempotencyKey` makes a retried click post once. */
  /** Return (to draft) or cancel, with the required reason; cancelling an approved list releases its reservation. */
  correct: (correction: Correction, list_id: string, reason: string, idempotencyKey?: string) =>
    list(apiCall<One>('POST', `/outgoingLists/${correction}`, { list_id, remark: { content: reason } }, { idempotencyKey })),
  step: (step: Step, list_id: string, remark: string, idempotencyKey?: string) =>
    list(apiCall<One>('POST', STEP_PATHS[step], { list_id, ...(remark.trim() ? { remark: { content: remark.trim() } } : {}) }, { idempotencyKey })),
  async customers(search: string): Promise<ListCustomer[]> {
    const q = new URLSearchParams({ search, page: '1', limit: '20' });
    return (await apiCall<{ customers: ListCustomer[] }>('GET', `/customers/all?${q}`)).data.customers;
  },
  async warehouses(): Promise<{ _id: string; name: string }[]> {
    return (await apiCall<{ _id: string; name: string }[]>('GET', '/warehouses')).data;
  },
  /** Takes goods of a delivered list back into stock; the reason is required. */
  customerReturn: (list_id: string, lines: { line_id: string; quantity: QuantityEntry[] }[], reason: string, idempotencyKey?: string) =>
    apiCall<{ outgoing_list: OutgoingList }>('POST', '/outgoingLists/customer-return', { list_id, lines, remark: { content: reason } }, { idempotencyKey }).then(
      (r) => r.data.outgoing_list,
    ),
  /** The credit note PDF of one customer return. */
  creditNote: (l: OutgoingList, r: CustomerReturn) => download(`/outgoingLists/${l._id}/credit-note?return_id=${r._id}`, `credit-note-${l.gin}-${r.credit_note}.pdf`),
  deliveryNote: (id: string) => download(`/outgoingLists/${id}/delivery-note`, 'invoice.pdf'),
  invoice: (l: OutgoingList) => download(`/outgoingLists/${l._id}/invoice`, `invoice-${l.gin}.pdf`),
};
