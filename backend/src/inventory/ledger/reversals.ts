import { ConflictException, NotFoundException } from '@nestjs/common';
import type { Tx } from '../../database/database';
import { LevelConflictException } from '../blind-count';
import type { ImportPostingsRepository } from '../import-postings.repository';
import type { StockLedgerRepository } from '../stock-ledger.repository';
import type { LedgerRecords } from './ledger-records';
import type { CustomerReturnMovement, ReverseMovement } from './movements';
import type { LedgerRollups } from './rollups';

/**
 * Which ledger rows may be reversed: only a direct receipt or issue not reversed yet, and not a
 * reversal itself. Every other movement is corrected through the flow that posted it. Answers the
 * reason a row may not be reversed (the 409's message), or undefined when it may.
 */
export function reversalRefusal(original: { source: string; reversesId: string | null; reversedBy: string | null }): string | undefined {
  if (original.reversesId) return 'A reversal cannot be reversed';
  switch (original.source) {
    case 'direct':
      return original.reversedBy ? `This movement was already reversed (by transaction ${original.reversedBy})` : undefined;
    case 'adjustment':
      return 'Only direct receipts and issues can be reversed: this movement was posted by an approved stock adjustment; request an adjustment to correct it';
    case 'stock_count':
      return 'Only direct receipts and issues can be reversed: this movement was posted by an approved stock count; request an adjustment to correct it';
    case 'import':
    case 'import_history':
      return 'Only direct receipts and issues can be reversed: this movement was posted by a bulk import; revert the import as a whole';
    case 'transfer':
      return 'Only direct receipts and issues can be reversed: this movement was posted by a transfer; move the stock back with another transfer';
    default:
      return `Only direct receipts and issues can be reversed: this movement was posted by an ${original.source === 'incoming_list' ? 'incoming' : 'outgoing'} list, which is corrected through the list's own flow`;
  }
}

/** Movements that take earlier ones back: reversals of direct receipts and issues, customer returns, reverted imports. */
export class LedgerReversals {
  constructor(
    private readonly repo: StockLedgerRepository,
    private readonly imports: ImportPostingsRepository,
    private readonly records: LedgerRecords,
    private readonly rollups: LedgerRollups,
  ) {}

  /**
   * Reverses a direct receipt or direct issue ({@link reversalRefusal}): appends the opposite
   * movement with the same quantity, linked by reverses_id, and changes levels as that movement
   * would; the rollups take the original back (a negative movement of the original's type on the
   * reversal's day), so a reversed receipt is not counted as a sale nor a reversed issue as a
   * receipt. The original row is locked first, so a second reversal waits and then finds the first
   * (409); the unique reverses_id index backs this up. 404 unknown movement; 409 a movement that may
   * not be reversed, and a receipt whose stock is no longer available (naming product, unit and how
   * much is missing; nothing changes). The purchase price stays.
   */
  async reverse(tx: Tx, m: ReverseMovement): Promise<{ transactionId: string; originalId: string }> {
    const original = await this.repo.lockLedgerRow(tx, m.transactionId);
    if (!original) throw new NotFoundException('Transaction not found');
    m.authorize?.(original);
    const refusal = reversalRefusal(original);
    if (refusal) throw new ConflictException(refusal);
    const inv = await this.repo.findInventory(tx, original.inventoryId);
    if (!inv) throw new NotFoundException('Inventory record not found');
    const quantity = original.quantity.map((q) => ({ name: q.name, value: q.value }));
    const type = original.transactionType === 'incoming' ? 'outgoing' : 'incoming';
    if (type === 'outgoing') {
      await this.records.changeLevels(tx, inv, quantity, 'remove', async (q) => {
        const { available } = await this.records.level(tx, inv, q.name);
        const missing = Number((q.value - available).toFixed(3));
        throw new LevelConflictException(
          `Cannot reverse this receipt: ${missing} ${q.name} of ${inv.product.name} is no longer available (received ${q.value}, available ${available}; missing ${missing} ${q.name})`,
          [inv.id],
          new ConflictException(`Cannot reverse this receipt: part of it (${q.name}) of ${inv.product.name} is no longer available; the record is being counted, so its quantities are not shown`),
        );
      });
    } else {
      await this.repo.addOnHand(tx, inv.id, inv.product.units, quantity);
    }
    const transactionId = await this.rollups.append(tx, {
      type,
      inventory: inv,
      quantity,
      userId: m.userId,
      grn: original.grn ?? undefined,
      gin: original.gin ?? undefined,
      takenBy: original.takenBy ?? undefined,
      customerId: original.customerId ?? undefined,
      remarks: m.remarks,
      source: 'direct',
      reversesId: original.id,
      // statistics: the original no longer happened (a reversed receipt is no sale)
      totals: { negative: original.transactionType === 'incoming' ? 'incoming' : 'outgoing', movements: -1 },
    });
    return { transactionId, originalId: original.id };
  }

  /**
   * Takes goods a customer sends back into the inventory record they were delivered from: adds
   * on-hand and appends an incoming row linked to the list like its delivery rows (source
   * outgoing_list, source_id, GIN, customer). Statistics count sales net of returns: the rollups get
   * the quantity as a NEGATIVE outgoing movement of the return's day (no movement counted, nothing
   * incoming). The caller checks what may still be returned. The purchase price stays.
   */
  async customerReturn(tx: Tx, m: CustomerReturnMovement): Promise<{ transactionId: string }> {
    const inv = await this.records.inventory(tx, m.inventoryId, m.quantity);
    await this.repo.addOnHand(tx, inv.id, inv.product.units, m.quantity);
    const transactionId = await this.rollups.append(tx, {
      type: 'incoming',
      inventory: inv,
      quantity: m.quantity,
      userId: m.userId,
      gin: m.gin,
      customerId: m.customerId,
      remarks: m.remarks,
      source: 'outgoing_list',
      sourceId: m.listId,
      totals: { negative: 'outgoing', movements: 0 },
    });
    return { transactionId };
  }

  /**
   * Reverses every movement of an import with new linked rows. Opening stock must still be
   * available: 409 naming product, unit, received and available otherwise (nothing changes).
   * Returns the reversal rows written.
   */
  async reverseImport(tx: Tx, importId: string, m: { source: 'import' | 'import_history'; userId: string; remarks: string }): Promise<number> {
    if (m.source === 'import') {
      const short = await this.imports.unavailableOpeningStock(tx, importId);
      if (short.length) {
        const list = short.slice(0, 5).map((s) => `${s.code} ${s.unit}: received ${Number(s.received)}, available ${Number(s.available)}`);
        const named = short.slice(0, 5).map((s) => `${s.code} ${s.unit}`);
        const more = short.length > 5 ? '; ...' : '';
        throw new LevelConflictException(
          `Cannot revert: stock this import received has since been issued or reserved (${list.join('; ')}${more})`,
          short.map((s) => s.inventoryId),
          new ConflictException(`Cannot revert: stock this import received has since been issued or reserved (${named.join('; ')}${more}); records being counted show no quantities`),
        );
      }
    }
    return this.imports.reverseImport(tx, importId, m);
  }
}
