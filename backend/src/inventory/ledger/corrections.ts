import { ConflictException, NotFoundException } from '@nestjs/common';
import type { Tx } from '../../database/database';
import { assertUnits } from '../quantity';
import type { StockLedgerRepository } from '../stock-ledger.repository';
import type { LedgerRecords } from './ledger-records';
import type { AdjustManyMovement, AdjustMovement, CorrectionRows } from './movements';
import type { LedgerRollups } from './rollups';

/**
 * Stock corrections: approved stock adjustments and stock counts' corrections. Signed quantities,
 * positive added to on-hand, negative removed from what is available; rows of source `adjustment`
 * or `stock_count`, no GRN/GIN, and NO statistics rollups (a correction is neither a sale nor a
 * receipt). Stock is not added to a removed product or warehouse (409). The purchase price stays.
 */
export class StockCorrections {
  constructor(
    private readonly repo: StockLedgerRepository,
    private readonly records: LedgerRecords,
    private readonly rollups: LedgerRollups,
  ) {}

  /**
   * Posts one record's correction: the positive entries added to on-hand (one incoming row), the
   * negative ones removed from what is available (one outgoing row of their absolute values). The
   * additions go first: their upsert locks every level row of the record in unit name order. A
   * removal above what is available answers 409 naming product, unit, requested and available, and
   * the caller's transaction rolls back. 404 unknown record; 400 a unit not of the product.
   */
  async adjust(tx: Tx, m: AdjustMovement): Promise<CorrectionRows> {
    const inv = await this.repo.findInventory(tx, m.inventoryId);
    if (!inv) throw new NotFoundException('Inventory record not found');
    const source = m.source ?? 'adjustment';
    assertUnits(
      inv.product.units,
      m.quantity.map((q) => ({ name: q.name, value: Math.abs(q.value) })),
      inv.product.name,
    );
    const additions = m.quantity.filter((q) => q.value > 0);
    const removals = m.quantity.filter((q) => q.value < 0).map((q) => ({ name: q.name, value: -q.value }));
    let incomingId: string | null = null;
    let outgoingId: string | null = null;
    if (additions.length) {
      // share-locks the product (and checks it and the warehouse are not removed), as a receipt does
      if (!(await this.repo.findProduct(tx, inv.product.id))) throw new ConflictException(`${inv.product.name} was removed: stock cannot be added to it`);
      if (!(await this.repo.warehouseExists(tx, inv.warehouseId))) throw new ConflictException('The warehouse was removed: stock cannot be added to it');
      await this.repo.addOnHand(tx, inv.id, inv.product.units, additions);
      incomingId = await this.rollups.append(tx, { type: 'incoming', inventory: inv, quantity: additions, userId: m.userId, remarks: m.remarks, source, sourceId: m.sourceId, totals: false });
    }
    if (removals.length) {
      await this.records.changeLevels(tx, inv, removals, 'remove');
      outgoingId = await this.rollups.append(tx, { type: 'outgoing', inventory: inv, quantity: removals, userId: m.userId, remarks: m.remarks, source, sourceId: m.sourceId, totals: false });
    }
    return { incomingId, outgoingId };
  }

  /**
   * {@link adjust} for many records at once (a stock count's corrections): the removals of every
   * record are checked against what is available (409 naming product, unit, requested and
   * available; nothing changes) and taken in (record id, unit) order, then the additions added; one
   * outgoing row per record with removals, one incoming row per record with additions. Returns per
   * record (in the order given) its incoming and outgoing row ids.
   */
  async adjustMany(tx: Tx, m: AdjustManyMovement): Promise<CorrectionRows[]> {
    const invs = await this.records.inventoriesOf(tx, m.records.map((r) => ({ inventoryId: r.inventoryId, quantity: r.quantity.map((q) => ({ name: q.name, value: Math.abs(q.value) })) })));
    const removals = m.records.map((r) => ({ inventoryId: r.inventoryId, quantity: r.quantity.filter((q) => q.value < 0).map((q) => ({ name: q.name, value: -q.value })) })).filter((r) => r.quantity.length);
    const additions = m.records.map((r) => ({ inventoryId: r.inventoryId, quantity: r.quantity.filter((q) => q.value > 0) })).filter((r) => r.quantity.length);
    if (removals.length) await this.records.takeAvailable(tx, invs, removals);
    if (additions.length) {
      const active = await this.repo.lockActiveProducts(tx, additions.map((a) => invs.get(a.inventoryId)!.product.id));
      const gone = additions.map((a) => invs.get(a.inventoryId)!).find((inv) => !active.has(inv.product.id));
      if (gone) throw new ConflictException(`${gone.product.name} was removed: stock cannot be added to it`);
      for (const w of new Set(additions.map((a) => invs.get(a.inventoryId)!.warehouseId))) {
        if (!(await this.repo.warehouseExists(tx, w))) throw new ConflictException('The warehouse was removed: stock cannot be added to it');
      }
      await this.repo.addOnHandMany(tx, additions.map((a) => ({ inventoryId: a.inventoryId, units: invs.get(a.inventoryId)!.product.units, quantity: a.quantity })));
    }
    const common = { userId: m.userId, remarks: m.remarks, source: m.source, sourceId: m.sourceId };
    const outIds = await this.rollups.appendMany(tx, removals.map((r) => ({ type: 'outgoing' as const, inventory: invs.get(r.inventoryId)!, quantity: r.quantity })), common);
    const inIds = await this.rollups.appendMany(tx, additions.map((r) => ({ type: 'incoming' as const, inventory: invs.get(r.inventoryId)!, quantity: r.quantity })), common);
    return m.records.map((r) => ({
      incomingId: inIds[additions.findIndex((a) => a.inventoryId === r.inventoryId)] ?? null,
      outgoingId: outIds[removals.findIndex((o) => o.inventoryId === r.inventoryId)] ?? null,
    }));
  }
}
