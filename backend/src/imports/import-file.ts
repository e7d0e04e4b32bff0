import fs from 'node:fs';
import zlib from 'node:zlib';
import { BadRequestException } from '@nestjs/common';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/** The file types an import reads (issue 16): CSV (optionally gzip-compressed) and xlsx. */
export type ImportFileType = 'csv' | 'csv.gz' | 'xlsx';

/**
 * The type of an uploaded file from its first bytes (a zip: xlsx; gzip: compressed CSV) or, for
 * plain text, its name ending in .csv. 400 naming the accepted types otherwise.
 */
export async function importFileType(filePath: string, originalName: string): Promise<ImportFileType> {
  const handle = await fs.promises.open(filePath, 'r');
  const head = Buffer.alloc(4096);
  const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
  if (bytesRead === 0) throw new BadRequestException('file is empty');
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04 && /\.xlsx$/i.test(originalName)) return 'xlsx';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'csv.gz';
  const text = !head.subarray(0, bytesRead).includes(0);
  if (text && /\.(csv|txt)$/i.test(originalName)) return 'csv';
  throw new BadRequestException('file must be a .csv, .csv.gz or .xlsx file');
}

/**
 * The rows of a file, each as its cells' text (the first row is the header), read as a stream:
 * the whole file is never in memory. xlsx: the first worksheet; dates become ISO text.
 * @throws BadRequestException when the file cannot be parsed (naming the line where known)
 */
export async function* readImportRows(filePath: string, type: ImportFileType): AsyncGenerator<string[]> {
  if (type === 'xlsx') {
    yield* readXlsx(filePath);
    return;
  }
  const source = fs.createReadStream(filePath);
  const input = type === 'csv.gz' ? source.pipe(zlib.createGunzip()) : source;
  const parser = input.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
  input.on('error', (e: Error) => parser.destroy(e));
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } catch (e) {
    throw new BadRequestException(`file could not be read as CSV: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    source.destroy();
  }
}

async function* readXlsx(filePath: string): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit' });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        yield cells;
      }
      return; // the first worksheet only
    }
  } catch (e) {
    if (e instanceof BadRequestException) throw e;
    throw new BadRequestException(`file could not be read as xlsx: ${e instanceof Error ? e.message : String(e)}`);
  }
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
