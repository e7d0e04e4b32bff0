import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { safeCellText, TEXT_FORMAT } from '../common/export/safe-cell';
import type { ValuationTotals, ValuationView } from './dto/report.dto';

const MONEY = '#,##0.00';

/** Text columns are formatted as Text, so a cell edited in Excel never becomes a formula (issue 12, point 22). */
const TEXT = { numFmt: TEXT_FORMAT };

/** The sheet's columns: header, width and number format. */
export const VALUATION_COLUMNS = [
  { header: 'Product', key: 'product', width: 30, style: TEXT },
  { header: 'Code', key: 'code', width: 14, style: TEXT },
  { header: 'Category', key: 'category', width: 20, style: TEXT },
  { header: 'Warehouse', key: 'warehouse', width: 20, style: TEXT },
  { header: 'Quantity', key: 'quantity', width: 12, style: { numFmt: '#,##0.###' } },
  { header: 'Unit', key: 'unit', width: 10, style: TEXT },
  { header: 'Purchased Price', key: 'purchasedPrice', width: 16, style: { numFmt: MONEY } },
  { header: 'Depreciation Rate (%)', key: 'depreciationRate', width: 12, style: { numFmt: '0.###' } },
  { header: 'Purchased Date', key: 'purchasedDate', width: 14, style: { numFmt: 'yyyy-mm-dd' } },
  { header: 'Years', key: 'years', width: 8, style: { numFmt: '0' } },
  { header: 'Current Value', key: 'currentValue', width: 16, style: { numFmt: MONEY } },
  { header: 'Valuation', key: 'valuation', width: 18, style: { numFmt: MONEY } },
];

/** Buffer lengths of a Node or readable-stream stream (exceljs's zip pipeline uses both). */
interface StreamState {
  _writableState?: { length?: number };
  _readableState?: { length?: number };
}

/** Bytes held in a stream's buffers, 0 when it does not expose them. */
const held = (s: StreamState | undefined): number => (s?._writableState?.length ?? 0) + (s?._readableState?.length ?? 0);

/**
 * The asset valuation report as .xlsx, written with exceljs's streaming WorkbookWriter straight
 * into `stream`: rows are committed as they come, and {@link drained} holds the writer back
 * until the file has moved on, so memory stays flat. Header row frozen and filterable, a totals
 * row last.
 */
export class ValuationWorkbook {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  /**
   * @param stream where the file goes (the HTTP response)
   * @param maxBacklog bytes exceljs may hold before {@link drained} waits
   */
  constructor(
    private readonly stream: Writable,
    private readonly maxBacklog = 1 << 20,
  ) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    this.sheet = this.workbook.addWorksheet('Asset valuation', { views: [{ state: 'frozen', ySplit: 1 }] });
    this.sheet.columns = VALUATION_COLUMNS;
    this.sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: VALUATION_COLUMNS.length } };
    const header = this.sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
  }

  /** Writes one report row; names and codes through safeCellText (a leading `=`, `+`, `-`, `@` gets a `'`). */
  addRow(v: ValuationView): void {
    this.sheet
      .addRow({
        product: safeCellText(v.productName),
        code: safeCellText(v.productCode),
        category: safeCellText(v.categoryName),
        warehouse: safeCellText(v.warehouseName),
        quantity: v.quantity.value,
        unit: safeCellText(v.quantity.name),
        purchasedPrice: v.purchasedPrice === null ? null : Number(v.purchasedPrice),
        depreciationRate: v.depreciationRate,
        purchasedDate: v.purchasedDate ? new Date(v.purchasedDate) : null,
        years: v.years,
        currentValue: Number(v.currentValue),
        valuation: Number(v.valuation),
      })
      .commit();
  }

  /**
   * Resolves once `stream` can take more and exceljs holds at most `maxBacklog` bytes. exceljs's
   * sheet stream pushes rows into its zip compressor without backpressure, so waiting for the
   * response's `drain` alone would let a slow download pile the whole sheet up in memory; this
   * reads the buffer lengths of that pipeline (exceljs internals, 0 if they ever change) and
   * polls until they fall. Throws when the client went away.
   */
  async drained(): Promise<void> {
    while (!this.stream.destroyed && (this.stream.writableNeedDrain || this.backlog() > this.maxBacklog)) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (this.stream.destroyed) throw new Error('The client closed the download');
  }

  /** Bytes between the sheet and `stream`: the compressor's input and the zip's output buffers. */
  private backlog(): number {
    const sheetStream = (this.sheet as unknown as { stream?: { pipes?: StreamState[] } }).stream;
    const zip = (this.workbook as unknown as { zip?: StreamState }).zip;
    return (sheetStream?.pipes ?? []).reduce((n, p) => n + held(p), 0) + held(zip);
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
