import { type BeforeApplicationShutdown, ConflictException, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { IMPORT_COLUMNS, IMPORT_NEEDS_WAREHOUSE, type ImportKind } from '@inventory/common';
import { sql } from 'drizzle-orm';
import { AuditService } from '../audit/audit.service';
import { AppConfig } from '../config/app-config';
import type { AuthUser } from '../common/auth/auth-user';
import { DB } from '../database/database.module';
import type { Database, Tx } from '../database/database';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import type { ImportView } from './dto/import.dto';
import { ImportKinds } from './import-kinds';
import { importContext, importNumber, toImportView, visibleImport } from './import-views';
import { type ImportContext, type ImportCounts, type ImportKindHandler, rowsOf } from './kinds/import-kind';
import { ImportsRepository, type ImportRecord } from './imports.repository';

const ALL_ROWS = { from: 0, to: 2_147_483_647 };
/** What a turn of a batched commit left: more batches, every row applied, or the import is no longer committing. */
type Turn = 'more' | 'applied' | 'gone';
/** Skipped rows listed by number in a commit's result. */
const SKIPPED_ROWS_LISTED = 1000;
/** Rows named in a 409 about records removed since the preview. */
const STALE_ROWS_LISTED = 100;
/** A staged row whose record was removed between preview and commit. */
type StaleRow = { row: number; field: string; message: string };
/** What a prepare writes, analysed before the rows are applied (ImportsRepository.analyze). */
const PREPARED_TABLES = ['import_refs', 'inventories', 'products', 'customers'] as ('import_refs' | 'inventories' | 'products' | 'customers')[];

/**
 * Commit and revert of imports. A file of up to 100,000 rows (IMPORT_SINGLE_COMMIT_ROWS)
 * commits in one transaction (all or nothing); a larger one becomes a job: `committing`, then
 * batches of 25,000 staged rows (IMPORT_BATCH_ROWS), each a transaction that also records `processed`, so a restarted process
 * resumes where the last committed batch ended (start-up looks for imports left `committing`).
 * Every step locks the import row first: two commits or a commit and a revert never interleave.
 */
@Injectable()
export class ImportCommitService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ImportCommitService.name);
  /** Batched commits running in this process (their promises, for shutdown and tests). */
  private readonly running = new Map<string, Promise<void>>();
  /** Set on shutdown: running jobs stop after their current batch and stay `committing` (resumed at the next start). */
  private stopping = false;

  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repo: ImportsRepository,
    private readonly kinds: ImportKinds,
    private readonly ledger: StockLedgerService,
    private readonly audit: AuditService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.repo.committing().then(
      (ids) => ids.forEach((id) => this.startBatches(id)),
      (e: unknown) => this.logger.warn(`Could not look for imports to resume: ${e instanceof Error ? e.message : String(e)}`),
    );
  }

  /** Lets running jobs finish their current batch before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled(this.running.values());
  }

  /**
   * POST /api/imports/{id}/commit. 409 unless previewed, or when rows have errors and the upload
   * did not set `options.skip_invalid` (those rows are then skipped and counted in `result.skipped`).
   * Every row is checked again against what was removed since the preview (a category, product or
   * customer it names): such rows get an error; without skip_invalid nothing is applied and the
   * answer is 409 `{message, errors: [{row, field, message}]}`, with skip_invalid they are skipped.
   */
  async commit(user: AuthUser, id: string): Promise<ImportView> {
    const found = visibleImport(user, await this.repo.find(id));
    assertCommittable(found);
    const batched = found.rows > this.config.IMPORT_SINGLE_COMMIT_ROWS;
    const stale = await this.ledger.run(async (tx) => {
      const imp = assertCommittable(visibleImport(user, await this.repo.find(id, tx, true)));
      const ctx = importContext(imp, user.id);
      const kind = this.kinds.of(ctx.kind);
      // the marks are kept (this transaction commits) so the import's errors list the rows
      const lost = await recheck(tx, imp, ctx, kind);
      if (lost.length && !imp.options.skip_invalid) return lost;
      const skipped = imp.errorCount + lost.length;
      if (batched) {
        await this.repo.update(tx, id, { status: 'committing', committedBy: user.id, committedAt: new Date(), processed: 0, result: { skipped } });
        return [];
      }
      await kind.prepare(tx, ctx);
      await this.repo.analyze(tx, PREPARED_TABLES);
      const counts = await kind.apply(tx, ctx, ALL_ROWS);
      await this.finish(tx, imp, user.id, { ...counts, skipped }, imp.rows);
      return [];
    });
    if (stale.length) {
      const message = `Import ${importNumber(found.number)}: ${stale.length} rows name records removed after the preview; nothing was imported. Upload the file again, or upload it choosing "Skip rows with errors"`;
      throw new ConflictException({ message, errors: stale.slice(0, STALE_ROWS_LISTED) });
    }
    if (batched) this.startBatches(id);
    else await this.settle(found);
    return this.view(id);
  }

  /**
   * POST /api/imports/{id}/revert: undoes a committed import (or what a failed batched commit
   * applied) in one transaction; 409 naming what now depends on it, or when it is not committed.
   */
  async revert(user: AuthUser, id: string): Promise<ImportView> {
    visibleImport(user, await this.repo.find(id));
    await this.ledger.run(async (tx) => {
      const imp = visibleImport(user, await this.repo.find(id, tx, true));
      if (!(imp.status === 'committed' || (imp.status === 'failed' && imp.processed > 0))) {
        throw new ConflictException(`Import ${importNumber(imp.number)} is ${imp.status}: only a committed import can be reverted`);
      }
      const counts = await this.kinds.of(imp.kind as never).revert(tx, importContext(imp, user.id));
      await this.repo.update(tx, id, { status: 'reverted', revertedBy: user.id, revertedAt: new Date(), result: { ...(imp.result ?? {}), reverted: counts } });
      await this.audit.record(tx, { action: 'revert', entity: 'import', entityId: id, changes: countChanges(imp, counts) });
    });
    return this.view(id);
  }

  /** Resolves once the batched commit of `id` running in this process (if any) has ended. */
  async settled(id: string): Promise<void> {
    await this.running.get(id);
  }

  async view(id: string): Promise<ImportView> {
    const r = (await this.repo.find(id))!;
    return toImportView(r, { errors: await this.repo.errors(id, 1000), sample: await this.repo.sample(id, 20) });
  }

  private startBatches(id: string): void {
    if (this.running.has(id)) return;
    const job = this.runBatches(id).finally(() => this.running.delete(id));
    this.running.set(id, job);
  }

  /**
   * Runs the remaining batches of a committing import, readies the ledger (VACUUM, outside any
   * transaction) and then marks it committed, so its first readers find it settled. A failure
   * marks it `failed` with the message.
   */
  private async runBatches(id: string): Promise<void> {
    try {
      // each turn is one transaction; other requests get the database between batches
      let turn: Turn = 'more';
      while (!this.stopping && turn === 'more') turn = await this.ledger.run((tx) => this.nextBatch(tx, id));
      if (turn !== 'applied') return;
      await this.settle((await this.repo.find(id))!);
      await this.ledger.run(async (tx) => {
        const imp = await this.repo.find(id, tx, true);
        if (imp?.status !== 'committing') return;
        const { prepared, ...counts } = (imp.result ?? {}) as ImportCounts & { prepared?: boolean };
        void prepared;
        await this.finish(tx, imp, imp.committedBy!, counts, imp.processed);
      });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.logger.error(`Import ${id} failed: ${message}`);
      const imp = await this.repo.find(id);
      await this.repo.update(this.db, id, { status: 'failed', result: { ...(imp?.result ?? {}), error: message } });
    }
  }

  /** One transaction of a batched commit: prepare first, then the next batch; `applied` once no row is left. */
  private async nextBatch(tx: Tx, id: string): Promise<Turn> {
    const imp = await this.repo.find(id, tx, true);
    if (!imp || imp.status !== 'committing') return 'gone';
    const ctx = importContext(imp, imp.committedBy!);
    const kind = this.kinds.of(ctx.kind);
    const result = (imp.result ?? {}) as ImportCounts & { prepared?: boolean };
    if (!result.prepared) {
      await kind.prepare(tx, ctx);
      await this.repo.analyze(tx, PREPARED_TABLES);
      await this.repo.update(tx, id, { result: { ...result, prepared: true } });
      return 'more';
    }
    const range = await this.repo.nextRange(tx, id, imp.processed, this.config.IMPORT_BATCH_ROWS);
    if (!range) return 'applied';
    const counts = await kind.apply(tx, ctx, range);
    const sum: ImportCounts = { ...result };
    for (const [k, v] of Object.entries(counts)) sum[k] = (sum[k] ?? 0) + v;
    await this.repo.update(tx, id, { processed: imp.processed + range.count, result: sum });
    return 'more';
  }

  /** After a stock import, readies the ledger for its first reads (best effort: a failure is only logged). */
  private async settle(imp: ImportRecord): Promise<void> {
    if (!IMPORT_NEEDS_WAREHOUSE.includes(imp.kind as ImportKind)) return;
    await this.repo.settleLedger().catch((e: unknown) => this.logger.warn(`VACUUM after import ${imp.id}: ${e instanceof Error ? e.message : String(e)}`));
  }

  private async finish(tx: Tx, imp: ImportRecord, userId: string, counts: ImportCounts, processed: number): Promise<void> {
    // the rows skip_invalid left out, by number (their errors stay readable through GET /imports/{id}/errors)
    const skippedRows = counts.skipped ? await this.repo.rowsWithErrors(tx, imp.id, SKIPPED_ROWS_LISTED) : [];
    const result = { ...counts, ...(skippedRows.length ? { skipped_rows: skippedRows } : {}) };
    await this.repo.update(tx, imp.id, { status: 'committed', processed, result, committedBy: userId, committedAt: imp.committedAt ?? new Date() });
    // a batched commit finishes outside any request: the event names who committed it
    const person = imp.committedByJson as { first_name: string; last_name: string } | null;
    const actor = person && imp.committedBy ? { id: imp.committedBy, name: `${person.first_name} ${person.last_name}`, role: null } : undefined;
    await this.audit.record(tx, { action: 'commit', entity: 'import', entityId: imp.id, actor: imp.status === 'committing' ? actor : undefined, changes: countChanges(imp, counts) });
  }
}

