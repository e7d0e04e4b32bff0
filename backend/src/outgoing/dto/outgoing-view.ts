import type { ReturnedView } from '../../incoming/dto/incoming-list.dto';
import type { QuantityEntry } from '../../database/schema';
import type { UnitPriceEntry } from '../unit-prices';

/** A person on a list: creator, submitter, verifier, approver, delivery overseer or remark author. */
export interface PersonRef {
  _id: string;
  first_name: string;
  last_name: string;
}

/** A remark on a list: content and author. */
export interface RemarkView {
  content: string;
  remark_by: PersonRef;
  createdAt: string;
}

/** A line of an outgoing list (Inventory list item). */
export interface OutgoingLineView {
  _id: string;
  product: { _id: string; name: string; code: string; image_extension: string | null; quantity: string[] };
  /** The inventory record id the goods come from. */
  inventory: string;
  warehouse: { _id: string; name: string };
  quantity: QuantityEntry[];
  /** Price of one unit of the first quantity entry, ETB with VAT (absent when that unit has none). */
  unitPrice?: number;
  /** The price of one of each priced unit, in the quantity's order; a unit without a price is absent. */
  unitPrices: UnitPriceEntry[];
}

/** The header of an outgoing list: everything but its lines and remarks (Outgoing list). */
export interface OutgoingListHeader {
  _id: string;
  gin: string;
  status: string;
  customer: { _id: string; name: string; email: string; phone_no: string[]; company: string; address: string | null; tin: string | null };
  warehouse: { _id: string; name: string };
  fs_number: string | null;
  created_by: PersonRef | null;
  /** Who submitted it for approval (null before submission and for lists submitted before issue 13). */
  submitted_by: PersonRef | null;
  verified_by: PersonRef | null;
  approved_by: PersonRef | null;
  outgoing_delivery_overseen_by: PersonRef | null;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  verifiedAt: string | null;
  approvedAt: string | null;
  outgoing_delivered_on: string | null;
  /** The last return to draft, until the list is submitted again; null otherwise. */
  returned: ReturnedView | null;
  cancelled_by: PersonRef | null;
  cancelledAt: string | null;
}

/** Who sent a list back to draft, when and why: the same shape on incoming and outgoing lists. */
export type { ReturnedView } from '../../incoming/dto/incoming-list.dto';

/** A line of a customer return: the list's line, its product, the returned quantity and the line's unit price. */
export interface CustomerReturnLineView {
  line_id: string;
  product: { _id: string; name: string; code: string };
  quantity: QuantityEntry[];
  /** The line's price of one unit of its first quantity entry, ETB with VAT (absent when that unit has none). */
  unitPrice?: number;
  /** The line's price of one of each returned unit that has one. */
  unitPrices: UnitPriceEntry[];
}

/** Goods the customer sent back from a delivered list: who took them in, when, why and which lines. */
export interface CustomerReturnView {
  _id: string;
  /** Its credit note's number, `CN-<n>`: a sequence over all returns, unique. */
  credit_note: string;
  returned_by: PersonRef;
  returned_at: string;
  reason: string;
  lines: CustomerReturnLineView[];
}

/** An outgoing list with every remark (oldest first) and line, as one/:id and the workflow steps return it. */
export interface OutgoingListView extends OutgoingListHeader {
  remarks: RemarkView[];
  inventory_list: OutgoingLineView[];
  /** Its customer returns, oldest first; empty unless delivered goods came back. */
  customer_returns: CustomerReturnView[];
}

/** data of POST /api/outgoingLists/customer-return: the list and the new return. */
export interface CustomerReturnResult {
  outgoing_list: OutgoingListView;
  customer_return: CustomerReturnView;
}

/** A row of GET /api/outgoingLists/all: the header, newest remark, line count and priced total; no lines. */
export interface OutgoingListSummary extends OutgoingListHeader {
  latest_remark: RemarkView | null;
  line_count: number;
  /**
   * ETB, VAT included, 2 decimals as text (`"1234.50"`): the sum over every priced unit of every
   * line of its price × its quantity, each rounded half-up to the cent as on the invoice;
   * `"0.00"` when nothing has a price.
   */
  total_price: string;
}

/**
 * `data` of product/add, product/update and product/remove: the list's row as in
 * GET /all, and the changed line as in one/:id (for remove, its `_id` and `removed: true`).
 */
export interface OutgoingLineEdit {
  list: OutgoingListSummary;
  line: OutgoingLineView | { _id: string; removed: true };
}
