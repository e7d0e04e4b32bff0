import type { QuantityEntry } from '../../database/schema';
import type { PostedRow } from '../ledger-postings.repository';
import type { LedgerProduct } from '../stock-ledger.repository';

/**
 * A receipt into a warehouse (direct entry or an approved incoming list). `purchasedPrice` (ETB,
 * 2 decimals) and `depreciationRate` (percent, 3 decimals) as the request DTOs checked them.
 */
export interface ReceiveMovement {
  productId: string;
  warehouseId: string;
  quantity: QuantityEntry[];
  grn: string;
  userId: string;
  remarks?: string;
  purchasedPrice?: string | number;
  depreciationRate?: string | number;
  purchasedDate?: Date;
  source: 'direct' | 'incoming_list';
  sourceId?: string;
}

/** An issue out of an inventory record (direct entry or a delivered outgoing list). */
export interface IssueMovement {
  inventoryId: string;
  quantity: QuantityEntry[];
  gin: string;
  userId: string;
  takenBy?: string;
  customerId?: string;
  /** Deduct reserved as well as on-hand: the delivery of an approved (reserved) outgoing list. */
  fromReserved?: boolean;
  source: 'direct' | 'outgoing_list';
  sourceId?: string;
  /** The ledger row's id, chosen by the caller (to audit it before posting); a new one otherwise. */
  id?: string;
}

/** One line of an issue: the record, what leaves it and, when the caller chose it, the ledger row's id. */
export interface IssueLine {
  inventoryId: string;
  quantity: QuantityEntry[];
  id?: string;
}

/** What the lines of one issue share. */
export type IssueContext = Omit<IssueMovement, 'inventoryId' | 'quantity' | 'id'>;

/** An issue's ledger row with the product it moves (its name and units, for the 409 of a shortfall). */
export type IssuedRow = PostedRow & { product: LedgerProduct };

/** The reversal of a direct receipt or issue. */
export interface ReverseMovement {
  transactionId: string;
  userId: string;
  /** The reason, stored as the reversal row's remarks. */
  remarks: string;
  /** Called with the original (locked) before anything is checked or written: throws 403 outside the user's warehouse. */
  authorize?: (original: { warehouseId: string }) => void;
}

/** Goods a customer sends back from a delivered outgoing list, into the record they left. */
export interface CustomerReturnMovement {
  inventoryId: string;
  quantity: QuantityEntry[];
  gin: string;
  customerId: string;
  userId: string;
  /** The reason, stored as the row's remarks. */
  remarks: string;
  /** The outgoing list the goods were delivered by. */
  listId: string;
}

/**
 * An approved stock adjustment or a stock count's correction: signed quantities of one inventory
 * record, positive adding and negative removing stock.
 */
export interface AdjustMovement {
  inventoryId: string;
  /** One entry per unit, each unit once, values non-zero with at most 3 decimals. */
  quantity: QuantityEntry[];
  userId: string;
  /** The reason and remark, stored as the rows' remarks. */
  remarks: string;
  /** `adjustment` (default; sourceId the stock adjustment) or `stock_count` (sourceId the count). */
  source?: 'adjustment' | 'stock_count';
  /** The adjustment or count, stored as the rows' source_id. */
  sourceId: string;
}

/** Signed corrections of several records (a stock count's approval), as {@link AdjustMovement} for each. */
export interface AdjustManyMovement {
  records: { inventoryId: string; quantity: QuantityEntry[] }[];
  userId: string;
  remarks: string;
  source: 'adjustment' | 'stock_count';
  sourceId: string;
}

/** The ledger rows a correction of one record wrote (null: nothing added, or nothing removed). */
export interface CorrectionRows {
  incomingId: string | null;
  outgoingId: string | null;
}

/** A transfer's dispatch: every line leaves its source record. */
export interface TransferOutMovement {
  lines: { inventoryId: string; quantity: QuantityEntry[] }[];
  trn: string;
  userId: string;
  transferId: string;
}

/** A transfer's receipt: every line arrives in `warehouseId`, in the record of its source record's product. */
export interface TransferInMovement {
  lines: { sourceInventoryId: string; quantity: QuantityEntry[] }[];
  warehouseId: string;
  trn: string;
  userId: string;
  transferId: string;
}

/** A posted receipt: the record it went into and its ledger row. */
export interface ReceivedRecord {
  inventoryId: string;
  transactionId: string;
}
