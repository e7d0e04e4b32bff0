import fs from 'node:fs';
import { pipeline, type Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { xlsxRows } from '../common/files/xlsx-rows';

/** The file types an import reads: CSV (optionally gzip-compressed) and xlsx. */
export type ImportFileType = 'csv' | 'csv.gz' | 'xlsx';

/** The text encodings a CSV is read in: detected from its BOM, its bytes, else Windows-1252 (a superset of Latin-1). */
export type ImportEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * What a file may hold, checked while it streams (never after inflating it): the unpacked bytes
 * of a .csv.gz or an xlsx, the characters of one field (cell) and of one row, the parts of an xlsx.
 */
export const IMPORT_LIMITS = {
  unpackedBytes: 200 * 1024 * 1024,
  fieldChars: 64 * 1024,
  rowChars: 1024 * 1024,
  xlsxParts: 10_000,
  columns: 16_384,
} as const;

const MB = 1024 * 1024;
const count = (n: number) => n.toLocaleString('en-US');

/**
 * The type of an uploaded file from its first bytes (a zip: xlsx; gzip: compressed CSV) or, for
 * text (UTF-16 included), its name ending in .csv. 400 naming the accepted types otherwise.
 */
export async function importFileType(filePath: string, originalName: string): Promise<ImportFileType> {
  const handle = await fs.promises.open(filePath, 'r');
  const head = Buffer.alloc(4096);
  const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
  if (bytesRead === 0) throw new BadRequestException('file is empty');
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04 && /\.xlsx$/i.test(originalName)) return 'xlsx';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'csv.gz';
  const start = head.subarray(0, bytesRead);
  const text = !start.includes(0) || utf16Of(start) !== undefined;
  if (text && /\.(csv|txt)$/i.test(originalName)) return 'csv';
  throw new BadRequestException('file must be a .csv, .csv.gz or .xlsx file');
}

/**
 * The encoding of a CSV: a UTF-8 or UTF-16 byte order mark; UTF-16 without one by its zero bytes;
 * UTF-8 when every byte of the file is valid UTF-8 (checked as a stream), else Windows-1252.
 * Reading it checks the unpacked size of a .csv.gz (413). xlsx: always UTF-8.
 */
export async function importEncoding(filePath: string, type: ImportFileType): Promise<ImportEncoding> {
  if (type === 'xlsx') return 'utf-8';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let first = true;
  try {
    for await (const chunk of unpacked(filePath, type) as AsyncIterable<Buffer>) {
      if (first) {
        first = false;
        const utf16 = utf16Of(chunk);
        if (utf16) return utf16;
      }
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
  } catch (e) {
    if (e instanceof HttpException) throw e;
    if ((e as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA') return 'windows-1252';
    throw new BadRequestException('file could not be read: the .csv.gz file is damaged');
  }
  return 'utf-8';
}

/** How an encoding is named to the user. */
export const ENCODING_NAMES: Record<ImportEncoding, string> = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16 (little-endian)', 'utf-16be': 'UTF-16 (big-endian)', 'windows-1252': 'Windows-1252 (Latin-1)' };

/**
 * The rows of a file, each as its cells' text (the first row is the header), read as a stream:
 * the whole file is never in memory. CSV: decoded from `encoding`; xlsx: the first worksheet,
 * dates as ISO text, after its zip was checked (zip-guard).
 * @throws PayloadTooLargeException (413) naming the limit a file passes (IMPORT_LIMITS)
 * @throws BadRequestException when the file cannot be parsed (naming the line where known), or
 * holds characters its encoding cannot represent
 */
export async function* readImportRows(filePath: string, type: ImportFileType, encoding: ImportEncoding = 'utf-8'): AsyncGenerator<string[]> {
  if (type === 'xlsx') {
    yield* readXlsx(filePath);
    return;
  }
  const bytes = unpacked(filePath, type);
  const input = encoding === 'utf-8' ? bytes : bytes.pipe(iconv.decodeStream(encoding));
  const parser = input.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: IMPORT_LIMITS.rowChars }));
  input.on('error', (e: Error) => parser.destroy(e));
  if (input !== bytes) bytes.on('error', (e: Error) => parser.destroy(e));
  let line = 0; // the record's number, as the preview numbers rows
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line++;
      if (record.some((f) => f.length > IMPORT_LIMITS.fieldChars)) throw new PayloadTooLargeException(`line ${line}: a field may hold at most ${count(IMPORT_LIMITS.fieldChars)} characters`);
      if (record.some((f) => f.includes('\uFFFD'))) {
        throw new BadRequestException(`line ${line} holds characters that cannot be read as ${ENCODING_NAMES[encoding]}: save the file as CSV UTF-8 and upload it again`);
      }
      yield record;
    }
  } catch (e) {
    if (e instanceof HttpException) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'CSV_MAX_RECORD_SIZE') throw new PayloadTooLargeException(`line ${line + 1}: a row may hold at most ${count(IMPORT_LIMITS.rowChars)} characters`);
    throw new BadRequestException(`file could not be read as CSV: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    bytes.destroy();
  }
}

/** The bytes of a CSV (gunzipped for .csv.gz) as a stream that fails with 413 past IMPORT_LIMITS.unpackedBytes. */
function unpacked(filePath: string, type: ImportFileType): Readable {
  let total = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > IMPORT_LIMITS.unpackedBytes) return done(new PayloadTooLargeException(`the file unpacks to more than ${Math.round(IMPORT_LIMITS.unpackedBytes / MB)} MB`));
      done(null, chunk);
    },
  });
  const source = fs.createReadStream(filePath);
  return type === 'csv.gz' ? pipeline(source, zlib.createGunzip(), limit, () => undefined) : pipeline(source, limit, () => undefined);
}

/** UTF-16 by its byte order mark, or by zero bytes in every other position of the first characters. */
function utf16Of(head: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const pairs = Math.floor(Math.min(head.length, 1024) / 2);
  if (pairs < 2) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < pairs; i++) {
    if (head[2 * i] === 0) even++;
    if (head[2 * i + 1] === 0) odd++;
  }
  if (odd > pairs * 0.3 && even < pairs * 0.05) return 'utf-16le';
  if (even > pairs * 0.3 && odd < pairs * 0.05) return 'utf-16be';
  return undefined;
}

async function* readXlsx(filePath: string): AsyncGenerator<string[]> {
  const limits = { entries: IMPORT_LIMITS.xlsxParts, unpackedBytes: IMPORT_LIMITS.unpackedBytes, columns: IMPORT_LIMITS.columns, cellChars: IMPORT_LIMITS.fieldChars, rowChars: IMPORT_LIMITS.rowChars };
  for await (const { cells } of xlsxRows(filePath, limits)) yield cells;
}
