import { depreciate, formatCents, toScaled } from './depreciation';
import type { ValuationTotals, ValuationView } from './dto/report.dto';
import type { ReportRow } from './reports.repository';

/** The report row of an inventory record at `now` (spec 2, 9). */
export function toValuationView(r: ReportRow, now: Date): ValuationView {
  const purchasedDate = r.purchasedDate ? new Date(r.purchasedDate) : null;
  const d = depreciate({ purchasedPrice: r.purchasedPrice, depreciationRate: r.depreciationRate, purchasedDate, quantity: r.quantity }, now);
  return {
    _id: r.id,
    productId: r.productId,
    productName: r.productName,
    productCode: r.productCode,
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    warehouseId: r.warehouseId,
    warehouseName: r.warehouseName,
    quantity: { name: r.unit, value: Number(r.quantity) },
    purchasedPrice: r.purchasedPrice,
    depreciationRate: r.depreciationRate === null ? null : Number(r.depreciationRate),
    purchasedDate: purchasedDate ? purchasedDate.toISOString() : null,
    ...d,
  };
}

/** Adds report rows up exactly (integer cents). */
export class ValuationTotaller {
  private records = 0;
  private price = 0n;
  private current = 0n;
  private valuation = 0n;

  add(v: ValuationView): void {
    this.records += 1;
    this.price += v.purchasedPrice === null ? 0n : toScaled(v.purchasedPrice, 2);
    this.current += toScaled(v.currentValue, 2);
    this.valuation += toScaled(v.valuation, 2);
  }

  totals(): ValuationTotals {
    return {
      records: this.records,
      purchasedPrice: formatCents(this.price),
      currentValue: formatCents(this.current),
      valuation: formatCents(this.valuation),
    };
  }
}
