import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CellValue, ExportColumn } from './export-stream';
import { safeCellText, TEXT_FORMAT } from './safe-cell';

/** A cell as written: text through safeCellText, numbers and dates as they are. */
const safeCell = (v: CellValue): CellValue => (typeof v === 'string' ? safeCellText(v) : v);

/** Buffer lengths of a Node or readable-stream stream (exceljs's zip pipeline uses both). */
interface StreamState {
  _writableState?: { length?: number };
  _readableState?: { length?: number };
}

/** Bytes held in a stream's buffers, 0 when it does not expose them. */
const held = (s: StreamState | undefined): number => (s?._writableState?.length ?? 0) + (s?._readableState?.length ?? 0);

/**
 * Bytes exceljs holds between `sheet` and the output stream: the compressor's input and the
 * zip's output buffers (exceljs internals, 0 if they ever change).
 */
export function workbookBacklog(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet: ExcelJS.Worksheet): number {
  const sheetStream = (sheet as unknown as { stream?: { pipes?: StreamState[] } }).stream;
  const zip = (workbook as unknown as { zip?: StreamState }).zip;
  return (sheetStream?.pipes ?? []).reduce((n, p) => n + held(p), 0) + held(zip);
}

/**
 * Resolves once `stream` can take more and `backlog()` is at most `maxBacklog` bytes. exceljs's
 * sheet stream pushes rows into its zip compressor without backpressure, so waiting for the
 * response's `drain` alone would let a slow download pile the whole sheet up in memory; this
 * polls the buffers until they fall. Throws when the client went away.
 */
export async function workbookDrained(stream: Writable, backlog: () => number, maxBacklog = 1 << 20): Promise<void> {
  while (!stream.destroyed && (stream.writableNeedDrain || backlog() > maxBacklog)) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (stream.destroyed) throw new Error('The client closed the download');
}

/**
 * A list export as .xlsx (issue 13), written with exceljs's streaming WorkbookWriter straight
 * into `stream`: one sheet named after the list, a bold, frozen, filterable header row of the
 * columns' labels, rows committed as they come, an optional bold totals row last. Text cells go
 * through safeCellText and text columns are formatted as Text, so no cell is ever a formula.
 * Also writes the asset valuation report (reports/valuation-workbook.ts).
 */
export class ExportWorkbook<T> {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  /**
   * @param stream where the file goes (the HTTP response)
   * @param name the sheet's name (cut to Excel's 31 characters)
   * @param columns the sheet's columns, in order
   * @param maxBacklog bytes exceljs may hold before {@link drained} waits
   */
  constructor(
    private readonly stream: Writable,
    name: string,
    private readonly columns: ExportColumn<T>[],
    private readonly maxBacklog = 1 << 20,
  ) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    this.sheet = this.workbook.addWorksheet(name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    this.sheet.columns = columns.map((c, i) => ({
      header: safeCellText(c.header),
      key: String(i),
      width: c.width ?? 18,
      style: { numFmt: c.numFmt ?? TEXT_FORMAT },
    }));
    this.sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    const header = this.sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
  }

  /** Writes one row: text through safeCellText, numbers and dates as they are. */
  addRow(row: T): void {
    this.sheet.addRow(this.columns.map((c) => safeCell(c.value(row)))).commit();
  }

  /** Resolves once the download has taken the file so far (see {@link workbookDrained}). */
  drained(): Promise<void> {
    return workbookDrained(this.stream, () => workbookBacklog(this.workbook, this.sheet), this.maxBacklog);
  }

  /**
   * Finishes the file (ends `stream`).
   * @param totals a bold last row, its cells in column order (`undefined` leaves a cell out);
   *   none when omitted
   */
  async finish(totals?: (CellValue | undefined)[]): Promise<void> {
    if (totals) {
      const row = this.sheet.addRow(totals.map((v) => (v === undefined ? v : safeCell(v))));
      row.font = { bold: true };
      row.commit();
    }
    this.sheet.commit();
    await this.workbook.commit();
  }
}
