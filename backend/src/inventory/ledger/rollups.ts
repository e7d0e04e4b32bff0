import type { Tx } from '../../database/database';
import type { QuantityEntry } from '../../database/schema';
import { MovementTotalsBatch } from '../movement-totals';
import { toDecimal } from '../quantity';
import type { LedgerInventory, StockLedgerRepository } from '../stock-ledger.repository';

/** One ledger row appended by {@link LedgerRollups.append}. */
export interface AppendedRow {
  type: 'incoming' | 'outgoing';
  inventory: LedgerInventory;
  quantity: QuantityEntry[];
  userId: string;
  grn?: string;
  gin?: string;
  takenBy?: string;
  customerId?: string;
  remarks?: string;
  source: 'direct' | 'outgoing_list' | 'adjustment' | 'stock_count';
  sourceId?: string;
  reversesId?: string;
  /**
   * How the rollups count the row: as its type (default), or as a negative quantity of `negative`
   * with `movements` movements: a customer return takes back part of a sale (outgoing, 0
   * movements); a reversal annuls its original (the original's type, -1 movement); `false`: not at
   * all (a stock adjustment, transfer or count correction is neither a sale nor a receipt).
   */
  totals?: { negative: 'incoming' | 'outgoing'; movements: number } | false;
}

/** What the rows of {@link LedgerRollups.appendMany} share. */
export interface AppendedRowsContext {
  userId: string;
  trn?: string;
  remarks?: string;
  source: 'transfer' | 'adjustment' | 'stock_count';
  sourceId: string;
}

/**
 * The ledger rows written one statement at a time (reversals, returns, corrections, transfers)
 * and the statistics rollups of every `run` transaction: collected per transaction as its rows are
 * written, and written by {@link write} at its end, so the rollups always equal the ledger.
 * Receipts and issues write their rows and rollups in their own statements instead
 * (LedgerPostingsRepository).
 */
export class LedgerRollups {
  private readonly batches = new WeakMap<Tx, MovementTotalsBatch>();

  constructor(private readonly repo: StockLedgerRepository) {}

  /** Starts collecting the rollups of `tx`, a transaction `run` opened. */
  open(tx: Tx): void {
    this.batches.set(tx, new MovementTotalsBatch());
  }

  /** Writes the rollups collected in `tx`, in the fixed lock order of {@link MovementTotalsBatch}. */
  write(tx: Tx): Promise<void> {
    return this.repo.writeMovementTotals(tx, this.batchOf(tx));
  }

  /** Throws (a programming error) unless `tx` was opened by `run`: a movement outside it would miss its rollups. */
  assertInRun(tx: Tx): void {
    this.batchOf(tx);
  }

  /** Appends one ledger row and adds it to the transaction's rollups as `m.totals` says; answers its id. */
  async append(tx: Tx, m: AppendedRow): Promise<string> {
    const batch = this.batchOf(tx);
    const { product, warehouseId } = m.inventory;
    const quantity = m.quantity.map((q) => ({ name: q.name, value: q.value }));
    const row = await this.repo.insertLedger(tx, {
      transactionType: m.type,
      inventoryId: m.inventory.id,
      productId: product.id,
      warehouseId,
      categoryId: product.categoryId,
      quantity,
      grn: m.grn ?? null,
      gin: m.gin ?? null,
      customerId: m.customerId ?? null,
      userId: m.userId,
      takenBy: m.takenBy ?? null,
      trn: null,
      remarks: m.remarks ?? null,
      source: m.source,
      sourceId: m.sourceId ?? null,
      reversesId: m.reversesId ?? null,
    });
    if (m.totals === false) return row.id;
    const day = row.transactionDate.toISOString().slice(0, 10);
    if (m.totals) {
      const values = quantity.map((q) => ({ unit: q.name, value: `-${toDecimal(q.value)}` }));
      batch.add({ day, type: m.totals.negative, productId: product.id, warehouseId, customerId: m.customerId, quantity: values, movements: m.totals.movements });
    } else {
      const values = quantity.map((q) => ({ unit: q.name, value: toDecimal(q.value) }));
      batch.add({ day, type: m.type, productId: product.id, warehouseId, customerId: m.customerId, quantity: values });
    }
    return row.id;
  }

  /** Appends one ledger row per move in one statement, counted in no rollup; answers the ids in move order. */
  appendMany(tx: Tx, moves: { type: 'incoming' | 'outgoing'; inventory: LedgerInventory; quantity: QuantityEntry[] }[], c: AppendedRowsContext): Promise<string[]> {
    this.assertInRun(tx);
    return this.repo.insertLedgerMany(
      tx,
      moves.map((x) => ({
        transactionType: x.type,
        inventoryId: x.inventory.id,
        productId: x.inventory.product.id,
        warehouseId: x.inventory.warehouseId,
        categoryId: x.inventory.product.categoryId,
        quantity: x.quantity.map((q) => ({ name: q.name, value: q.value })),
        userId: c.userId,
        trn: c.trn ?? null,
        remarks: c.remarks ?? null,
        source: c.source,
        sourceId: c.sourceId,
      })),
    );
  }

  private batchOf(tx: Tx): MovementTotalsBatch {
    const batch = this.batches.get(tx);
    if (!batch) throw new Error('Stock movements must run inside StockLedgerService.run');
    return batch;
  }
}
