import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNotNull } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database } from '../database/database';
import { incomingLists, outgoingLists, stockAdjustments, stockCounts, stockTransfers } from '../database/schema';

/** Counts of lists awaiting a step (the menu badges' queries). */
@Injectable()
export class BadgesRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Incoming lists in `status`, only in `warehouseId` when given. */
  async countIncoming(status: string, warehouseId?: string): Promise<number> {
    return this.db.$count(
      incomingLists,
      and(eq(incomingLists.status, status), warehouseId ? eq(incomingLists.warehouseId, warehouseId) : undefined),
    );
  }

  /** Incoming lists `userId` created that were returned to draft and not submitted since. */
  async countReturnedIncoming(userId: string): Promise<number> {
    return this.db.$count(incomingLists, and(eq(incomingLists.createdBy, userId), eq(incomingLists.status, 'draft'), isNotNull(incomingLists.returnedAt)));
  }

  /** Outgoing lists `userId` created that were returned to draft and not submitted since. */
  async countReturnedOutgoing(userId: string): Promise<number> {
    return this.db.$count(outgoingLists, and(eq(outgoingLists.createdBy, userId), eq(outgoingLists.status, 'draft'), isNotNull(outgoingLists.returnedAt)));
  }

  /** Stock adjustments in `status`, only in `warehouseId` when given. */
  async countAdjustments(status: string, warehouseId?: string): Promise<number> {
    return this.db.$count(
      stockAdjustments,
      and(eq(stockAdjustments.status, status), warehouseId ? eq(stockAdjustments.warehouseId, warehouseId) : undefined),
    );
  }

  /** Transfers in `status` to `warehouseId` when given (awaiting the destination's receipt). */
  async countTransfersTo(status: string, warehouseId?: string): Promise<number> {
    return this.db.$count(stockTransfers, and(eq(stockTransfers.status, status), warehouseId ? eq(stockTransfers.toWarehouseId, warehouseId) : undefined));
  }

  /** Stock counts in `status`, only in `warehouseId` when given. */
  async countStockCounts(status: string, warehouseId?: string): Promise<number> {
    return this.db.$count(stockCounts, and(eq(stockCounts.status, status), warehouseId ? eq(stockCounts.warehouseId, warehouseId) : undefined));
  }

  /** Outgoing lists in `status`, only in `warehouseId` when given. */
  async countOutgoing(status: string, warehouseId?: string): Promise<number> {
    return this.db.$count(
      outgoingLists,
      and(eq(outgoingLists.status, status), warehouseId ? eq(outgoingLists.warehouseId, warehouseId) : undefined),
    );
  }
}
