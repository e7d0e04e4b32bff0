import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ValuationTotals, ValuationView } from './dto/report.dto';

const MONEY = '#,##0.00';

/** The sheet's columns: header, width and number format. */
export const VALUATION_COLUMNS = [
  { header: 'Product', key: 'product', width: 30 },
  { header: 'Code', key: 'code', width: 14 },
  { header: 'Category', key: 'category', width: 20 },
  { header: 'Warehouse', key: 'warehouse', width: 20 },
  { header: 'Quantity', key: 'quantity', width: 12, style: { numFmt: '#,##0.###' } },
  { header: 'Unit', key: 'unit', width: 10 },
  { header: 'Purchased Price', key: 'purchasedPrice', width: 16, style: { numFmt: MONEY } },
  { header: 'Depreciation Rate (%)', key: 'depreciationRate', width: 12, style: { numFmt: '0.###' } },
  { header: 'Purchased Date', key: 'purchasedDate', width: 14, style: { numFmt: 'yyyy-mm-dd' } },
  { header: 'Years', key: 'years', width: 8, style: { numFmt: '0' } },
  { header: 'Current Value', key: 'currentValue', width: 16, style: { numFmt: MONEY } },
  { header: 'Valuation', key: 'valuation', width: 18, style: { numFmt: MONEY } },
];

/**
 * The asset valuation report as .xlsx, written with exceljs's streaming WorkbookWriter straight
 * into `stream`: rows are committed as they come so memory stays flat. Header row frozen and
 * filterable, a totals row last.
 */
export class ValuationWorkbook {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  constructor(stream: Writable) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    this.sheet = this.workbook.addWorksheet('Asset valuation', { views: [{ state: 'frozen', ySplit: 1 }] });
    this.sheet.columns = VALUATION_COLUMNS;
    this.sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: VALUATION_COLUMNS.length } };
    const header = this.sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
  }

  /** Writes one report row. */
  addRow(v: ValuationView): void {
    this.sheet
      .addRow({
        product: v.productName,
        code: v.productCode,
        category: v.categoryName,
        warehouse: v.warehouseName,
        quantity: v.quantity.value,
        unit: v.quantity.name,
        purchasedPrice: v.purchasedPrice === null ? null : Number(v.purchasedPrice),
        depreciationRate: v.depreciationRate,
        purchasedDate: v.purchasedDate ? new Date(v.purchasedDate) : null,
        years: v.years,
        currentValue: Number(v.currentValue),
        valuation: Number(v.valuation),
      })
      .commit();
  }

  /** Writes the totals row and finishes the file (ends `stream`). */
  async finish(t: ValuationTotals): Promise<void> {
    const row = this.sheet.addRow({
      product: 'Total',
      code: `${t.records} records`,
      purchasedPrice: Number(t.purchasedPrice),
      currentValue: Number(t.currentValue),
      valuation: Number(t.valuation),
    });
    row.font = { bold: true };
    row.commit();
    this.sheet.commit();
    await this.workbook.commit();
  }
}
