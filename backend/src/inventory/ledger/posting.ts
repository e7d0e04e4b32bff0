import { randomUUID } from 'node:crypto';
import { NotFoundException } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import type { Database, DbOrTx, Tx } from '../../database/database';
import { shortfallLevels } from '../../database/db-errors';
import { GroupedPostings } from '../grouped-postings';
import type { LedgerPostingsRepository } from '../ledger-postings.repository';
import type { InventoryLevelRow } from '../level-sql';
import { assertUnits } from '../quantity';
import type { LedgerInventory, StockLedgerRepository } from '../stock-ledger.repository';
import type { LedgerRecords } from './ledger-records';
import type { IssueContext, IssuedRow, IssueLine, IssueMovement, ReceivedRecord, ReceiveMovement } from './movements';
import type { PostingRetry } from './posting-retry';
import type { LedgerRollups } from './rollups';
import { Shortfall, shortOf } from './shortfall';

/**
 * Receipts and issues: levels, ledger rows and rollups of any number of lines in one statement
 * (LedgerPostingsRepository), so a level stays locked for that statement and the commit only.
 */
export class StockPosting {
  /**
   * Direct issues posted together when they arrive while others post: a group is one statement,
   * its audit events included. When a level is short for the group, the issues that the levels it
   * locked could not hold alone get their 409 from those levels, and the rest are posted again
   * (GroupedPostings), so each gets the answer it would have had alone.
   */
  private readonly directIssues = new GroupedPostings<{ rows: IssuedRow[]; audit?: SQL }, InventoryLevelRow[]>({
    group: (items) => this.retry.settle(() => this.postings.postIssues(this.db, items.flatMap((i) => i.rows), false, items.flatMap((i) => (i.audit ? [i.audit] : [])), true)),
    one: (item) => this.retry.settle(() => this.postIssues(this.db, item.rows, false, item.audit, true)),
    refusal: (failure, item) => {
      const levels = shortfallLevels(failure);
      return levels && shortOf(item.rows, levels, 'available');
    },
  });

  constructor(
    private readonly db: Database,
    private readonly repo: StockLedgerRepository,
    private readonly postings: LedgerPostingsRepository,
    private readonly records: LedgerRecords,
    private readonly rollups: LedgerRollups,
    private readonly retry: PostingRetry,
  ) {}

  /**
   * Receipts of several products into one warehouse in a few statements whatever their number:
   * products share-locked, records created on the first receipt (product id order), purchase price
   * (moving average), rate and date, then levels, ledger rows and rollups in one statement. Returns
   * per movement its record and ledger row. 404 unknown or removed product, unknown warehouse; 400
   * a unit not of the product or a bad quantity.
   */
  async receiveMany(tx: Tx, warehouseId: string, moves: Omit<ReceiveMovement, 'warehouseId'>[]): Promise<ReceivedRecord[]> {
    this.rollups.assertInRun(tx);
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
      return { unit: weight.name, quantity: weight.value, price: decimalText(m.purchasedPrice), rate: decimalText(m.depreciationRate), date: m.purchasedDate };
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

  /**
   * Issues several lines in one statement whatever their number: levels taken in (record id, unit)
   * order, ledger rows and rollups written together. A line's `id`, when given, becomes its ledger
   * row's id. Returns the ledger row ids in line order. 404 unknown record; 400 a unit not of the
   * product; when a level is short the statement fails and `run` answers 409 naming product, unit,
   * requested and available (or reserved, `fromReserved`) after rolling the whole transaction back.
   */
  async issueMany(tx: Tx, lines: IssueLine[], c: IssueContext): Promise<string[]> {
    this.rollups.assertInRun(tx);
    const rows = await this.issueRows(tx, lines, c);
    await this.postIssues(tx, rows, !!c.fromReserved);
    return rows.map((r) => r.id);
  }

  /**
   * A direct issue as ONE autocommitted statement: levels, ledger row, rollups and `audit` (its
   * event's INSERT) together, so the level stays locked for that statement only; issues arriving
   * while others post share one statement ({@link directIssues}). `record`, when the caller has read
   * it already, saves reading it again. Answers the record's level rows (every unit) as its posting
   * left them. Retried and explained as `run` does; errors as {@link issueMany}.
   */
  async issueNow(m: IssueMovement & { id: string }, opts: { audit?: SQL; record?: LedgerInventory } = {}): Promise<{ transactionId: string; levels: InventoryLevelRow[] }> {
    const rows = await this.issueRows(this.db, [m], m, opts.record && [opts.record]);
    const levels = await this.directIssues.submit({ rows, audit: opts.audit });
    return { transactionId: m.id, levels: levels.filter((l) => l.inventoryId === m.inventoryId) };
  }

  /** The ledger rows of issue `lines` (404 unknown record, 400 a unit not of the product). */
  private async issueRows(db: DbOrTx, lines: IssueLine[], c: IssueContext, known?: LedgerInventory[]): Promise<IssuedRow[]> {
    const invs = await this.records.inventoriesOf(db, lines, known);
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
  private async postIssues(db: DbOrTx, rows: IssuedRow[], fromReserved: boolean, audit?: SQL, answerLevels = false): Promise<InventoryLevelRow[]> {
    try {
      return await this.postings.postIssues(db, rows, fromReserved, audit ? [audit] : [], answerLevels);
    } catch (e) {
      const levels = shortfallLevels(e);
      if (levels) throw new Shortfall(rows, fromReserved ? 'reserved' : 'available', levels);
      throw e;
    }
  }
}

/** A price or rate as the decimal text of its NUMERIC column; undefined when absent or empty. */
function decimalText(v: string | number | undefined): string | undefined {
  return v === undefined || v === null || v === '' ? undefined : String(v);
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
