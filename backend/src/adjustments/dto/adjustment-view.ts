import type { AdjustmentReason, AdjustmentStatus } from '../adjustment-rules';
import type { ListCount } from '../../common/http/envelope';

/** A person on an adjustment: who asked for it, who decided it. */
export interface AdjustmentPerson {
  _id: string;
  first_name: string;
  last_name: string;
}

/** A stock adjustment as every route returns it. */
export interface AdjustmentView {
  _id: string;
  inventory: { _id: string };
  product: { _id: string; name: string; code: string };
  warehouse: { _id: string; name: string };
  /** Signed quantities per unit: positive adds, negative removes. */
  quantity: { name: string; value: number }[];
  reason: AdjustmentReason;
  remark: string;
  status: AdjustmentStatus;
  created_by: AdjustmentPerson;
  createdAt: string;
  /** Who approved or rejected it; null while pending. */
  decided_by: AdjustmentPerson | null;
  decidedAt: string | null;
  /** The remark of the approval or the reason of the rejection. */
  decision_remark: string | null;
  /** The ledger rows an approval posted (the additions' incoming row, then the removals' outgoing row); empty otherwise. */
  transactions: { _id: string }[];
}

/** `data` of GET /api/adjustments/all. */
export interface AdjustmentPage extends ListCount {
  adjustment_all: AdjustmentView[];
}
