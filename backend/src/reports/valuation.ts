import { formatCents, toScaled } from './depreciation';
import type { ValuationTotals, ValuationView } from './dto/report.dto';
import type { ReportRow } from './reports.repository';

/** The report row of a valued inventory record: numbers for the quantity and rate, money as decimal strings. */
export function toValuationView(r: ReportRow): ValuationView {
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
    purchasedDate: r.purchasedDate,
    years: r.years,
    currentValue: r.currentValue,
    valuation: r.valuation,
  };
}

/**
 * Adds up the rows of the Excel export exactly (integer cents), so its totals row is the sum of
 * the rows in the file even when records change between its batches. The rows' money comes from
 * the database (valuation-sql.ts); the JSON report sums in the database.
 */
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
