import { depreciate } from '../reports/depreciation';
import type { QuantityEntry } from '../database/schema';
import type { StockCountLineView, StockCountRowView } from './dto/stock-count-view';
import type { StockCountStatus } from './stock-count-rules';
import type { CountLineWithRefs, LineMovements, StockCountWithRefs } from './stock-counts.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const numbers = (q: readonly { name: string; value: number | string }[]) => q.map((e) => ({ name: e.name, value: Number(e.value) }));

const valueOf = (q: readonly QuantityEntry[], name: string) => Number(q.find((e) => e.name === name)?.value ?? 0);

/**
 * The difference of each counted unit: counted - (expected + the unit's movements posted before
 * it was counted). Posted on top of the level, it leaves the record at counted + the movements
 * after the count. Units not counted are left out.
 */
export function differenceOf(expected: readonly QuantityEntry[], counted: readonly QuantityEntry[], movedBefore: readonly QuantityEntry[]): QuantityEntry[] {
  return counted.map((q) => ({ name: q.name, value: Number((Number(q.value) - valueOf(expected, q.name) - valueOf(movedBefore, q.name)).toFixed(3)) }));
}

/** A line's movements per unit (every unit of the product) before and after each unit was counted. */
export interface CountLineMovements {
  before: QuantityEntry[];
  after: QuantityEntry[];
}

/** The movements of one line from the rows of {@link StockCountsRepository.movementsAroundCount}, in the product's unit order. */
export function lineMovements(lineId: string, units: readonly string[], rows: readonly LineMovements[]): CountLineMovements {
  const pick = (key: 'before' | 'after') => units.map((name) => ({ name, value: Number(rows.find((m) => m.lineId === lineId && m.unit === name)?.[key] ?? 0) }));
  return { before: pick('before'), after: pick('after') };
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
 * times the record's current unit value as the asset valuation computes it, signed.
 */
export function toCountLineView(r: CountLineWithRefs, hidden: boolean, movements: CountLineMovements, now: Date): StockCountLineView {
  const x = r.line;
  const difference = x.counted && !hidden ? differenceOf(x.expected, x.counted, movements.before) : null;
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
    movements_before_count: hidden ? null : movements.before,
    movements_after_count: hidden ? null : movements.after,
    difference,
    difference_value: value,
  };
}
