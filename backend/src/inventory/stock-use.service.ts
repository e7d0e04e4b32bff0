import { ConflictException, Injectable } from '@nestjs/common';
import type { DbOrTx } from '../database/database';
import { fromDecimal } from './quantity';
import { StockUseRepository, type OpenList } from './stock-use.repository';

/** How many lists a message names before "and N more". */
const NAMED = 5;

/** How each kind of open record is named in a message. */
const NAMES: Record<OpenList['kind'], string> = { incoming: 'incoming GRN', outgoing: 'outgoing GIN', transfer: 'transfer TRN', adjustment: 'adjustment of', stock_count: 'stock count' };

/** `incoming GRN "G-1" (draft), outgoing GIN "X" (approved), transfer TRN "T-1" (in_transit)`, each once. */
export function describeLists(lists: OpenList[]): string {
  const seen = new Map(lists.map((l) => [`${l.kind}:${l.ref}`, l]));
  const all = [...seen.values()];
  const named = all.slice(0, NAMED).map((l) => `${NAMES[l.kind]} "${l.ref}" (${l.status})`);
  return all.length > NAMED ? `${named.join(', ')} and ${all.length - NAMED} more` : named.join(', ');
}

const quote = (xs: string[]) => xs.map((x) => `"${x}"`).join(', ');

/**
 * Keeps every open list postable (docs/api.md Products, Warehouses): approving an
 * incoming list receives each line through the stock ledger, which refuses removed products
 * and warehouses and units the product no longer has, while lines are frozen from
 * pending_finance_approval on. So a product on a list not yet finished (incoming not
 * approved, outgoing not delivered), or a warehouse with such a list carrying lines, cannot be
 * removed, and a unit cannot be dropped from a product while an open line asks it or stock is
 * held in it (409 naming them).
 * Callers run these checks in the transaction that makes the change, with the product locked.
 */
@Injectable()
export class StockUseService {
  constructor(private readonly repo: StockUseRepository) {}

  /** 409 naming the open lists that carry the product. */
  async assertProductRemovable(tx: DbOrTx, productId: string): Promise<void> {
    const lines = await this.repo.openLinesOfProduct(tx, productId);
    if (lines.length) {
      throw new ConflictException(
        `This product is on lists that are not finished: ${describeLists(lines)}. Approve or deliver them, or take the product off them, first`,
      );
    }
  }

  /** 409 when an open line asks one of `dropped` units, or stock is held in one. */
  async assertUnitsDroppable(tx: DbOrTx, productId: string, dropped: string[]): Promise<void> {
    if (dropped.length === 0) return;
    const lines = (await this.repo.openLinesOfProduct(tx, productId)).filter((l) => l.quantity.some((q) => dropped.includes(q.name)));
    if (lines.length) {
      const used = dropped.filter((u) => lines.some((l) => l.quantity.some((q) => q.name === u)));
      throw new ConflictException(`Units ${quote(used)} are used on lists that are not finished: ${describeLists(lines)}`);
    }
    const held = await this.repo.heldStock(tx, productId, dropped);
    if (held.length) {
      const where = held
        .slice(0, NAMED)
        .map((h) => `"${h.unit}" in "${h.warehouseName}" (on hand ${fromDecimal(h.onHand)}, reserved ${fromDecimal(h.reserved)})`);
      throw new ConflictException(`Units still hold stock: ${where.join(', ')}${held.length > NAMED ? ` and ${held.length - NAMED} more` : ''}`);
    }
  }

  /** 409 naming the open lists of the warehouse that carry lines. */
  async assertWarehouseRemovable(tx: DbOrTx, warehouseId: string): Promise<void> {
    const lists = await this.repo.openListsOfWarehouse(tx, warehouseId);
    if (lists.length) {
      throw new ConflictException(
        `This warehouse has lists that are not finished: ${describeLists(lists)}. Approve or deliver them first`,
      );
    }
  }
}
