import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException, Optional } from '@nestjs/common';
import { ChangeFeed } from '../events/change-feed';
import { backOff } from 'exponential-backoff';
import type { SQL } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database, DbOrTx, Tx } from '../database/database';
import { isRetryableConflict, shortfallLevels, type ShortfallLevel } from '../database/db-errors';
import type { QuantityEntry } from '../database/schema';
import { ImportPostingsRepository, type ImportRange } from './import-postings.repository';
import { GroupedPostings } from './grouped-postings';
import type { InventoryLevelRow } from './level-sql';
import { LedgerPostingsRepository, type PostedRow } from './ledger-postings.repository';
import { MovementTotalsBatch } from './movement-totals';
import { assertUnits, fromDecimal, notEnoughStock, toDecimal } from './quantity';
import { byRecordThenUnit, StockLedgerRepository, type LedgerInventory, type LedgerProduct } from './stock-ledger.repository';

/** A receipt into a warehouse (direct entry or an approved incoming list). */
export interface ReceiveMovement {
  productId: string;
  warehouseId: string;
  quantity: QuantityEntry[];
  grn: string;
  userId: string;
  remarks?: string;
  purchasedPrice?: string | number;
  depreciationRate?: string | number;
  purchasedDate?: Date;
  source: 'direct' | 'incoming_list';
  sourceId?: string;
}

/** An issue out of an inventory record (direct entry or a delivered outgoing list). */
export interface IssueMovement {
  inventoryId: string;
  quantity: QuantityEntry[];
  gin: string;
  userId: string;
  takenBy?: string;
  customerId?: string;
  /** Deduct reserved as well as on-hand: the delivery of an approved (reserved) outgoing list. */
  fromReserved?: boolean;
  source: 'direct' | 'outgoing_list';
  sourceId?: string;
  /** The ledger row's id, chosen by the caller (to audit it before posting); a new one otherwise. */
  id?: string;
}

/** The reversal of a direct receipt or issue (issue 14). */
export interface ReverseMovement {
  transactionId: string;
  userId: string;
  /** The reason, stored as the reversal row's remarks. */
  remarks: string;
  /** Called with the original (locked) before anything is checked or written: throws 403 outside the user's warehouse. */
  authorize?: (original: { warehouseId: string }) => void;
}

/** Goods a customer sends back from a delivered outgoing list (issue 14), into the record they left. */
export interface CustomerReturnMovement {
  inventoryId: string;
  quantity: QuantityEntry[];
  gin: string;
  customerId: string;
  userId: string;
  /** The reason, stored as the row's remarks. */
  remarks: string;
  /** The outgoing list the goods were delivered by. */
  listId: string;
}

/**
 * An approved stock adjustment or a stock count's correction (issue 15): signed quantities of one
 * inventory record, positive adding and negative removing stock.
 */
export interface AdjustMovement {
  inventoryId: string;
  /** One entry per unit, each unit once, values non-zero with at most 3 decimals. */
  quantity: QuantityEntry[];
  userId: string;
  /** The reason and remark, stored as the rows' remarks. */
  remarks: string;
  /** `adjustment` (default; sourceId the stock adjustment) or `stock_count` (sourceId the count). */
  source?: 'adjustment' | 'stock_count';
  /** The adjustment or count, stored as the rows' source_id. */
  sourceId: string;
}

/**
 * Tries of a posting transaction that hits a deadlock or serialization failure, and the backoff
 * between them: 20 ms growing threefold, at most 1 s, full jitter (issue 12, point 9).
 */
const RETRY = { numOfAttempts: 5, startingDelay: 20, timeMultiple: 3, maxDelay: 1000, jitter: 'full' } as const;

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const RATE = /^\d{1,3}(\.\d{1,3})?$/;

/**
 * The stock ledger (spec 3 Inventory record and Transaction; issue 4): the ONLY writer of
 * stock_levels, stock_transactions and the statistics rollups. Every movement runs inside a
 * transaction opened by `run` (or, a direct issue, as one autocommitted statement: `issueNow`) and
 * writes levels, one immutable ledger row and the rollups together, so levels always equal the
 * ledger sums. Receipts and issues post levels, rows and rollups in one statement however many
 * lines they have (LedgerPostingsRepository, issue 17).
 *
 * Concurrency: levels change only through conditional UPDATEs (on_hand - reserved >= q) that
 * lock the level rows, in unit name order, until commit; a receipt also locks its inventory
 * record. So parallel issues can neither oversell nor lose updates on PostgreSQL (PGlite
 * serialises transactions). When one transaction moves several inventory records, call in
 * ascending inventory id order to avoid deadlocks. The rollups are written last, in one fixed
 * order (movement-totals.ts); a deadlock or serialization failure left over is retried (`run`).
 *
 * Errors: 400 bad unit or quantity (> 0, at most 3 decimals, units of the product),
 * 404 unknown product, warehouse or inventory record, 409 not enough stock; 503 (error filter)
 * when a posting still collides after its retries.
 */
