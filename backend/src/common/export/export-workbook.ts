import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CellValue, ExportColumn } from './export-stream';
import { dateOf, IsoDateTime } from './iso-date-time';
import { safeCellText, TEXT_FORMAT } from './safe-cell';

/** Characters XML escapes, and those it cannot hold at all (control characters: dropped, as exceljs does). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const XML_SPECIAL = /[<>&'"\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/;
const XML_SPECIALS = new RegExp(XML_SPECIAL.source, 'g');
const XML_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const xmlText = (text: string) => (XML_SPECIAL.test(text) ? text.replace(XML_SPECIALS, (c) => XML_ESCAPES[c] ?? '') : text);

/** Excel's serial day number of `d` (1900 date system, days since 1899-12-30, UTC). */
const excelDate = (d: Date | IsoDateTime) => 25569 + dateOf(d).getTime() / 86_400_000;

/** Column letters: 0 → A, 25 → Z, 26 → AA. */
function columnLetter(i: number): string {
  return i < 26 ? String.fromCharCode(65 + i) : columnLetter(Math.floor(i / 26) - 1) + columnLetter(i % 26);
}

/** The parts of exceljs's streaming writers this file reaches into (internals of exceljs 4). */
interface WriterInternals {
  /** The sheet's XML on its way to the zip. */
  stream: { write(xml: string): void };
}
interface StylesInternals {
  /** The id of a cell style (`s` attribute), added to styles.xml when new. */
  styles: { addStyleModel(model: Partial<ExcelJS.Style>): number };
}

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
 * A list export as .xlsx, written with exceljs's streaming WorkbookWriter straight
 * into `stream`: one sheet named after the list, a bold, frozen, filterable header row of the
 * columns' labels, rows committed as they come, an optional bold totals row last. Text cells go
 * through safeCellText and text columns are formatted as Text, so no cell is ever a formula.
 * Also writes the asset valuation report (reports/valuation-workbook.ts).
 */
export class ExportWorkbook<T> {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  /** `<c r="B` per column: a cell's start up to its row number. */
  private readonly cellStarts: string[];
  /** Style id per column, of the body rows and of the bold totals row. */
  private readonly styleIds: number[];
  private readonly totalStyleIds: number[];
  /** Number of the next row (the header is row 1). */
  private rowNumber = 2;
  /** Rows' XML not yet handed to exceljs: written in batches, not a small write per row. */
  private pending = '';

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
    // two-line headers (Amharic over English) show both lines
    if (columns.some((c) => c.header.includes('\n'))) header.alignment = { wrapText: true, vertical: 'top' };
    header.commit();
    const { styles } = this.workbook as unknown as StylesInternals;
    this.styleIds = columns.map((c) => styles.addStyleModel({ numFmt: c.numFmt ?? TEXT_FORMAT }));
    this.totalStyleIds = columns.map((c) => styles.addStyleModel({ numFmt: c.numFmt ?? TEXT_FORMAT, font: { bold: true } }));
    this.cellStarts = columns.map((_, i) => `<c r="${columnLetter(i)}`);
  }

  /**
   * Writes one row: text through safeCellText, numbers and dates as they are, each cell in its
   * column's format. The row's XML is written straight into the sheet as exceljs would write it
   * (`t="str"` text, dates as serial numbers): exceljs's Row and Cell objects and its per-cell
   * style look-up cost several times the rest of an export (docs/performance.md).
   */
  addRow(row: T): void {
    this.writeRow(this.columns.map((c) => c.value(row)), this.styleIds);
  }

  private writeRow(values: (CellValue | undefined)[], styleIds: number[]): void {
    const r = this.rowNumber++;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === undefined) continue;
      const start = `${this.cellStarts[i]}${r}" s="${styleIds[i]}"`;
      if (v === null) xml += `${start}/>`;
      else if (typeof v === 'string') xml += `${start} t="str"><v>${xmlText(safeCellText(v))}</v></c>`;
      else xml += `${start}><v>${typeof v === 'number' ? v : excelDate(v)}</v></c>`;
    }
    this.pending += `${xml}</row>`;
    if (this.pending.length >= 1 << 16) this.flush();
  }

  private flush(): void {
    if (this.pending) (this.sheet as unknown as WriterInternals).stream.write(this.pending);
    this.pending = '';
  }

  /** Resolves once the download has taken the file so far (see {@link workbookDrained}). */
  drained(): Promise<void> {
    this.flush();
    return workbookDrained(this.stream, () => workbookBacklog(this.workbook, this.sheet), this.maxBacklog);
  }

  /**
   * Finishes the file (ends `stream`).
   * @param totals a bold last row, its cells in column order (`undefined` leaves a cell out);
   *   none when omitted
   */
  async finish(totals?: (CellValue | undefined)[]): Promise<void> {
    if (totals) this.writeRow(totals, this.totalStyleIds);
    this.flush();
    this.sheet.commit();
    await this.workbook.commit();
  }
}
