import { depreciate } from '../reports/depreciation';
import type { QuantityEntry } from '../database/schema';
import type { StockCountLineView, StockCountRowView } from './dto/stock-count-view';
import type { StockCountStatus } from './stock-count-rules';
import type { CountLineWithRefs, StockCountWithRefs } from './stock-counts.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const numbers = (q: readonly { name: string; value: number | string }[]) => q.map((e) => ({ name: e.name, value: Number(e.value) }));

/** counted - expected per counted unit (issue 15); units not counted are left out. */
export function differenceOf(expected: readonly QuantityEntry[], counted: readonly QuantityEntry[]): QuantityEntry[] {
  return counted.map((q) => ({ name: q.name, value: Number((Number(q.value) - Number(expected.find((e) => e.name === q.name)?.value ?? 0)).toFixed(3)) }));
}

/** A count as the list page shows it. */
export function toCountRowView(r: StockCountWithRefs): StockCountRowView {
  const x = r.count;
  return {
    _id: x.id,
    number: x.number,
    status: x.status as StockCountStatus,
    warehouse: { _id: r.warehouse.id, name: r.warehouse.name },
    category: r.category ? { _id: r.category.id, name: r.category.name } : null,
    blind: x.blind,
    created_by: r.creator,
    createdAt: x.createdAt.toISOString(),
    submitted_by: r.submitter,
    submittedAt: iso(x.submittedAt),
    returned_by: r.returner,
    returnedAt: iso(x.returnedAt),
    return_reason: x.returnReason,
    approved_by: r.approver,
    approvedAt: iso(x.approvedAt),
    cancelled_by: r.canceller,
    cancelledAt: iso(x.cancelledAt),
    line_count: r.lineCount,
    counted_count: r.countedCount,
  };
}

/**
 * A line as the detail shows it: with `hidden` (a blind count's counter before posting) no
 * expected quantity, movements or difference. The difference's value is its first-unit quantity
 * times the record's current unit value as the asset valuation computes it (spec 9), signed.
 */
export function toCountLineView(r: CountLineWithRefs, hidden: boolean, movements: QuantityEntry[], now: Date): StockCountLineView {
  const x = r.line;
  const difference = x.counted && !hidden ? differenceOf(x.expected, x.counted) : null;
  const first = difference?.find((d) => d.name === r.product.units[0]);
  let value: number | null = null;
  if (difference) {
    const abs = Math.abs(first?.value ?? 0).toFixed(3);
    const v = Number(depreciate({ purchasedPrice: r.purchase.price, depreciationRate: r.purchase.rate, purchasedDate: r.purchase.date, quantity: abs }, now).valuation);
    value = (first?.value ?? 0) < 0 ? -v : v;
  }
  return {
    _id: x.id,
    inventory: { _id: x.inventoryId },
    product: { _id: r.product.id, name: r.product.name, code: r.product.code, units: r.product.units },
    expected: hidden ? null : numbers(x.expected),
    counted: x.counted ? numbers(x.counted) : null,
    counted_by: r.counter,
    countedAt: iso(x.countedAt),
    movements_since_start: hidden ? null : movements,
    difference,
    difference_value: value,
  };
}
