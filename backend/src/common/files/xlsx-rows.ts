import { Readable } from 'node:stream';
import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { assertSafeZip, type ZipLimits } from './zip-guard';

/** What an uploaded workbook may hold: its zip (zip-guard), and the columns, characters of a cell and of a row. */
export interface XlsxLimits extends ZipLimits {
  columns: number;
  cellChars: number;
  rowChars: number;
}

/** A row of the first worksheet: its number in the sheet and its cells as text (index 0: column A). */
export interface XlsxRow {
  row: number;
  cells: string[];
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The rows of an uploaded workbook's first worksheet, streamed (never the whole sheet in memory),
 * after its zip passed zip-guard: cells as text (dates as ISO, formulas by their result, rich
 * text joined). Rows the sheet leaves out are skipped.
 * @throws PayloadTooLargeException (413) naming the limit the zip, a row or a cell passes
 * @throws BadRequestException (400) when it is no readable workbook (in words, not the parser's)
 */
export async function* xlsxRows(source: string | Buffer, limits: XlsxLimits): AsyncGenerator<XlsxRow> {
  await assertSafeZip(source, limits);
  const input = typeof source === 'string' ? source : Readable.from([source]);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit' });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) yield { row: row.number, cells: rowCells(row, limits) };
      return; // the first worksheet only
    }
  } catch (e) {
    if (e instanceof HttpException) throw e;
    throw new BadRequestException('file could not be read as xlsx: save it again from the spreadsheet program, or as CSV UTF-8');
  }
}

/** A sheet row's cells as text, within the limits on columns, cell and row length. */
function rowCells(row: ExcelJS.Row, limits: XlsxLimits): string[] {
  const values = row.values as unknown[];
  if (values.length > limits.columns + 1) throw new PayloadTooLargeException(`row ${row.number}: a row may have at most ${count(limits.columns)} columns`);
  const cells: string[] = [];
  let length = 0;
  for (let i = 1; i < values.length; i++) {
    const text = cellText(values[i]);
    if (text.length > limits.cellChars) throw new PayloadTooLargeException(`row ${row.number}: a cell may hold at most ${count(limits.cellChars)} characters`);
    length += text.length;
    if (length > limits.rowChars) throw new PayloadTooLargeException(`row ${row.number}: a row may hold at most ${count(limits.rowChars)} characters`);
    cells.push(text);
  }
  return cells;
}

/** A cell's value as text: dates as ISO, formulas by their result, rich text joined. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
    if (o.richText) return o.richText.map((t) => t.text).join('');
    if ('result' in o) return cellText(o.result);
    if (o.text !== undefined) return cellText(o.text);
    if (o.error) return '';
  }
  return String(v);
}
