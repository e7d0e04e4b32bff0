import type { QuantityEntry } from '../../database/schema';

/** A person on a list: creator, verifier, approver, delivery overseer or remark author. */
export interface PersonRef {
  _id: string;
  first_name: string;
  last_name: string;
}

/** A remark on a list (spec 3): content and author. */
export interface RemarkView {
  content: string;
  remark_by: PersonRef;
  createdAt: string;
}

/** A line of an outgoing list (spec 3, Inventory list item). */
export interface OutgoingLineView {
  _id: string;
  product: { _id: string; name: string; code: string; image_extension: string | null; quantity: string[] };
  /** The inventory record id the goods come from. */
  inventory: string;
  warehouse: { _id: string; name: string };
  quantity: QuantityEntry[];
  /** Price of one unit of the first quantity entry, ETB with VAT, as a number with 2 decimals. */
  unitPrice?: number;
}

/** An outgoing list as the API returns it (spec 3, Outgoing list). */
export interface OutgoingListView {
  _id: string;
  gin: string;
  status: string;
  customer: { _id: string; name: string; email: string; phone_no: string[]; company: string; address: string | null };
  warehouse: { _id: string; name: string };
  fs_number: string | null;
  remarks: RemarkView[];
  created_by: PersonRef | null;
  verified_by: PersonRef | null;
  approved_by: PersonRef | null;
  outgoing_delivery_overseen_by: PersonRef | null;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  verifiedAt: string | null;
  approvedAt: string | null;
  outgoing_delivered_on: string | null;
  inventory_list: OutgoingLineView[];
}
