import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../database/database';
import { stockCustomerTotals, stockDailyTotals, stockProductTotals } from '../database/schema';

/** The customer id of daily totals without a customer. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Movements of one product in one warehouse on one UTC day, one quantity (decimal text) per unit. */
export interface MovementTotals {
  day: string;
  type: 'incoming' | 'outgoing';
  productId: string;
  warehouseId: string;
  customerId?: string | null;
  quantity: { unit: string; value: string }[];
  /** How many movements these quantities sum (1 for a ledger row). */
  movements?: number;
}

/**
 * Adds movements to the statistics rollups, in the caller's transaction: the daily totals (the
 * interval chart and date-ranged rankings), the all-time product totals (top-selling, in-vs-out)
 * and, for outgoing movements to a customer, the all-time customer totals (top customers).
 * Written with every ledger row so the rollups always equal the ledger (issue 7).
 */
export async function addMovementTotals(db: DbOrTx, m: MovementTotals): Promise<void> {
  const movements = m.movements ?? 1;
  const customerId = m.customerId ?? NIL_UUID;
  const outgoing = m.type === 'outgoing';
  await db
    .insert(stockDailyTotals)
    .values(m.quantity.map((q) => ({ ...key(m), transactionType: m.type, customerId, day: m.day, unit: q.unit, quantity: q.value, movements })))
    .onConflictDoUpdate({
      target: [stockDailyTotals.day, stockDailyTotals.transactionType, stockDailyTotals.productId, stockDailyTotals.warehouseId, stockDailyTotals.customerId, stockDailyTotals.unit],
      set: { quantity: sql`${stockDailyTotals.quantity} + excluded.quantity`, movements: sql`${stockDailyTotals.movements} + excluded.movements` },
    });
  await db
    .insert(stockProductTotals)
    .values(
      m.quantity.map((q) => ({
        ...key(m),
        unit: q.unit,
        incomingQuantity: outgoing ? '0' : q.value,
        outgoingQuantity: outgoing ? q.value : '0',
        outgoingMovements: outgoing ? movements : 0,
      })),
    )
    .onConflictDoUpdate({
      target: [stockProductTotals.warehouseId, stockProductTotals.productId, stockProductTotals.unit],
      set: {
        incomingQuantity: sql`${stockProductTotals.incomingQuantity} + excluded.incoming_quantity`,
        outgoingQuantity: sql`${stockProductTotals.outgoingQuantity} + excluded.outgoing_quantity`,
        outgoingMovements: sql`${stockProductTotals.outgoingMovements} + excluded.outgoing_movements`,
      },
    });
  if (!outgoing || customerId === NIL_UUID) return;
  await db
    .insert(stockCustomerTotals)
    .values(m.quantity.map((q) => ({ warehouseId: m.warehouseId, customerId, unit: q.unit, quantity: q.value, movements })))
    .onConflictDoUpdate({
      target: [stockCustomerTotals.warehouseId, stockCustomerTotals.customerId, stockCustomerTotals.unit],
      set: { quantity: sql`${stockCustomerTotals.quantity} + excluded.quantity`, movements: sql`${stockCustomerTotals.movements} + excluded.movements` },
    });
}

const key = (m: MovementTotals) => ({ warehouseId: m.warehouseId, productId: m.productId });
