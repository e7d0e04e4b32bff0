import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DB } from '../../database/database.module';
import type { Database } from '../../database/database';
import { rowsOf } from '../../database/raw-sql';
import type { ExportColumn } from './export-stream';

/** A quantity as the API gives it: one `{name, value}` per unit. */
type Quantity = readonly { name: string; value: number | string }[];

/** Excel's format of a quantity cell: grouped thousands, up to 3 decimals. */
export const QUANTITY_FORMAT = '#,##0.###';

/**
 * One numeric column per unit for a quantity: `On hand (pcs)`, `On hand (box)`, … in
 * the order of `units`; a row's cell is its value in that unit, empty when the row's product has no
 * such unit. So a sheet sums and filters quantities instead of reading text like `707 : pcs`.
 */
export function unitColumns<T>(header: string, units: readonly string[], quantity: (row: T) => Quantity | null | undefined): ExportColumn<T>[] {
  return units.map((unit) => ({
    header: `${header} (${unit})`,
    numFmt: QUANTITY_FORMAT,
    width: 14,
    value: (row: T) => {
      const entry = quantity(row)?.find((q) => q.name === unit);
      return entry ? Number(entry.value) : null;
    },
  }));
}

/** The units of measure of the catalogue, for the unit columns of the exports of quantities. */
@Injectable()
export class ExportUnits {
  constructor(@Inject(DB) private readonly db: Database) {}

  /**
   * Every unit any product has (removed ones included, as their stock and movements are exported),
   * the most used first, then by name: one short statement over the products.
   */
  async all(): Promise<string[]> {
    const rows = await rowsOf<{ unit: string }>(this.db, sql`SELECT u AS unit FROM products, unnest(units) AS u GROUP BY u ORDER BY count(*) DESC, u`);
    return rows.map((r) => r.unit);
  }
}
