import { ConflictException } from '@nestjs/common';
import type { Tx } from '../../database/database';
import type { StockLedgerRepository } from '../stock-ledger.repository';
import type { LedgerRecords } from './ledger-records';
import type { ReceivedRecord, TransferInMovement, TransferOutMovement } from './movements';
import type { LedgerRollups } from './rollups';

/**
 * A transfer's postings, every line in set-based statements (a 200-line transfer is a few
 * statements): rows of source `transfer` with the TRN, and no statistics rollups (a transfer is
 * neither a sale nor a receipt).
 */
export class TransferPostings {
  constructor(
    private readonly repo: StockLedgerRepository,
    private readonly records: LedgerRecords,
    private readonly rollups: LedgerRollups,
  ) {}

  /**
   * Dispatch: each line leaves its source record's available stock (409 naming product, unit,
   * requested and available for the first short one; nothing changes) and gets one outgoing row.
   * Level rows are locked in (record id, unit) order. Returns the rows' ids in line order.
   */
  async transferOutMany(tx: Tx, m: TransferOutMovement): Promise<string[]> {
    const invs = await this.records.inventoriesOf(tx, m.lines);
    await this.records.takeAvailable(tx, invs, m.lines);
    const moves = m.lines.map((l) => ({ type: 'outgoing' as const, inventory: invs.get(l.inventoryId)!, quantity: l.quantity }));
    return this.rollups.appendMany(tx, moves, { userId: m.userId, trn: m.trn, source: 'transfer', sourceId: m.transferId });
  }

  /**
   * The destination's records of a transfer's products, created with zero stock when missing at
   * dispatch, so the destination's Inventory shows what is in transit to it; each takes its source
   * record's purchase price, depreciation rate and purchase date where it has none. 409 when a
   * product or the destination warehouse was removed. Returns the destination record per source
   * record id.
   */
  async openTransferRecords(tx: Tx, m: { sourceInventoryIds: string[]; warehouseId: string }): Promise<Map<string, string>> {
    const sources = [...(await this.records.inventoriesOf(tx, m.sourceInventoryIds.map((inventoryId) => ({ inventoryId, quantity: [] })))).values()];
    const active = await this.repo.lockActiveProducts(tx, sources.map((s) => s.product.id));
    const gone = sources.find((s) => !active.has(s.product.id));
    if (gone) throw new ConflictException(`${gone.product.name} was removed: it cannot be transferred`);
    if (!(await this.repo.warehouseExists(tx, m.warehouseId))) throw new ConflictException('The destination warehouse was removed: stock cannot be transferred to it');
    const byProduct = await this.repo.upsertInventories(tx, sources.map((s) => s.product), m.warehouseId);
    await this.repo.inheritPurchaseMany(tx, sources.map((s) => ({ inventoryId: byProduct.get(s.product.id)!, fromInventoryId: s.id })));
    await this.repo.addOnHandMany(tx, sources.map((s) => ({ inventoryId: byProduct.get(s.product.id)!, units: s.product.units, quantity: [] })));
    return new Map(sources.map((s) => [s.id, byProduct.get(s.product.id)!]));
  }

  /**
   * Receipt: every line into the destination records opened at dispatch ({@link openTransferRecords},
   * called again: a product or warehouse removed meanwhile answers 409), on-hand added in (record
   * id, unit) order, one incoming row per line. Returns per line its destination record and ledger row.
   */
  async transferInMany(tx: Tx, m: TransferInMovement): Promise<ReceivedRecord[]> {
    const destination = await this.openTransferRecords(tx, { sourceInventoryIds: m.lines.map((l) => l.sourceInventoryId), warehouseId: m.warehouseId });
    const sources = await this.records.inventoriesOf(tx, m.lines.map((l) => ({ inventoryId: l.sourceInventoryId, quantity: l.quantity })));
    const moves = m.lines.map((l) => {
      const src = sources.get(l.sourceInventoryId)!;
      return { inventory: { id: destination.get(src.id)!, warehouseId: m.warehouseId, product: src.product }, quantity: l.quantity };
    });
    await this.repo.addOnHandMany(tx, moves.map((x) => ({ inventoryId: x.inventory.id, units: x.inventory.product.units, quantity: x.quantity })));
    const ids = await this.rollups.appendMany(tx, moves.map((x) => ({ type: 'incoming' as const, ...x })), { userId: m.userId, trn: m.trn, source: 'transfer', sourceId: m.transferId });
    return moves.map((x, i) => ({ inventoryId: x.inventory.id, transactionId: ids[i] }));
  }
}
