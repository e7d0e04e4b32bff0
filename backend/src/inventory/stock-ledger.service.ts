import { Inject, Injectable, Optional } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database, DbOrTx, Tx } from '../database/database';
import type { QuantityEntry } from '../database/schema';
import { ChangeFeed } from '../database/change-feed';
import { ImportPostingsRepository, type ImportRange } from './import-postings.repository';
import { StockCorrections } from './ledger/corrections';
import { LedgerRecords } from './ledger/ledger-records';
import type {
  AdjustManyMovement,
  AdjustMovement,
  CorrectionRows,
  CustomerReturnMovement,
  IssueContext,
  IssueLine,
  IssueMovement,
  ReceivedRecord,
  ReceiveMovement,
  ReverseMovement,
  TransferInMovement,
  TransferOutMovement,
} from './ledger/movements';
import { PostingRetry } from './ledger/posting-retry';
import { StockPosting } from './ledger/posting';
import { StockReservations } from './ledger/reservations';
import { LedgerReversals } from './ledger/reversals';
import { LedgerRollups } from './ledger/rollups';
import { TransferPostings } from './ledger/transfers';
import { LedgerPostingsRepository } from './ledger-postings.repository';
import type { InventoryLevelRow } from './level-sql';
import { StockLedgerRepository, type LedgerInventory } from './stock-ledger.repository';

/**
 * The stock ledger: the ONLY writer of stock_levels, stock_transactions and the statistics
 * rollups. Every movement runs inside a transaction opened by {@link run} (or, a direct issue, as
 * one autocommitted statement: {@link issueNow}) and writes levels, immutable ledger rows and the
 * rollups together, so levels always equal the ledger sums. This class is the one entry point; the
 * work is done by its collaborators in `ledger/`: receipts and issues (StockPosting), reservations
 * (StockReservations), reversals, returns and import reverts with the rule of what may be reversed
 * (LedgerReversals), adjustments and count corrections (StockCorrections), transfers
 * (TransferPostings), ledger rows and rollups (LedgerRollups) and transactions with their retries
 * (PostingRetry).
 *
 * Concurrency: levels change only through conditional UPDATEs (on_hand - reserved >= q, or
 * reserved >= q), so parallel postings can neither oversell nor lose updates on PostgreSQL
 * (PGlite runs one transaction at a time). A deadlock or serialization failure left over is retried
 * by {@link run}.
 *
 * LOCK ORDER. Every posting takes its row locks in this one order, so two postings may wait for
 * each other but never deadlock:
 *  1. the caller's own document row (outgoing or incoming list, transfer, stock count, adjustment,
 *     import), FOR UPDATE, before calling the ledger: steps on one document run one after another;
 *  2. a reversal's original ledger row, FOR UPDATE (a second reversal waits, then finds the first);
 *  3. the products receiving stock, FOR SHARE in product id order, so a product's removal or unit
 *     change waits for the posting (those lock the product and no level row, so taking these share
 *     locks after the levels, as a stock count's additions do, cannot deadlock either);
 *  4. inventory records created or updated by a receipt or a transfer's destination, in product id
 *     order (one upsert);
 *  5. level rows, in (record id, unit) order, units in code-unit order (`COLLATE "C"`,
 *     byRecordThenUnit): set-based statements sort their rows so; one-record movements change units
 *     in unit name order; a transaction moving several records one at a time moves them in
 *     ascending record id (callers pass lines in that order: list lines, transfer lines, count lines);
 *  6. the statistics rollups last, table by table (daily, product, customer), each table's rows in
 *     key order (MovementTotalsBatch, LedgerPostingsRepository).
 * New ledger rows are inserted, never updated, and take no lock another posting waits for.
 *
 * Errors: 400 bad unit or quantity (> 0, at most 3 decimals, units of the product), 404 unknown
 * product, warehouse or inventory record, 409 not enough stock; 503 (error filter) when a posting
 * still collides after its retries.
 */
@Injectable()
export class StockLedgerService {
  private readonly retry: PostingRetry;
  private readonly posting: StockPosting;
  private readonly reservations: StockReservations;
  private readonly reversals: LedgerReversals;
  private readonly corrections: StockCorrections;
  private readonly transfers: TransferPostings;

  constructor(
    @Inject(DB) private readonly db: Database,
    repo: StockLedgerRepository,
    private readonly imports: ImportPostingsRepository,
    postings: LedgerPostingsRepository,
    @Optional() feed?: ChangeFeed,
  ) {
    const rollups = new LedgerRollups(repo);
    const records = new LedgerRecords(repo);
    this.retry = new PostingRetry(db, rollups, feed);
    this.posting = new StockPosting(db, repo, postings, records, rollups, this.retry);
    this.reservations = new StockReservations(db, repo, records);
    this.reversals = new LedgerReversals(repo, imports, records, rollups);
    this.corrections = new StockCorrections(repo, records, rollups);
    this.transfers = new TransferPostings(repo, records, rollups);
  }

