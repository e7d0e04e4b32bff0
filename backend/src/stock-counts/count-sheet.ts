import { BadRequestException } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { safeCellText } from '../common/export/safe-cell';
import { xlsxRows } from '../common/files/xlsx-rows';
import type { QuantityEntry } from '../database/schema';
import type { StockCountView } from './dto/stock-count-view';
import { countName } from './stock-count-rules';

/** The sheet's columns; Expected is left out of a blind count's sheet for its counter. */
const HEADERS = { line: 'Line', product: 'Product', code: 'Code', unit: 'Unit', expected: 'Expected', counted: 'Counted' } as const;

/**
 * The count sheet to print or fill in: one row per line and unit of the product —
 * Line (the line's id, the key of the upload), Product, Code, Unit, Expected (when the viewer may
 * see it), Counted (filled when already counted). Texts are formula-safe.
 */
export async function countSheet(count: StockCountView): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(countName(count.number));
  const showExpected = count.lines.every((l) => l.expected !== null);
  sheet.columns = [
    { header: HEADERS.line, key: 'line', width: 38 },
    { header: HEADERS.product, key: 'product', width: 32 },
    { header: HEADERS.code, key: 'code', width: 16 },
    { header: HEADERS.unit, key: 'unit', width: 10 },
    ...(showExpected ? [{ header: HEADERS.expected, key: 'expected', width: 12 }] : []),
    { header: HEADERS.counted, key: 'counted', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const line of count.lines) {
    for (const unit of line.product.units) {
      sheet.addRow({
        line: line._id,
        product: safeCellText(line.product.name),
        code: safeCellText(line.product.code),
        unit: safeCellText(unit),
        expected: line.expected?.find((q) => q.name === unit)?.value ?? 0,
        counted: line.counted?.find((q) => q.name === unit)?.value ?? null,
      });
    }
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A row of an uploaded sheet that cannot be applied: its row number, the column and why. */
export interface SheetError {
  row: number;
  field: string;
  message: string;
}

/** Counted quantities read from a filled sheet, by line id. */
export type SheetCounts = Map<string, QuantityEntry[]>;

const DECIMAL = /^\d{1,11}(\.\d{1,3})?$/;

/** What an uploaded count sheet (at most 5 MB) may unpack to and hold, checked while it streams. */
export const COUNT_SHEET_LIMITS = { entries: 1000, unpackedBytes: 50 * 1024 * 1024, columns: 100, cellChars: 1000, rowChars: 10_000 } as const;

/**
 * Reads the Counted column of an uploaded count sheet, streamed after its zip was checked
 * (COUNT_SHEET_LIMITS: a zip bomb or an oversized row → 413 naming the limit). Rows whose Counted
 * cell is empty are skipped. Every problem is collected (unknown line, unit not of the line's
 * product, a unit twice, a value that is not a number >= 0 with at most 3 decimals); any → 400
 * `{message, errors: [{row, field, message}]}`. A file that is no xlsx workbook → 400.
 */
export async function readCountSheet(file: Buffer, lines: Map<string, { units: string[] }>): Promise<SheetCounts> {
  const errors: SheetError[] = [];
  const counts: SheetCounts = new Map();
  let columns: { line: number; unit: number; counted: number } | undefined;
  try {
    for await (const { row: n, cells } of xlsxRows(file, COUNT_SHEET_LIMITS)) {
      if (!columns) {
        columns = headerColumns(cells);
        continue;
      }
      const raw = cells[columns.counted]?.trim() ?? '';
      if (raw === '') continue;
      const lineId = (cells[columns.line] ?? '').trim();
      const unit = (cells[columns.unit] ?? '').trim();
      const line = lines.get(lineId);
      if (!line) errors.push({ row: n, field: HEADERS.line, message: 'not a line of this count' });
      else if (!line.units.includes(unit)) errors.push({ row: n, field: HEADERS.unit, message: `"${unit.slice(0, 40)}" is not a unit of this line's product` });
      else if (!DECIMAL.test(raw)) errors.push({ row: n, field: HEADERS.counted, message: 'Counted must be a number >= 0 with at most 3 decimals' });
      else {
        const entries = counts.get(lineId) ?? [];
        if (entries.some((e) => e.name === unit)) errors.push({ row: n, field: HEADERS.unit, message: `"${unit}" is listed twice for this line` });
        else counts.set(lineId, [...entries, { name: unit, value: Number(raw) }]);
      }
    }
  } catch (e) {
    if (e instanceof BadRequestException && !(e.getResponse() as { errors?: unknown }).errors) {
      throw new BadRequestException({ message: 'file must be a count sheet (.xlsx) downloaded from this count', errors: [{ field: 'file', message: 'file is not an xlsx workbook' }] });
    }
    throw e;
  }
  if (!columns) headerColumns([]);
  if (errors.length) throw new BadRequestException({ message: `The sheet has ${errors.length} row(s) that cannot be applied; nothing was changed`, errors });
  return counts;
}

/** Where Line, Unit and Counted are in the header row (0-based); 400 when one is missing. */
function headerColumns(header: string[]): { line: number; unit: number; counted: number } {
  const col = (name: string) => header.findIndex((h) => h.trim() === name);
  const found = { line: col(HEADERS.line), unit: col(HEADERS.unit), counted: col(HEADERS.counted) };
  if (found.line < 0 || found.unit < 0 || found.counted < 0) {
    throw new BadRequestException({ message: 'The sheet must have the columns Line, Unit and Counted', errors: [{ field: 'file', message: 'missing the columns Line, Unit and Counted' }] });
  }
  return found;
}
