import type { ListCount } from '../../common/http/envelope';
import type { PersonJson } from '../../common/http/list-sql';
import type { TransferStatus } from '../transfer-rules';

type Quantity = { name: string; value: number }[];

/** A line of a transfer: a source record and what moves. */
export interface TransferLineView {
  _id: string;
  /** The source warehouse's inventory record. */
  inventory: { _id: string };
  /** The destination's record of the product, once dispatched. */
  destination_inventory: { _id: string } | null;
  product: { _id: string; name: string; code: string; units: string[] };
  /** To dispatch (draft) or dispatched, per unit. */
  quantity: Quantity;
  /** What arrived, per unit (set on receipt). */
  received: Quantity | null;
  /** Dispatched minus received, the units that differ only; [] when none. */
  shortfall: Quantity;
  /** The source record's available stock now, per unit, while draft; null otherwise; [] when `available_hidden`. */
  available: Quantity | null;
  /**
   * True while draft when the reader counts the source record on a blind count being counted (a
   * warehouseAdmin of the count's warehouse, until the count is submitted), as Inventory's
   * `quantities_hidden`: `available` is then [].
   */
  available_hidden: boolean;
}

/** A transfer as the list page shows it: no lines or remarks. */
export interface TransferRowView {
  _id: string;
  trn: string;
  status: TransferStatus;
  from_warehouse: { _id: string; name: string };
  to_warehouse: { _id: string; name: string };
  created_by: PersonJson;
  createdAt: string;
  dispatched_by: PersonJson | null;
  dispatchedAt: string | null;
  received_by: PersonJson | null;
  receivedAt: string | null;
  cancelled_by: PersonJson | null;
  cancelledAt: string | null;
  line_count: number;
  latest_remark: string | null;
}

/** A transfer with its lines and remarks (every write and GET one). */
export interface TransferView extends TransferRowView {
  lines: TransferLineView[];
  remarks: { content: string; remark_by: PersonJson; createdAt: string }[];
  /** The first transit-loss adjustment the receipt posted, if any. */
  transit_loss_adjustment: { _id: string } | null;
}

/** `data` of GET /api/transfers/all. */
export interface TransferPage extends ListCount {
  transfer_all: TransferRowView[];
}
