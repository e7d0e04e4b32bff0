import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import type { CellValue, ExportColumn } from './export-stream';
import { ExportWorkbook } from './export-workbook';
import { IsoDateTime } from './iso-date-time';
import { safeCellText } from './safe-cell';

/** Where an export's rows go, one at a time (issue 13 exports). */
export interface RowSink<T> {
  /**
   * Writes one row into the file. The row is formatted at once and can be dropped: no row
   * outlives its turn, which keeps a million-row export from filling the heap (V8 moves objects
   * that outlive a few allocations' worth of garbage to the old generation: docs/performance.md).
   */
  add(row: T): void;
  /** Resolves once the download has taken the file so far; throws when the client went away. */
  drained(): Promise<void>;
}

/** An export's rows, pushed into a sink a batch at a time, waiting for `drained()` between batches. */
export type RowSource<T> = (sink: RowSink<T>) => Promise<void>;

/** A source over pages: each page's rows, then a wait for the download. */
export function pagesSource<T>(pages: AsyncIterable<T[]>): RowSource<T> {
  return async (sink) => {
    for await (const page of pages) {
      for (const row of page) sink.add(row);
      await sink.drained();
    }
  };
}

/** `source` with each row passed through `map` on its way into the sink. */
export function mapRows<S, T>(source: RowSource<S>, map: (row: S) => T): RowSource<T> {
  return (sink) => source({ add: (row) => sink.add(map(row)), drained: () => sink.drained() });
}

/** Resolves on the first of `events` from `stream`, leaving no listener behind. */
async function firstOf(stream: Writable, events: string[]): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race(events.map((e) => once(stream, e, { signal: done.signal })));
  } finally {
    done.abort();
  }
}

/** Characters that make a CSV field quoted (RFC 4180): the separator, the quote, line breaks. */
const CSV_SPECIAL = /[",\r\n]/;
const QUOTES = /"/g;

/**
 * A cell as a CSV field (RFC 4180): text made formula-safe, dates as ISO 8601 UTC, numbers as
 * they are, empty for null; quoted (quotes doubled) when it holds a comma, a quote or a line break.
 */
function csvField(v: CellValue): string {
  if (typeof v === 'string') {
    const text = safeCellText(v);
    return CSV_SPECIAL.test(text) ? `"${text.replace(QUOTES, '""')}"` : text;
  }
  if (v === null) return '';
  // dates and numbers hold none of the characters that need quoting
  return v instanceof IsoDateTime ? v.iso : v instanceof Date ? v.toISOString() : String(v);
}

/** A CSV record of `columns` for `row`, `\n` ended (no array of cells: this runs once per row). */
function csvLine<T>(columns: ExportColumn<T>[], row: T): string {
  let line = csvField(columns[0].value(row));
  for (let i = 1; i < columns.length; i++) line += `,${csvField(columns[i].value(row))}`;
  return `${line}\n`;
}

/**
 * Characters of CSV text handed to the response at once: a few hundred rows per write, and under
 * V8's large-object size (128 KiB), so a written chunk is freed young.
 */
const CSV_CHUNK = 32 * 1024;

/**
 * A CSV export being written: UTF-8 with a BOM, a header row of the columns' labels, a line per
 * row (`\n` ends). Text is handed to the response in chunks of {@link CSV_CHUNK} characters.
 * (csv-stringify's per-field work and a stream per record cost more than the rest of a
 * million-row export together: docs/performance.md.) `start` is called before the first write.
 */
export class CsvFile<T> implements RowSink<T> {
  private text: string;

  constructor(
    private readonly res: ServerResponse,
    private readonly columns: ExportColumn<T>[],
    private readonly start: () => void,
  ) {
    this.text = `\uFEFF${columns.map((c) => csvField(c.header)).join(',')}\n`;
  }

  add(row: T): void {
    this.text += csvLine(this.columns, row);
    if (this.text.length >= CSV_CHUNK) this.flush();
  }

  async drained(): Promise<void> {
    this.flush();
    if (!this.res.destroyed && this.res.writableNeedDrain) await firstOf(this.res, ['drain', 'close']);
    if (this.res.destroyed) throw new Error('The client closed the download');
  }

  /** Writes what is left and ends the response. */
  async finish(): Promise<void> {
    await this.drained();
    this.start();
    if (!this.res.writableFinished) await Promise.all([firstOf(this.res, ['finish', 'close']), this.res.end()]);
  }

  private flush(): void {
    if (!this.text || this.res.destroyed) return;
    this.start();
    this.res.write(this.text);
    this.text = '';
  }
}

/** An xlsx export being written: an {@link ExportWorkbook}, opened (and `start` called) at the first row or at the end. */
export class XlsxFile<T> implements RowSink<T> {
  private book?: ExportWorkbook<T>;

  constructor(
    private readonly res: ServerResponse,
    private readonly list: string,
    private readonly columns: ExportColumn<T>[],
    private readonly start: () => void,
  ) {}

  add(row: T): void {
    if (!this.res.destroyed) this.workbook().addRow(row);
  }

  drained(): Promise<void> {
    return this.workbook().drained();
  }

  finish(): Promise<void> {
    return this.workbook().finish();
  }

  private workbook(): ExportWorkbook<T> {
    if (!this.book) {
      this.start();
      this.book = new ExportWorkbook(this.res, this.list, this.columns);
    }
    return this.book;
  }
}