  /**
   * Runs `fn` in one database transaction (rolled back when it throws) and writes the rollups of
   * its movements at the end; the whole transaction runs again on a deadlock or serialization
   * failure (up to 5 tries), so `fn` must have no effect outside it. See {@link PostingRetry.run}.
   */
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.retry.run(fn);
  }

  /** Receives stock, creating the inventory record on the first receipt. See {@link StockPosting.receiveMany}. */
  async receive(tx: Tx, m: ReceiveMovement): Promise<ReceivedRecord> {
    const [posted] = await this.posting.receiveMany(tx, m.warehouseId, [m]);
    return posted;
  }

  /** Receipts of several products into one warehouse (an approved incoming list). See {@link StockPosting.receiveMany}. */
  receiveMany(tx: Tx, warehouseId: string, moves: Omit<ReceiveMovement, 'warehouseId'>[]): Promise<ReceivedRecord[]> {
    return this.posting.receiveMany(tx, warehouseId, moves);
  }

  /** Issues stock; 409 naming product, unit, requested and available when short (nothing changes). See {@link StockPosting.issueMany}. */
  async issue(tx: Tx, m: IssueMovement): Promise<{ transactionId: string }> {
    const [transactionId] = await this.posting.issueMany(tx, [{ inventoryId: m.inventoryId, quantity: m.quantity, id: m.id }], m);
    return { transactionId };
  }

  /** Issues several lines (a delivered outgoing list) in one statement; ledger row ids in line order. See {@link StockPosting.issueMany}. */
  issueMany(tx: Tx, lines: IssueLine[], c: IssueContext): Promise<string[]> {
    return this.posting.issueMany(tx, lines, c);
  }

  /** A direct issue as one autocommitted statement, with `audit`; answers the record's levels after it. See {@link StockPosting.issueNow}. */
  issueNow(m: IssueMovement & { id: string }, opts: { audit?: SQL; record?: LedgerInventory } = {}): Promise<{ transactionId: string; levels: InventoryLevelRow[] }> {
    return this.posting.issueNow(m, opts);
  }

  /** Reverses a direct receipt or issue with the opposite movement (404; 409 when it may not be, or the stock is gone). See {@link LedgerReversals.reverse}. */
  reverse(tx: Tx, m: ReverseMovement): Promise<{ transactionId: string; originalId: string }> {
    return this.reversals.reverse(tx, m);
  }

  /** Takes goods a customer sends back into the record they were delivered from. See {@link LedgerReversals.customerReturn}. */
  customerReturn(tx: Tx, m: CustomerReturnMovement): Promise<{ transactionId: string }> {
    return this.reversals.customerReturn(tx, m);
  }

  /** Posts an approved stock adjustment or a count's correction of one record (no rollups). See {@link StockCorrections.adjust}. */
  adjust(tx: Tx, m: AdjustMovement): Promise<CorrectionRows> {
    return this.corrections.adjust(tx, m);
  }

  /** Corrections of many records at once (a stock count's approval). See {@link StockCorrections.adjustMany}. */
  adjustMany(tx: Tx, m: AdjustManyMovement): Promise<CorrectionRows[]> {
    return this.corrections.adjustMany(tx, m);
  }

  /** Dispatches every line of a transfer; outgoing row ids in line order. See {@link TransferPostings.transferOutMany}. */
  transferOutMany(tx: Tx, m: TransferOutMovement): Promise<string[]> {
    return this.transfers.transferOutMany(tx, m);
  }

  /** The destination's records of a transfer's products, opened at dispatch. See {@link TransferPostings.openTransferRecords}. */
  openTransferRecords(tx: Tx, m: { sourceInventoryIds: string[]; warehouseId: string }): Promise<Map<string, string>> {
    return this.transfers.openTransferRecords(tx, m);
  }

  /** Receives every line of a transfer into its destination records. See {@link TransferPostings.transferInMany}. */
  transferInMany(tx: Tx, m: TransferInMovement): Promise<ReceivedRecord[]> {
    return this.transfers.transferInMany(tx, m);
  }

  /**
   * Opening stock of a bulk import: the valid staged rows of `range` received into `warehouseId`
   * (source `import`, source_id the import), levels and rollups with them. Staged rows hold checked
   * `product_id`, `unit` and `quantity`. Returns the ledger rows written.
   */
  receiveImportedStock(tx: Tx, range: ImportRange, m: { warehouseId: string; userId: string; remarks: string }): Promise<number> {
    return this.imports.receiveOpeningStock(tx, range, m);
  }

  /**
   * Sales history of a bulk import: ledger rows at their own dates (source `import_history`);
   * levels unchanged, statistics as if posted on those dates. Returns the rows written.
   */
  recordSalesHistory(tx: Tx, range: ImportRange, m: { warehouseId: string; userId: string; remarks: string }): Promise<number> {
    return this.imports.recordSalesHistory(tx, range, m);
  }

  /** Reverses every movement of an import (409 when its opening stock is no longer available). See {@link LedgerReversals.reverseImport}. */
  reverseImport(tx: Tx, importId: string, m: { source: 'import' | 'import_history'; userId: string; remarks: string }): Promise<number> {
    return this.reversals.reverseImport(tx, importId, m);
  }

  /** Reserves available stock (on_hand - reserved); 409 when short. Writes no ledger row. */
  reserve(tx: Tx, inventoryId: string, quantity: QuantityEntry[]): Promise<void> {
    return this.reservations.reserve(tx, inventoryId, quantity);
  }

  /** Releases a reservation; 409 when less is reserved than asked. Writes no ledger row. */
  release(tx: Tx, inventoryId: string, quantity: QuantityEntry[]): Promise<void> {
    return this.reservations.release(tx, inventoryId, quantity);
  }

  /** Available (on_hand - reserved) per unit of the record, in unit name order. */
  available(inventoryId: string, tx: DbOrTx = this.db): Promise<QuantityEntry[]> {
    return this.reservations.available(inventoryId, tx);
  }
}
