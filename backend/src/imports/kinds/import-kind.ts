import { sql, type SQL } from 'drizzle-orm';
import type { ImportKind, ImportOptions } from '@inventory/common';
import type { DbOrTx, Tx } from '../../database/database';

/** Upload options, shared with the admin UI. */
export type { ImportOptions } from '@inventory/common';

/** One row's problem as the preview lists it: the file's column and the message. */
export interface RowError {
  column: string;
  message: string;
}

/** A checked row: its normalised data, its errors, and whether it creates or updates a record. */
export interface CheckedRow {
  data: Record<string, unknown>;
  errors: RowError[];
  action: 'create' | 'update';
}

/** The mapped cells of one row: `get(field)` is the cell's trimmed text ('' when absent or unmapped). */
export interface RowCells {
  get(field: string): string;
  /** The file's header of the column a field was read from (for error messages). */
  column(field: string): string;
}

/** What an import is about while it is checked and applied. */
export interface ImportContext {
  id: string;
  number: number;
  kind: ImportKind;
  warehouseId: string | null;
  options: ImportOptions;
  userId: string;
}

/** Checks the rows of one upload, in file order, with what it preloaded. */
export interface RowChecker {
  check(cells: RowCells, row: number): CheckedRow;
  /** What the preview should say besides row errors (records to create, codes differing by case). */
  notices(): string[];
}

/** Counts of a commit or revert (created, updated, posted, skipped...). */
export type ImportCounts = Record<string, number>;

/**
 * A reference staged rows hold that may have been removed between preview and commit: `lost` is
 * true (SQL over the staged row `r`) for a row whose record is gone; `message` says so in words.
 */
export interface StaleCheck {
  field: string;
  lost: SQL;
  message: SQL;
}

/**
 * One import kind: how its rows are checked at preview, checked again at commit against what was
 * removed since (`stale`), applied at commit (first `prepare` once, then `apply` over ranges of
 * staged rows, each in a transaction) and undone at revert.
 */
export interface ImportKindHandler {
  checker(db: DbOrTx, ctx: ImportContext): Promise<RowChecker>;
  stale?(ctx: ImportContext): StaleCheck[];
  prepare(tx: Tx, ctx: ImportContext): Promise<void>;
  apply(tx: Tx, ctx: ImportContext, range: RowRange): Promise<ImportCounts>;
  /** Undoes the import; 409 naming what depends on it. */
  revert(tx: Tx, ctx: ImportContext): Promise<ImportCounts>;
}

/** Staged rows `from`..`to` (file row numbers, both included). */
export interface RowRange {
  from: number;
  to: number;
}

/** The valid staged rows of the import in `range`, as `r`. */
export const validRows = (ctx: ImportContext, range: RowRange): SQL =>
  sql`r.import_id = ${ctx.id} AND r.errors IS NULL AND r.row BETWEEN ${range.from} AND ${range.to}`;

export { countOf, rowsOf } from '../../database/raw-sql';

/** Names for a 409: the first five and how many more. */
export function someOf(names: string[]): string {
  return names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
}

/** Tracks values seen in a column so a repeat names its first row. */
export class Repeats {
  private readonly seen = new Map<string, number>();
  /** The row where `key` was first seen, or undefined (and remembers this row). */
  firstRow(key: string, row: number): number | undefined {
    const first = this.seen.get(key);
    if (first === undefined) this.seen.set(key, row);
    return first;
  }
}

/** Collects the errors of one row: `read` runs a cell reader and records its CellError. */
export class RowErrors {
  readonly list: RowError[] = [];
  constructor(private readonly cells: RowCells) {}
  add(field: string, message: string): void {
    this.list.push({ column: this.cells.column(field), message });
  }
  /** The cell's value through `parse`, or undefined when empty (`required`: an error) or invalid. */
  read<T>(field: string, parse: (raw: string) => T, required = false): T | undefined {
    const raw = this.cells.get(field);
    if (!raw) {
      if (required) this.add(field, `${this.cells.column(field)} is required`);
      return undefined;
    }
    try {
      return parse(raw);
    } catch (e) {
      this.add(field, `${this.cells.column(field)} ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }
}