/**
 * Marks the valid staged rows whose records were removed since the preview (the kind's stale
 * checks) with an error naming the file's column, and counts them in the import's errors.
 */
async function recheck(tx: Tx, imp: ImportRecord, ctx: ImportContext, kind: ImportKindHandler): Promise<StaleRow[]> {
  const lost: StaleRow[] = [];
  for (const check of kind.stale?.(ctx) ?? []) {
    const column = imp.mapping[check.field] ?? IMPORT_COLUMNS[ctx.kind].find((c) => c.field === check.field)!.header;
    const rows = await rowsOf<{ row: number; message: string }>(
      tx,
      sql`UPDATE import_rows r SET errors = jsonb_build_array(jsonb_build_object('column', ${column}::text, 'message', ${check.message}))
          WHERE r.import_id = ${imp.id} AND r.errors IS NULL AND ${check.lost}
          RETURNING r.row, r.errors->0->>'message' AS message`,
    );
    lost.push(...rows.map((r) => ({ row: r.row, field: column, message: r.message })));
  }
  if (lost.length) await tx.execute(sql`UPDATE imports SET error_count = error_count + ${lost.length} WHERE id = ${imp.id}`);
  return lost.sort((a, b) => a.row - b.row);
}

/** 409 unless the import can be committed now. */
function assertCommittable(imp: ImportRecord): ImportRecord {
  if (imp.status !== 'previewed') throw new ConflictException(`Import ${importNumber(imp.number)} is ${imp.status}: only a previewed import can be committed`);
  if (imp.errorCount > 0 && !imp.options.skip_invalid) {
    throw new ConflictException(`Import ${importNumber(imp.number)} has ${imp.errorCount} rows with errors: correct the file and upload it again, or upload it choosing "Skip rows with errors" to import only the valid rows`);
  }
  return imp;
}

/** One audit event per import: its kind, file and counts, not one per row. */
function countChanges(imp: ImportRecord, counts: ImportCounts) {
  return [
    { field: 'kind', before: null, after: imp.kind },
    { field: 'file', before: null, after: imp.fileName },
    { field: 'rows', before: null, after: imp.rows },
    ...Object.entries(counts).map(([field, after]) => ({ field, before: null, after })),
  ];
}
