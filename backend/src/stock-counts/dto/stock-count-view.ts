import type { ListCount } from '../../common/http/envelope';
import type { PersonJson } from '../../common/http/list-sql';
import type { StockCountStatus } from '../stock-count-rules';

type Quantity = { name: string; value: number }[];

/** A line of a stock count: one inventory record. */
export interface StockCountLineView {
  _id: string;
  inventory: { _id: string };
  product: { _id: string; name: string; code: string; units: string[] };
  /** On hand per unit when the count started; null for the counter (warehouseAdmin) of a blind count until it is posted. */
  expected: Quantity | null;
  /** What was counted per unit; null until counted. */
  counted: Quantity | null;
  counted_by: PersonJson | null;
  countedAt: string | null;
  /**
   * Net ledger movement (in - out) of the record per unit since the count started, posted up to
   * the time the unit was counted (all of it while not counted); null when expected is hidden.
   */
  movements_before_count: Quantity | null;
  /** Net ledger movement per unit posted after the unit was counted (until the approval); stays on top of the counted quantity. Null when hidden. */
  movements_after_count: Quantity | null;
  /** counted - (expected + movements_before_count) per counted unit: what the approval posts; null when not counted or hidden. */
  difference: Quantity | null;
  /** The difference in the product's first unit valued at the record's current unit value (as the valuation report values it); null when no difference is known. */
  difference_value: number | null;
}

/** A stock count as the list page shows it. */
export interface StockCountRowView {
  _id: string;
  number: number;
  status: StockCountStatus;
  warehouse: { _id: string; name: string };
  category: { _id: string; name: string } | null;
  blind: boolean;
  created_by: PersonJson;
  createdAt: string;
  submitted_by: PersonJson | null;
  submittedAt: string | null;
  returned_by: PersonJson | null;
  returnedAt: string | null;
  return_reason: string | null;
  approved_by: PersonJson | null;
  approvedAt: string | null;
  cancelled_by: PersonJson | null;
  cancelledAt: string | null;
  line_count: number;
  counted_count: number;
}

/** A stock count with its lines and remarks. */
export interface StockCountView extends StockCountRowView {
  lines: StockCountLineView[];
  remarks: { content: string; remark_by: PersonJson; createdAt: string }[];
  /** Sum of the lines' difference_value; null when none is known. */
  difference_value_total: number | null;
}

/** `data` of GET /api/stockCounts/all. */
export interface StockCountPage extends ListCount {
  stock_count_all: StockCountRowView[];
}
