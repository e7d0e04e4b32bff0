import { Injectable } from '@nestjs/common';
import { and, asc, eq, exists, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database/database';
import {
  incomingListItems,
  incomingLists,
  inventories,
  outgoingListItems,
  outgoingLists,
  products,
  stockAdjustments,
  stockCounts,
  stockLevels,
  stockTransferLines,
  stockTransfers,
  warehouses,
  type QuantityEntry,
} from '../database/schema';

/**
 * A list whose stock movement is still to come: incoming not approved, outgoing not delivered, and
 * a transfer not received, a pending adjustment, a stock count not posted.
 */
export interface OpenList {
  kind: 'incoming' | 'outgoing' | 'transfer' | 'adjustment' | 'stock_count';
  /** The GRN, GIN, TRN, the adjustment's product or the count's number (SC-12). */
  ref: string;
  status: string;
}

/** An open list's line of one product, with the quantity per unit it asks. */
export interface OpenLine extends OpenList {
  quantity: QuantityEntry[];
}

/** Stock still held in a unit: on hand or reserved, per warehouse (NUMERIC texts). */
export interface HeldStock {
  unit: string;
  warehouseName: string;
  onHand: string;
  reserved: string;
}

/** Queries on what still uses a product, a unit or a warehouse: open list lines and held stock. */
@Injectable()
export class StockUseRepository {
  /** Lines of `productId` on open lists, by kind and reference. */
  async openLinesOfProduct(tx: DbOrTx, productId: string): Promise<OpenLine[]> {
    const incoming = await tx
      .select({ ref: incomingLists.grn, status: incomingLists.status, quantity: incomingListItems.quantity })
      .from(incomingListItems)
      .innerJoin(incomingLists, eq(incomingLists.id, incomingListItems.listId))
      .where(and(eq(incomingListItems.productId, productId), ne(incomingLists.status, 'approved')))
      .orderBy(asc(incomingLists.grn));
    const outgoing = await tx
      .select({ ref: outgoingLists.gin, status: outgoingLists.status, quantity: outgoingListItems.quantity })
      .from(outgoingListItems)
      .innerJoin(outgoingLists, eq(outgoingLists.id, outgoingListItems.listId))
      .where(and(eq(outgoingListItems.productId, productId), ne(outgoingLists.status, 'delivered')))
      .orderBy(asc(outgoingLists.gin));
    const transfers = await tx
      .select({ ref: stockTransfers.trn, status: stockTransfers.status, quantity: stockTransferLines.quantity })
      .from(stockTransferLines)
      .innerJoin(stockTransfers, eq(stockTransfers.id, stockTransferLines.transferId))
      .where(and(eq(stockTransferLines.productId, productId), inArray(stockTransfers.status, ['draft', 'in_transit'])))
      .orderBy(asc(stockTransfers.trn));
    const adjustments = await tx
      .select({ ref: products.name, status: stockAdjustments.status, quantity: stockAdjustments.quantity })
      .from(stockAdjustments)
      .innerJoin(products, eq(products.id, stockAdjustments.productId))
      .where(and(eq(stockAdjustments.productId, productId), eq(stockAdjustments.status, 'pending_approval')));
    return [
      ...incoming.map((l) => ({ kind: 'incoming' as const, ...l })),
      ...outgoing.map((l) => ({ kind: 'outgoing' as const, ...l })),
      ...transfers.map((l) => ({ kind: 'transfer' as const, ...l })),
      ...adjustments.map((l) => ({ kind: 'adjustment' as const, ...l, quantity: l.quantity.map((q) => ({ name: q.name, value: Math.abs(q.value) })) })),
    ];
  }

  /** Open lists of `warehouseId` that carry at least one line (empty drafts post nothing), by kind and reference. */
  async openListsOfWarehouse(tx: DbOrTx, warehouseId: string): Promise<OpenList[]> {
    const one = sql`1`;
    const incoming = await tx
      .select({ ref: incomingLists.grn, status: incomingLists.status })
      .from(incomingLists)
      .where(
        and(
          eq(incomingLists.warehouseId, warehouseId),
          ne(incomingLists.status, 'approved'),
          exists(tx.select({ one }).from(incomingListItems).where(eq(incomingListItems.listId, incomingLists.id))),
        ),
      )
      .orderBy(asc(incomingLists.grn));
    const outgoing = await tx
      .select({ ref: outgoingLists.gin, status: outgoingLists.status })
      .from(outgoingLists)
      .where(
        and(
          eq(outgoingLists.warehouseId, warehouseId),
          ne(outgoingLists.status, 'delivered'),
          exists(tx.select({ one }).from(outgoingListItems).where(eq(outgoingListItems.listId, outgoingLists.id))),
        ),
      )
      .orderBy(asc(outgoingLists.gin));
    const transfers = await tx
      .select({ ref: stockTransfers.trn, status: stockTransfers.status })
      .from(stockTransfers)
      .where(
        and(
          or(eq(stockTransfers.fromWarehouseId, warehouseId), eq(stockTransfers.toWarehouseId, warehouseId)),
          inArray(stockTransfers.status, ['draft', 'in_transit']),
          exists(tx.select({ one }).from(stockTransferLines).where(eq(stockTransferLines.transferId, stockTransfers.id))),
        ),
      )
      .orderBy(asc(stockTransfers.trn));
    const counts = await tx
      .select({ ref: sql<string>`'SC-' || ${stockCounts.number}`, status: stockCounts.status })
      .from(stockCounts)
      .where(and(eq(stockCounts.warehouseId, warehouseId), inArray(stockCounts.status, ['counting', 'pending_approval'])))
      .orderBy(asc(stockCounts.number));
    const adjustments = await tx
      .select({ ref: products.name, status: stockAdjustments.status })
      .from(stockAdjustments)
      .innerJoin(products, eq(products.id, stockAdjustments.productId))
      .where(and(eq(stockAdjustments.warehouseId, warehouseId), eq(stockAdjustments.status, 'pending_approval')));
    return [
      ...incoming.map((l) => ({ kind: 'incoming' as const, ...l })),
      ...outgoing.map((l) => ({ kind: 'outgoing' as const, ...l })),
      ...transfers.map((l) => ({ kind: 'transfer' as const, ...l })),
      ...counts.map((l) => ({ kind: 'stock_count' as const, ...l })),
      ...adjustments.map((l) => ({ kind: 'adjustment' as const, ...l })),
    ];
  }

  /** Stock of `productId` held (on hand or reserved > 0) in any of `units`, per warehouse. */
  async heldStock(tx: DbOrTx, productId: string, units: string[]): Promise<HeldStock[]> {
    if (units.length === 0) return [];
    return tx
      .select({ unit: stockLevels.unit, warehouseName: warehouses.name, onHand: stockLevels.onHand, reserved: stockLevels.reserved })
      .from(stockLevels)
      .innerJoin(inventories, eq(inventories.id, stockLevels.inventoryId))
      .innerJoin(warehouses, eq(warehouses.id, inventories.warehouseId))
      .where(
        and(
          eq(inventories.productId, productId),
          inArray(stockLevels.unit, units),
          or(gt(stockLevels.onHand, '0'), gt(stockLevels.reserved, '0')),
        ),
      )
      .orderBy(asc(stockLevels.unit), asc(warehouses.name));
  }
}