@Injectable()
export class StockLedgerService {
  private readonly logger = new Logger(StockLedgerService.name);
  /** The rollups collected by each open `run` transaction, written before it commits. */
  private readonly totals = new WeakMap<Tx, MovementTotalsBatch>();
  /**
   * Direct issues posted together when they arrive while others post (issue 17): a group is one
   * statement, its audit events included. When a level is short for the group, the issues that the
   * levels it locked could not hold alone get their 409 from those levels, and the rest are posted
   * again (GroupedPostings), so each gets the answer it would have had alone.
   */
  private readonly directIssues = new GroupedPostings<{ rows: (PostedRow & { product: LedgerProduct })[]; audit?: SQL }, InventoryLevelRow[]>({
    group: (items) => this.settle(() => this.postings.postIssues(this.db, items.flatMap((i) => i.rows), false, items.flatMap((i) => (i.audit ? [i.audit] : [])), true)),
    one: (item) => this.settle(() => this.postIssues(this.db, item.rows, false, item.audit, true)),
    refusal: (failure, item) => {
      const levels = shortfallLevels(failure);
      return levels && shortOf(item.rows, levels, 'available');
    },
  });

  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repo: StockLedgerRepository,
    private readonly imports: ImportPostingsRepository,
    private readonly postings: LedgerPostingsRepository,
    @Optional() private readonly feed?: ChangeFeed,
  ) {}

  /**
   * Runs `fn` in one database transaction (rolled back when it throws) and writes the rollups of
   * its movements at the end. On a deadlock (40P01) or serialization failure (40001) the whole
   * transaction runs again, up to 5 tries with jittered exponential backoff; so `fn` must have
   * no effect outside the transaction. After the last try the error reaches the filter (503).
   */
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.settle(() =>
      this.db.transaction(async (tx) => {
        const batch = new MovementTotalsBatch();
        this.totals.set(tx, batch);
        const result = await fn(tx);
        await this.repo.writeMovementTotals(tx, batch);
        return result;
      }),
    );
  }

  /**
   * Runs a posting (a transaction, or one statement) with the retries of {@link run}; a stock
   * shortfall found by a posting statement becomes a 409 naming product, unit, requested and what
   * is left, read after the rollback. Once committed, the open event streams recount (levels may
   * have crossed a buffer stock; issue 17).
   */
  private async settle<T>(once: () => Promise<T>): Promise<T> {
    try {
      const result = await backOff(once, {
        ...RETRY,
        retry: (e: unknown, next: number) => {
          if (!isRetryableConflict(e)) return false;
          this.logger.warn(`A posting collided with a parallel one (deadlock or serialization failure): try ${next} of ${RETRY.numOfAttempts}`);
          return true;
        },
      });
      this.feed?.stockMoved();
      return result;
    } catch (e) {
      if (e instanceof Shortfall) throw this.explain(e);
      throw e;
    }
  }

  /** Receives stock, creating the inventory record on the first receipt. See {@link receiveMany}. */
  async receive(tx: Tx, m: ReceiveMovement): Promise<{ inventoryId: string; transactionId: string }> {
    const [posted] = await this.receiveMany(tx, m.warehouseId, [m]);
    return posted;
  }

  /**
   * Receipts of several products into one warehouse (a direct receipt, an approved incoming list),
   * in a few statements whatever their number (issue 17): products share-locked, records created on
   * the first receipt (product id order), purchase price (moving average), rate and date, then
   * levels, ledger rows and rollups in one statement ({@link LedgerPostingsRepository}). Returns per
   * movement its record and ledger row. 404 unknown or removed product, unknown warehouse; 400 a
   * unit not of the product, a bad quantity, price or rate.
   */
  async receiveMany(tx: Tx, warehouseId: string, moves: Omit<ReceiveMovement, 'warehouseId'>[]): Promise<{ inventoryId: string; transactionId: string }[]> {
    this.assertInRun(tx);
    const found = new Map((await this.repo.lockProducts(tx, [...new Set(moves.map((m) => m.productId))])).map((p) => [p.id, p]));
    const checked = moves.map((m) => {
      const product = found.get(m.productId);
      if (!product) throw new NotFoundException('Product not found');
      return { m, product };
    });
    if (!(await this.repo.warehouseExists(tx, warehouseId))) throw new NotFoundException('Warehouse not found');
    const purchases = checked.map(({ m, product }) => {
      assertUnits(product.units, m.quantity, product.name);
      const weight = m.quantity.find((q) => q.name === product.units[0]) ?? m.quantity[0];
      const price = this.decimalOrUndefined(m.purchasedPrice, MONEY, 'purchasedPrice');
      const rate = this.decimalOrUndefined(m.depreciationRate, RATE, 'depreciationRate');
      return { unit: weight.name, quantity: weight.value, price, rate, date: m.purchasedDate };
    });
    const records = await this.repo.upsertInventories(tx, [...found.values()], warehouseId);
    const rows = checked.map(({ m, product }) => ({
      id: randomUUID(),
      inventoryId: records.get(product.id)!,
      productId: product.id,
      warehouseId,
      categoryId: product.categoryId,
      units: product.units,
      quantity: m.quantity,
      userId: m.userId,
      grn: m.grn,
      remarks: m.remarks,
      source: m.source,
      sourceId: m.sourceId,
    }));
    // a record twice in one statement cannot be upserted twice: such movements go in later rounds
    for (const round of oncePerKey(rows.map((r, i) => ({ ...r, purchase: purchases[i] })), (r) => r.inventoryId)) {
      await this.repo.updatePurchaseMany(tx, round.map((r) => ({ inventoryId: r.inventoryId, ...r.purchase })));
      await this.postings.postReceipts(tx, round);
    }
    return rows.map((r) => ({ inventoryId: r.inventoryId, transactionId: r.id }));
  }

  /** Issues stock; 409 naming product, unit, requested and available when short (nothing changes). See {@link issueMany}. */
  async issue(tx: Tx, m: IssueMovement): Promise<{ transactionId: string }> {
    const [transactionId] = await this.issueMany(tx, [{ inventoryId: m.inventoryId, quantity: m.quantity, id: m.id }], m);
    return { transactionId };
  }

  /**
   * Issues several lines (a delivered outgoing list) in one statement whatever their number
   * (issue 17): levels taken in (record id, unit) order, ledger rows and rollups written together.
   * A line's `id`, when given, becomes its ledger row's id. Returns the ledger row ids in line
   * order. 404 unknown record; 400 a unit not of the product; when a level is short the statement
   * fails and {@link run} answers 409 naming product, unit, requested and available (or reserved,
   * `fromReserved`) after rolling the whole transaction back.
   */
  async issueMany(tx: Tx, lines: { inventoryId: string; quantity: QuantityEntry[]; id?: string }[], c: Omit<IssueMovement, 'inventoryId' | 'quantity' | 'id'>): Promise<string[]> {
    this.assertInRun(tx);
    const rows = await this.issueRows(tx, lines, c);
    await this.postIssues(tx, rows, !!c.fromReserved);
    return rows.map((r) => r.id);
  }

  /**
   * A direct issue as ONE autocommitted statement (issue 17): levels, ledger row, rollups and
   * `audit` (its event's INSERT) together, so the level stays locked for that statement only;
   * issues arriving while others post share one statement ({@link directIssues}). `record`, when
   * the caller has read it already, saves reading it again. Answers the record's level rows (every
   * unit) as its posting left them, so the caller needs no further read. Retried and explained as
   * {@link run} does; errors as {@link issue}.
   */
  async issueNow(m: IssueMovement & { id: string }, opts: { audit?: SQL; record?: LedgerInventory } = {}): Promise<{ transactionId: string; levels: InventoryLevelRow[] }> {
    const rows = await this.issueRows(this.db, [m], m, opts.record && [opts.record]);
    const levels = await this.directIssues.submit({ rows, audit: opts.audit });
    return { transactionId: m.id, levels: levels.filter((l) => l.inventoryId === m.inventoryId) };
  }

  /** The ledger rows of issue `lines` (404 unknown record, 400 a unit not of the product). */
  private async issueRows(
    db: DbOrTx,
    lines: { inventoryId: string; quantity: QuantityEntry[]; id?: string }[],
    c: Omit<IssueMovement, 'inventoryId' | 'quantity' | 'id'>,
    known?: LedgerInventory[],
  ): Promise<(PostedRow & { product: LedgerProduct })[]> {
    const invs = await this.inventoriesOf(db, lines, known);
    return lines.map((l) => {
      const inv = invs.get(l.inventoryId)!;
      return {
        id: l.id ?? randomUUID(),
        inventoryId: inv.id,
        productId: inv.product.id,
        warehouseId: inv.warehouseId,
        categoryId: inv.product.categoryId,
        quantity: l.quantity,
        userId: c.userId,
        gin: c.gin,
        customerId: c.customerId,
        takenBy: c.takenBy,
        source: c.source,
        sourceId: c.sourceId,
        product: inv.product,
      };
    });
  }

  /** Posts issue rows (with `answerLevels`, answering their records' levels); a shortfall (SQLSTATE SL001) becomes a {@link Shortfall} with the levels it locked, explained once rolled back. */
  private async postIssues(db: DbOrTx, rows: (PostedRow & { product: LedgerProduct })[], fromReserved: boolean, audit?: SQL, answerLevels = false): Promise<InventoryLevelRow[]> {
    try {
      return await this.postings.postIssues(db, rows, fromReserved, audit ? [audit] : [], answerLevels);
    } catch (e) {
      const levels = shortfallLevels(e);
      if (levels) throw new Shortfall(rows, fromReserved ? 'reserved' : 'available', levels);
      throw e;
    }
  }

  /** The 409 of a shortfall: the first level, in lock order, holding less than requested when the posting locked it. */
  private explain(s: Shortfall): ConflictException {
    return shortOf(s.rows, s.levels, s.what) ?? shortOf(s.rows, [], s.what)!;
  }

  /**
   * Reverses a direct receipt or direct issue (issue 14): appends the opposite movement with the
   * same quantity, linked by reverses_id, and changes levels as that movement would; the statistics
   * rollups take the original back (a negative movement of the original's type on the reversal's
   * day), so a reversed receipt is not counted as a sale nor a reversed issue as a receipt. The original row is
   * locked first, so a second reversal waits and then finds the first (409); the unique
   * reverses_id index backs this up. 404 unknown movement; 409 for a list's movement, a
   * reversal, a movement already reversed, and a receipt whose stock is no longer available
   * (naming product, unit and how much is missing; nothing changes). The purchase price stays.
   */
  async reverse(tx: Tx, m: ReverseMovement): Promise<{ transactionId: string; originalId: string }> {
    const original = await this.repo.lockLedgerRow(tx, m.transactionId);
    if (!original) throw new NotFoundException('Transaction not found');
    m.authorize?.(original);
    if (original.reversesId) throw new ConflictException('A reversal cannot be reversed');
    if (original.source === 'adjustment' || original.source === 'stock_count') {
      throw new ConflictException(
        `Only direct receipts and issues can be reversed: this movement was posted by ${original.source === 'adjustment' ? 'an approved stock adjustment' : 'an approved stock count'}; request an adjustment to correct it`,
      );
    }
    if (original.source === 'import' || original.source === 'import_history') {
      throw new ConflictException('Only direct receipts and issues can be reversed: this movement was posted by a bulk import; revert the import as a whole');
    }
    if (original.source === 'transfer') {
      throw new ConflictException('Only direct receipts and issues can be reversed: this movement was posted by a transfer; move the stock back with another transfer');
    }
    if (original.source !== 'direct') {
      throw new ConflictException(
        `Only direct receipts and issues can be reversed: this movement was posted by an ${original.source === 'incoming_list' ? 'incoming' : 'outgoing'} list, which is corrected through the list's own flow`,
      );
    }
    if (original.reversedBy) throw new ConflictException(`This movement was already reversed (by transaction ${original.reversedBy})`);
    const inv = await this.repo.findInventory(tx, original.inventoryId);
    if (!inv) throw new NotFoundException('Inventory record not found');
    const quantity = original.quantity.map((q) => ({ name: q.name, value: q.value }));
    const type = original.transactionType === 'incoming' ? 'outgoing' : 'incoming';
    if (type === 'outgoing') {
      for (const q of this.sorted(quantity)) {
        const amount = toDecimal(q.value);
        const changed = await this.repo.changeLevel(tx, inv.id, q.name, { onHand: `-${amount}`, reserved: '0', guard: 'available', amount });
        if (!changed) {
          const level = (await this.repo.levels(tx, inv.id)).find((l) => l.unit === q.name);
          const available = fromDecimal(level?.available);
          const missing = Number((q.value - available).toFixed(3));
          throw new ConflictException(
            `Cannot reverse this receipt: ${missing} ${q.name} of ${inv.product.name} is no longer available (received ${q.value}, available ${available}; missing ${missing} ${q.name})`,
          );
        }
      }
    } else {
      await this.repo.addOnHand(tx, inv.id, inv.product.units, quantity);
    }
    const transactionId = await this.append(tx, {
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
   * Takes goods a customer sends back into the inventory record they were delivered from
   * (issue 14): adds on-hand and appends an incoming row linked to the list like its delivery
   * rows (source outgoing_list, source_id, GIN, customer; kind customer_return). Statistics count
   * sales net of returns: the rollups get the quantity as a NEGATIVE outgoing movement of the
   * return's day (no movement counted, nothing incoming), so top-selling products, top
   * customers, in-vs-out and the interval chart subtract it in the period of the return. The
   * caller checks what may still be returned. The purchase price stays.
   */
  async customerReturn(tx: Tx, m: CustomerReturnMovement): Promise<{ transactionId: string }> {
    const inv = await this.inventory(tx, m.inventoryId, m.quantity);
    await this.repo.addOnHand(tx, inv.id, inv.product.units, m.quantity);
    const transactionId = await this.append(tx, {
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
   * Posts an approved stock adjustment (issue 15): the positive entries are added to on-hand (one
   * incoming ledger row), the negative ones removed from what is available (one outgoing row of
   * their absolute values); both rows have source `adjustment`, source_id the adjustment, no
   * GRN/GIN. The additions go first: their upsert locks every level row of the record in unit name
   * order, the order every movement locks levels in. A removal above what is available answers 409
   * naming product, unit, requested and available, and the caller's transaction rolls back. Stock
   * is not added to a removed product or warehouse (409). The purchase price stays.
   * Statistics: adjustments are neither sales nor receipts, so they write NO rollups (top-selling
   * products, top customers, in-vs-out and the interval chart ignore them); stock levels, and so
   * the valuation, change.
   */
  async adjust(tx: Tx, m: AdjustMovement): Promise<{ incomingId: string | null; outgoingId: string | null }> {
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
      incomingId = await this.append(tx, { type: 'incoming', inventory: inv, quantity: additions, userId: m.userId, remarks: m.remarks, source, sourceId: m.sourceId, totals: false });
    }
    if (removals.length) {
      for (const q of this.sorted(removals)) {
        const amount = toDecimal(q.value);
        const changed = await this.repo.changeLevel(tx, inv.id, q.name, { onHand: `-${amount}`, reserved: '0', guard: 'available', amount });
        if (!changed) await this.short(tx, inv, q, 'available');
      }
      outgoingId = await this.append(tx, { type: 'outgoing', inventory: inv, quantity: removals, userId: m.userId, remarks: m.remarks, source, sourceId: m.sourceId, totals: false });
    }
    return { incomingId, outgoingId };
  }

  /**
   * Dispatches every line of a transfer in set-based statements (issue 15 performance: a 200-line
   * transfer): each line leaves its source record's available stock (409 naming product, unit,
   * requested and available for the first short one; nothing changes) and gets one outgoing row,
   * source `transfer`, the TRN. Level rows are locked in (record id, unit) order. Returns the rows'
   * ids in line order. No statistics rollups.
   */
  async transferOutMany(tx: Tx, m: { lines: { inventoryId: string; quantity: QuantityEntry[] }[]; trn: string; userId: string; transferId: string }): Promise<string[]> {
    const invs = await this.inventoriesOf(tx, m.lines);
    await this.takeAvailable(tx, invs, m.lines);
    return this.appendMany(tx, m.lines.map((l) => ({ type: 'outgoing' as const, inventory: invs.get(l.inventoryId)!, quantity: l.quantity })), { userId: m.userId, trn: m.trn, source: 'transfer', sourceId: m.transferId });
  }

  /**
   * The destination's records of a transfer's products (issue 15), created with zero stock when
   * missing at dispatch, so the destination's Inventory shows what is in transit to it; each takes
   * its source record's purchase price, depreciation rate and purchase date where it has none. 409 when a product or the destination warehouse was removed. Returns the
   * destination record per source record id.
   */
  async openTransferRecords(tx: Tx, m: { sourceInventoryIds: string[]; warehouseId: string }): Promise<Map<string, string>> {
    const sources = await this.inventoriesOf(tx, m.sourceInventoryIds.map((inventoryId) => ({ inventoryId, quantity: [] })));
    const active = await this.repo.lockActiveProducts(tx, [...sources.values()].map((s) => s.product.id));
    const gone = [...sources.values()].find((s) => !active.has(s.product.id));
    if (gone) throw new ConflictException(`${gone.product.name} was removed: it cannot be transferred`);
    if (!(await this.repo.warehouseExists(tx, m.warehouseId))) throw new ConflictException('The destination warehouse was removed: stock cannot be transferred to it');
    const byProduct = await this.repo.upsertInventories(tx, [...sources.values()].map((s) => s.product), m.warehouseId);
    const pairs = [...sources.values()].map((s) => ({ inventoryId: byProduct.get(s.product.id)!, fromInventoryId: s.id }));
    await this.repo.inheritPurchaseMany(tx, pairs);
    await this.repo.addOnHandMany(tx, [...sources.values()].map((s) => ({ inventoryId: byProduct.get(s.product.id)!, units: s.product.units, quantity: [] })));
    return new Map([...sources.values()].map((s) => [s.id, byProduct.get(s.product.id)!]));
  }

  /**
   * Receives every line of a transfer at once into the destination records opened at dispatch
   * (see {@link openTransferRecords}, called again: a product or warehouse removed meanwhile answers 409):
   * on-hand added in (record id, unit) order, one incoming row per line, source `transfer`, the
   * TRN. Returns per line its destination record and ledger row. No statistics rollups.
   */
  async transferInMany(
    tx: Tx,
    m: { lines: { sourceInventoryId: string; quantity: QuantityEntry[] }[]; warehouseId: string; trn: string; userId: string; transferId: string },
  ): Promise<{ inventoryId: string; transactionId: string }[]> {
    const destination = await this.openTransferRecords(tx, { sourceInventoryIds: m.lines.map((l) => l.sourceInventoryId), warehouseId: m.warehouseId });
    const sources = await this.inventoriesOf(tx, m.lines.map((l) => ({ inventoryId: l.sourceInventoryId, quantity: l.quantity })));
    const moves = m.lines.map((l) => {
      const src = sources.get(l.sourceInventoryId)!;
      return { inventory: { id: destination.get(src.id)!, warehouseId: m.warehouseId, product: src.product }, quantity: l.quantity };
    });
    await this.repo.addOnHandMany(tx, moves.map((x) => ({ inventoryId: x.inventory.id, units: x.inventory.product.units, quantity: x.quantity })));
    const ids = await this.appendMany(tx, moves.map((x) => ({ type: 'incoming' as const, ...x })), { userId: m.userId, trn: m.trn, source: 'transfer', sourceId: m.transferId });
    return moves.map((x, i) => ({ inventoryId: x.inventory.id, transactionId: ids[i] }));
  }

  /**
   * {@link adjust} for many records at once (issue 15 performance: a stock count's corrections):
   * the removals of every record are checked against what is available (409 naming product, unit,
   * requested and available; nothing changes) and taken in (record id, unit) order, then the
   * additions added; one outgoing row per record with removals, one incoming row per record with
   * additions, each with `source`/`sourceId` and `remarks`. Stock is not added to a removed product
   * or warehouse (409). Returns per record (in the order given) its incoming and outgoing row ids.
   */
  async adjustMany(
    tx: Tx,
    m: { records: { inventoryId: string; quantity: QuantityEntry[] }[]; userId: string; remarks: string; source: 'adjustment' | 'stock_count'; sourceId: string },
  ): Promise<{ incomingId: string | null; outgoingId: string | null }[]> {
    const invs = await this.inventoriesOf(tx, m.records.map((r) => ({ inventoryId: r.inventoryId, quantity: r.quantity.map((q) => ({ name: q.name, value: Math.abs(q.value) })) })));
    const removals = m.records.map((r) => ({ inventoryId: r.inventoryId, quantity: r.quantity.filter((q) => q.value < 0).map((q) => ({ name: q.name, value: -q.value })) })).filter((r) => r.quantity.length);
    const additions = m.records.map((r) => ({ inventoryId: r.inventoryId, quantity: r.quantity.filter((q) => q.value > 0) })).filter((r) => r.quantity.length);
    if (removals.length) await this.takeAvailable(tx, invs, removals);
    const outgoing = removals;
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
    const outIds = await this.appendMany(tx, outgoing.map((r) => ({ type: 'outgoing' as const, inventory: invs.get(r.inventoryId)!, quantity: r.quantity })), common);
    const inIds = await this.appendMany(tx, additions.map((r) => ({ type: 'incoming' as const, inventory: invs.get(r.inventoryId)!, quantity: r.quantity })), common);
    return m.records.map((r) => ({
      incomingId: inIds[additions.findIndex((a) => a.inventoryId === r.inventoryId)] ?? null,
      outgoingId: outIds[outgoing.findIndex((o) => o.inventoryId === r.inventoryId)] ?? null,
    }));
  }

  /** Checks and takes `removals` from what is available, levels locked in (record id, unit) order; 409 when short. */
  /**
   * Opening stock of a bulk import (issue 16): the valid staged rows of `range` received into
   * `warehouseId` (source `import`, source_id the import), levels and rollups with them. Staged
   * rows hold checked `product_id`, `unit` and `quantity`. Returns the ledger rows written.
   */
  receiveImportedStock(tx: Tx, range: ImportRange, m: { warehouseId: string; userId: string; remarks: string }): Promise<number> {
    return this.imports.receiveOpeningStock(tx, range, m);
  }

  /**
   * Sales history of a bulk import (issue 16): ledger rows at their own dates (source
   * `import_history`); levels unchanged, statistics as if posted on those dates. Returns the rows written.
   */
  recordSalesHistory(tx: Tx, range: ImportRange, m: { warehouseId: string; userId: string; remarks: string }): Promise<number> {
    return this.imports.recordSalesHistory(tx, range, m);
  }

  /**
   * Reverses every movement of an import (issue 16: revert) with new linked rows. Opening stock
   * must still be available: 409 naming product, unit, received and available otherwise (nothing
   * changes). Returns the reversal rows written.
   */
  async reverseImport(tx: Tx, importId: string, m: { source: 'import' | 'import_history'; userId: string; remarks: string }): Promise<number> {
    if (m.source === 'import') {
      const short = await this.imports.unavailableOpeningStock(tx, importId);
      if (short.length) {
        const list = short.slice(0, 5).map((s) => `${s.code} ${s.unit}: received ${Number(s.received)}, available ${Number(s.available)}`);
        throw new ConflictException(`Cannot revert: stock this import received has since been issued or reserved (${list.join('; ')}${short.length > 5 ? '; ...' : ''})`);
      }
    }
    return this.imports.reverseImport(tx, importId, m);
  }

  private async takeAvailable(tx: Tx, invs: Map<string, LedgerInventory>, removals: { inventoryId: string; quantity: QuantityEntry[] }[]): Promise<void> {
    const entries = removals
      .flatMap((l) => l.quantity.map((q) => ({ inventoryId: l.inventoryId, unit: q.name, value: q.value, amount: toDecimal(q.value) })))
      .sort(byRecordThenUnit);
    const available = await this.repo.lockLevels(tx, entries);
    for (const e of entries) {
      const have = fromDecimal(available.get(`${e.inventoryId}|${e.unit}`));
      if (have < e.value) throw notEnoughStock(invs.get(e.inventoryId)!.product.name, e.unit, e.value, 'available', have);
    }
    const changed = await this.repo.subtractOnHand(tx, entries);
    if (changed !== entries.length) throw new Error(`${changed} of ${entries.length} locked level rows changed`);
  }

  /** The records of `lines` (404 when one is unknown), their units checked against `quantity` (400). */
  private async inventoriesOf(tx: DbOrTx, lines: { inventoryId: string; quantity: QuantityEntry[] }[], known?: LedgerInventory[]): Promise<Map<string, LedgerInventory>> {
    const found = new Map((known ?? (await this.repo.findInventories(tx, [...new Set(lines.map((l) => l.inventoryId))]))).map((i) => [i.id, i]));
    for (const l of lines) {
      const inv = found.get(l.inventoryId);
      if (!inv) throw new NotFoundException('Inventory record not found');
      if (l.quantity.length) assertUnits(inv.product.units, l.quantity, inv.product.name);
    }
    return found;
  }

  /** Appends one ledger row per move in one statement (no statistics rollups); ids in move order. */
  private appendMany(
    tx: Tx,
    moves: { type: 'incoming' | 'outgoing'; inventory: LedgerInventory; quantity: QuantityEntry[] }[],
    c: { userId: string; trn?: string; remarks?: string; source: 'transfer' | 'adjustment' | 'stock_count'; sourceId: string },
  ): Promise<string[]> {
    if (!this.totals.get(tx)) throw new Error('Stock movements must run inside StockLedgerService.run');
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

  /** Reserves available stock (on_hand - reserved); 409 when short. Writes no ledger row. */
  async reserve(tx: Tx, inventoryId: string, quantity: QuantityEntry[]): Promise<void> {
    const inv = await this.inventory(tx, inventoryId, quantity);
    for (const q of this.sorted(quantity)) {
      const amount = toDecimal(q.value);
      const changed = await this.repo.changeLevel(tx, inv.id, q.name, { onHand: '0', reserved: amount, guard: 'available', amount });
      if (!changed) await this.short(tx, inv, q, 'available');
    }
  }

  /** Releases a reservation; 409 when less is reserved than asked. Writes no ledger row. */
  async release(tx: Tx, inventoryId: string, quantity: QuantityEntry[]): Promise<void> {
    const inv = await this.inventory(tx, inventoryId, quantity);
    for (const q of this.sorted(quantity)) {
      const amount = toDecimal(q.value);
      const changed = await this.repo.changeLevel(tx, inv.id, q.name, { onHand: '0', reserved: `-${amount}`, guard: 'reserved', amount });
      if (!changed) await this.short(tx, inv, q, 'reserved');
    }
  }

  /** Available (on_hand - reserved) per unit of the record, in unit name order. */
  async available(inventoryId: string, tx: DbOrTx = this.db): Promise<QuantityEntry[]> {
    const rows = await this.repo.levels(tx, inventoryId);
    return rows.map((r) => ({ name: r.unit, value: fromDecimal(r.available) }));
  }

  private async inventory(tx: Tx, inventoryId: string, quantity: QuantityEntry[]): Promise<LedgerInventory> {
    const inv = await this.repo.findInventory(tx, inventoryId);
    if (!inv) throw new NotFoundException('Inventory record not found');
    assertUnits(inv.product.units, quantity, inv.product.name);
    return inv;
  }

  private assertInRun(tx: Tx): void {
    if (!this.totals.get(tx)) throw new Error('Stock movements must run inside StockLedgerService.run');
  }

  private sorted(quantity: QuantityEntry[]): QuantityEntry[] {
    // code-unit order, the same order addOnHand writes level rows in (no lock-order deadlocks)
    return [...quantity].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  private async short(tx: Tx, inv: LedgerInventory, q: QuantityEntry, what: 'available' | 'reserved'): Promise<never> {
    const level = (await this.repo.levels(tx, inv.id)).find((l) => l.unit === q.name);
    const have = fromDecimal(level?.[what]);
    throw notEnoughStock(inv.product.name, q.name, q.value, what, have);
  }

  private decimalOrUndefined(v: string | number | undefined, re: RegExp, field: string): string | undefined {
    if (v === undefined || v === null || v === '') return undefined;
    const s = String(v);
    if (!re.test(s)) throw new BadRequestException(`${field} must be a non-negative number (${re === MONEY ? '2' : '3'} decimals at most)`);
    return s;
  }

  private async append(
    tx: Tx,
    m: {
      type: 'incoming' | 'outgoing';
      inventory: LedgerInventory;
      quantity: QuantityEntry[];
      userId: string;
      grn?: string;
      gin?: string;
      takenBy?: string;
      customerId?: string;
      trn?: string;
      remarks?: string;
      source: 'direct' | 'incoming_list' | 'outgoing_list' | 'adjustment' | 'transfer' | 'stock_count';
      sourceId?: string;
      reversesId?: string;
      /**
       * How the rollups count the row: as its type (default), or as a negative quantity of `negative`
       * with `movements` movements: a customer return takes back part of a sale (outgoing, 0
       * movements); a reversal annuls its original (the original's type, -1 movement); `false`:
       * not at all (a stock adjustment, transfer or count correction, issue 15, is neither a sale nor a receipt).
       */
      totals?: { negative: 'incoming' | 'outgoing'; movements: number } | false;
    },
  ): Promise<string> {
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
      trn: m.trn ?? null,
      remarks: m.remarks ?? null,
      source: m.source,
      sourceId: m.sourceId ?? null,
      reversesId: m.reversesId ?? null,
    });
    const batch = this.totals.get(tx);
    if (!batch) throw new Error('Stock movements must run inside StockLedgerService.run');
    const day = row.transactionDate.toISOString().slice(0, 10);
    if (m.totals === false) return row.id;
    if (m.totals) {
      const values = quantity.map((q) => ({ unit: q.name, value: `-${toDecimal(q.value)}` }));
      batch.add({ day, type: m.totals.negative, productId: product.id, warehouseId, customerId: m.customerId, quantity: values, movements: m.totals.movements });
    } else {
      const values = quantity.map((q) => ({ unit: q.name, value: toDecimal(q.value) }));
      batch.add({ day, type: m.type, productId: product.id, warehouseId, customerId: m.customerId, quantity: values });
    }
    return row.id;
  }
}

/** `items` split into rounds in which each key appears once, in the order given. */
function oncePerKey<T>(items: T[], keyOf: (item: T) => string): T[][] {
  const rounds: T[][] = [];
  const seen = new Map<string, number>();
  for (const item of items) {
    const n = seen.get(keyOf(item)) ?? 0;
    seen.set(keyOf(item), n + 1);
    (rounds[n] ??= []).push(item);
  }
  return rounds;
}

/** A posting statement found a level short (SQLSTATE SL001); {@link StockLedgerService.run} turns it into a 409 after the rollback. */
class Shortfall extends Error {
  constructor(
    readonly rows: (PostedRow & { product: LedgerProduct })[],
    readonly what: 'available' | 'reserved',
    readonly levels: ShortfallLevel[],
  ) {
    super('Not enough stock for this posting');
  }
}

/**
 * The 409 of issuing `rows` (their quantities added up per record and unit) from `levels` (those of
 * a failed posting, locked when it read them; a level missing holds 0): the first record and unit,
 * in lock order, holding less `what` (available, or reserved) than requested. Undefined when every
 * one holds enough.
 */
function shortOf(rows: (PostedRow & { product: LedgerProduct })[], levels: ShortfallLevel[], what: 'available' | 'reserved'): ConflictException | undefined {
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
    if (have < e.value) return notEnoughStock(e.product.name, e.unit, e.value, what, have);
  }
  return undefined;
}
