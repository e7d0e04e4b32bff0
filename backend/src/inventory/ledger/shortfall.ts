import type { ConflictException } from '@nestjs/common';
import type { ShortfallLevel } from '../../database/db-errors';
import { fromDecimal, notEnoughStock } from '../quantity';
import { byRecordThenUnit, type LedgerProduct } from '../stock-ledger.repository';
import type { IssuedRow } from './movements';

/**
 * A posting statement found a level short (SQLSTATE SL001), with the levels it had locked;
 * {@link PostingRetry.settle} turns it into a 409 once the transaction is rolled back.
 */
export class Shortfall extends Error {
  constructor(
    readonly rows: IssuedRow[],
    readonly what: 'available' | 'reserved',
    readonly levels: ShortfallLevel[],
  ) {
    super('Not enough stock for this posting');
  }

  /** The 409: the first level, in lock order, holding less than requested when the posting locked it. */
  conflict(): ConflictException {
    return shortOf(this.rows, this.levels, this.what) ?? shortOf(this.rows, [], this.what)!;
  }
}

/**
 * The 409 of issuing `rows` (their quantities added up per record and unit) from `levels` (those of
 * a failed posting, locked when it read them; a level missing holds 0): the first record and unit,
 * in lock order, holding less `what` (available, or reserved) than requested. Undefined when every
 * one holds enough.
 */
export function shortOf(rows: IssuedRow[], levels: ShortfallLevel[], what: 'available' | 'reserved'): ConflictException | undefined {
  const wanted = new Map<string, { product: LedgerProduct; inventoryId: string; unit: string; value: number }>();
  for (const r of rows) {
    for (const q of r.quantity) {
      const key = `${r.inventoryId}|${q.name}`;
      const w = wanted.get(key) ?? { product: r.product, inventoryId: r.inventoryId, unit: q.name, value: 0 };
      w.value = Number((w.value + q.value).toFixed(3));
      wanted.set(key, w);
    }
  }
  for (const e of [...wanted.values()].sort(byRecordThenUnit)) {
    const level = levels.find((l) => l.inventoryId === e.inventoryId && l.unit === e.unit);
    const have = level ? Number((what === 'reserved' ? fromDecimal(level.reserved) : fromDecimal(level.onHand) - fromDecimal(level.reserved)).toFixed(3)) : 0;
    if (have < e.value) return notEnoughStock(e.product.name, e.unit, e.value, what, have, e.inventoryId);
  }
  return undefined;
}
