import { applyDecorators, Logger } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOperation, ApiProduces, ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { takeOverResponse } from '../http/raw-response';
import { ApiDocumentLanguage, localeOf } from '../i18n/document-locale';
import { localizeColumns } from './export-locale';
import { CsvFile, pagesSource, XlsxFile, type RowSource } from './export-files';
import type { IsoDateTime } from './iso-date-time';

/** The file formats of the list exports. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

// A TypeScript mixin's base must take `...args: any[]` (TS2545), hence the `any` here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor<T = object> = abstract new (...args: any[]) => T;

/**
 * A DTO class (extending `Base`, e.g. a list's query DTO with its filters and sort) with the
 * required `format=csv|xlsx` of the export routes; anything else answers 400 naming
 * `format`. The base's `page` and `limit` are accepted and ignored: an export holds every row.
 */
export function Exportable<B extends Ctor = Ctor>(Base?: B) {
  const Parent = (Base ?? class {}) as Ctor;
  abstract class ExportQueryDto extends Parent {
    /** csv (UTF-8 with BOM) or xlsx. */
    @ApiProperty({ enum: EXPORT_FORMATS, description: 'File format: csv (UTF-8 with BOM) or xlsx (issue 13)' })
    @IsIn(EXPORT_FORMATS, { message: 'format must be csv or xlsx' })
    format: ExportFormat;
  }
  return ExportQueryDto as unknown as Ctor<InstanceType<B> & { format: ExportFormat }> & B;
}

/** `?format=csv|xlsx` alone (routes whose filters come in the body). */
export class ExportFormatDto extends Exportable() {}

/**
 * Swagger of an export route: the file types it produces, the summary (what it exports, with
 * which filters), the Accept-Language header and the 400 on a bad `format`.
 */
export function ApiExport(summary: string): MethodDecorator {
  return applyDecorators(
    ApiProduces(CONTENT_TYPES.csv, CONTENT_TYPES.xlsx),
    ApiOperation({
      summary: `${summary} Streamed file <list>_YYYY-MM-DD.csv|xlsx (UTC day), the screen's columns and labels, formula-safe text (issue 13); Accept-Language: am gives Amharic headers over English ones, dates follow the user's calendar (issue 18).`,
    }),
    ApiDocumentLanguage(),
    ApiBadRequestResponse({ description: 'format is not csv or xlsx, or a filter or sort is invalid' }),
  );
}

/** A cell: text (written through {@link safeCellText}), a number, a date, or empty. */
export type CellValue = string | number | Date | IsoDateTime | null;

/** One column of an export: its header (the screen's label) and how a row fills it. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => CellValue;
  /** Excel column width in characters (default 18). */
  width?: number;
  /** Excel number format for numbers and dates (text columns are formatted as Text). */
  numFmt?: string;
}

/** `<list>_YYYY-MM-DD.<format>` for the UTC day of `now`. */
export function exportFileName(list: string, format: ExportFormat, now = new Date()): string {
  return `${list}_${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * Reads a list in pages of `size` rows by offset (for lists of at most tens of thousands of rows):
 * each page is its own short query, no transaction stays open between them. `fetch` gets the
 * 1-based page and the page size, as the list routes take them.
 */
export async function* offsetPages<T>(fetch: (page: { page: number; limit: number }) => Promise<T[]>, size = 1000): AsyncGenerator<T[]> {
  for (let page = 1; ; page++) {
    const rows = await fetch({ page, limit: size });
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
  }
}

/** A list read whole (the short lists the API answers unpaged: warehouses, categories) as the one page of an export; read when the export starts. */
export async function* wholeList<T>(read: () => Promise<T[]>): AsyncGenerator<T[]> {
  yield await read();
}

const logger = new Logger('Export');

/**
 * Streams a list export into the Node response of `reply`: `Content-Disposition: attachment;
 * filename="<list>_YYYY-MM-DD.<format>"`, a header row of the columns' labels, then a row per
 * record, every text cell through safeCellText. CSV is UTF-8 with a BOM (Excel then reads
 * Ethiopic text right), RFC 4180 with `\n` line ends; xlsx through exceljs's streaming
 * WorkbookWriter (see ExportWorkbook). `rows` are pages (read one at a time) or a
 * {@link RowSource}; either way the next batch is read only once the client has taken the file
 * so far (backpressure), so memory holds about one batch whatever the size of the list.
 *
 * The request's `Accept-Language: am` gives Amharic headers with the English ones
 * beneath, and the signed-in user's Ethiopian calendar gives date cells in that calendar (as
 * text); see localizeColumns. Text, Amharic included, is kept as it is.
 *
 * Nothing is sent before the first bytes of the file, so a refusal while reading the first
 * batch (400, 403) still answers with the usual error body; a failure later ends the download
 * abruptly (the status line is gone).
 */
export async function sendExport<T>(
  reply: FastifyReply,
  list: string,
  format: ExportFormat,
  columns: ExportColumn<T>[],
  rows: AsyncIterable<T[]> | RowSource<T>,
): Promise<void> {
  columns = localizeColumns(columns, localeOf(reply.request));
  const res = reply.raw;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    takeOverResponse(reply);
    res.setHeader('Content-Type', CONTENT_TYPES[format]);
    res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(list, format)}"`);
  };
  const file = format === 'csv' ? new CsvFile(res, columns, start) : new XlsxFile(res, list, columns, start);
  try {
    await (typeof rows === 'function' ? rows : pagesSource(rows))(file);
    await file.finish();
  } catch (err) {
    if (!started) throw err;
    logger.error(`${list} export failed: ${err instanceof Error ? err.message : String(err)}`);
    res.destroy(err instanceof Error ? err : undefined);
  }
}
