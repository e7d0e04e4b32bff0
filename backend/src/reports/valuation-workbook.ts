import type { CellValue, ExportColumn } from '../common/export/export-stream';
import type { ValuationTotals, ValuationView } from './dto/report.dto';

const MONEY = '#,##0.00';

/** The sheet of the asset valuation report. */
export const VALUATION_SHEET = 'Asset valuation';

/** A valuation column, with what it shows in the totals row (nothing when `total` is absent). */
interface ValuationColumn extends ExportColumn<ValuationView> {
  total?: (t: ValuationTotals) => CellValue;
}

/**
 * The sheet's columns: header, width, number format (text columns, those without one, are
 * formatted as Text) and the totals row's cells.
 */
export const VALUATION_COLUMNS: ValuationColumn[] = [
  { header: 'Product', width: 30, value: (v) => v.productName, total: () => 'Total' },
  { header: 'Code', width: 14, value: (v) => v.productCode, total: (t) => `${t.records} records` },
  { header: 'Category', width: 20, value: (v) => v.categoryName },
  { header: 'Warehouse', width: 20, value: (v) => v.warehouseName },
  { header: 'Quantity', width: 12, numFmt: '#,##0.###', value: (v) => v.quantity.value },
  { header: 'Unit', width: 10, value: (v) => v.quantity.name },
  {
    header: 'Purchased Price',
    width: 16,
    numFmt: MONEY,
    value: (v) => (v.purchasedPrice === null ? null : Number(v.purchasedPrice)),
    total: (t) => Number(t.purchasedPrice),
  },
  { header: 'Depreciation Rate (%)', width: 12, numFmt: '0.###', value: (v) => v.depreciationRate },
  {
    header: 'Purchased Date',
    width: 14,
    numFmt: 'yyyy-mm-dd',
    value: (v) => (v.purchasedDate ? new Date(v.purchasedDate) : null),
  },
  { header: 'Years', width: 8, numFmt: '0', value: (v) => v.years },
  { header: 'Current Value', width: 16, numFmt: MONEY, value: (v) => Number(v.currentValue), total: (t) => Number(t.currentValue) },
  { header: 'Valuation', width: 18, numFmt: MONEY, value: (v) => Number(v.valuation), total: (t) => Number(t.valuation) },
];

/** The report's last row, in column order: "Total", the record count and the money totals. */
export function valuationTotalsRow(t: ValuationTotals): (CellValue | undefined)[] {
  return VALUATION_COLUMNS.map((c) => c.total?.(t));
}
