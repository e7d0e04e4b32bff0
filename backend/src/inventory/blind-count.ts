import { ConflictException } from '@nestjs/common';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../common/auth/auth-user';
import type { DbOrTx } from '../database/database';
import { stockCountLines, stockCounts } from '../database/schema';

/**
 * Blind counts: while a blind count is being counted (status counting, also once returned to
 * counting), the users who count it read no quantity of its records (on hand, reserved, available,
 * movements). Counts are not given to one person: every warehouseAdmin of the count's warehouse may
 * enter and submit it, so all of them are its counters. Finance, admins and other roles read the
 * quantities, and so do the counters once the count is submitted.
 */

/** The warehouse whose blind counts `user` counts (a warehouseAdmin's own), or undefined: then nothing is hidden from `user`. */
export function countingWarehouse(user: AuthUser): string | undefined {
  return user.role === 'warehouseAdmin' && user.warehouseId ? user.warehouseId : undefined;
}

/** The records (inventory ids) on a blind count of `warehouseId` being counted, as an uncorrelated subquery. */
function blindRecords(warehouseId: string): SQL {
  return sql`SELECT bl.inventory_id FROM ${stockCountLines} bl JOIN ${stockCounts} bc ON bc.id = bl.count_id
    WHERE bc.status = 'counting' AND bc.blind AND bc.warehouse_id = ${warehouseId}`;
}

/**
 * SQL true when the record `inventoryId` (an SQL expression) is on a blind count of `warehouseId`
 * being counted. Uncorrelated, so PostgreSQL reads the counted records once per statement (a hashed
 * subplan), not once per row: cheap on a whole-ledger export.
 */
export function onBlindCountSql(inventoryId: SQL, warehouseId: string): SQL<boolean> {
  return sql<boolean>`(${inventoryId} IN (${blindRecords(warehouseId)}))`;
}

/** Of the records `ids`, those whose quantities `user` may not read now (empty for every user but a counter). */
export async function blindCounted(db: DbOrTx, user: AuthUser, ids: string[]): Promise<Set<string>> {
  const warehouseId = countingWarehouse(user);
  if (!warehouseId || ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: stockCountLines.inventoryId })
    .from(stockCountLines)
    .where(and(inArray(stockCountLines.inventoryId, ids), onBlindCountSql(sql`${stockCountLines.inventoryId}`, warehouseId)));
  return new Set(rows.map((r) => r.id));
}

/**
 * A 409 whose message quotes a stock level (on hand, available, reserved) of the records
 * `inventoryIds`. A reader who counts one of them on a blind count being counted gets
 * `withoutLevels` instead, the same rule without the numbers (blind-count.interceptor.ts).
 */
export class LevelConflictException extends ConflictException {
  constructor(
    message: string,
    readonly inventoryIds: string[],
    readonly withoutLevels: ConflictException,
  ) {
    super(message);
  }
}
