import { sql } from 'drizzle-orm';
import type { Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createWarehouse, uniq, type TestApp, type TestUser } from '../../test/test-app';
import { dailyTotalMismatches } from '../inventory/testing';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import { ImportCommitService } from './import-commit.service';
import { ImportKinds } from './import-kinds';
import { csvOf, upload } from './testing';

const SETUP_MS = 300_000;

/**
 * Batched commits: above IMPORT_SINGLE_COMMIT_ROWS (100,000; 3 here) an import commits
 * as a job in batches of IMPORT_BATCH_ROWS (2 here), showing progress, and resumes after a restart.
 */
describe('Imports API: batched, resumable commits (issue 16)', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let A: string;

  beforeAll(async () => {
    t = await createTestApp({ IMPORT_SINGLE_COMMIT_ROWS: '3', IMPORT_BATCH_ROWS: '2', STATS_MEMO_SECONDS: '0' });
    A = await createWarehouse(t);
    u = await createRoleUsers(t, A);
  }, SETUP_MS);
  afterAll(() => t.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const history = (prefix: string) =>
    csvOf([
      ['Invoice', 'Date', 'Customer', 'Product code', 'Product name', 'Quantity', 'Unit price'],
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => [`INV-${n}`, `2011-0${1 + (n % 3)}-1${n} 10:00`, n % 2 ? 'Alpha' : '', `${prefix}-${n % 3}`, `Thing ${n % 3}`, String(n), '1.5']),
    ]);
  const until = async (id: string, done: (s: string) => boolean) => {
    for (let i = 0; i < 200; i++) {
      const res = await t.http.get(`/api/imports/${id}`).set(bearer(u.finance.token));
      if (done(res.body.data.import.status)) return res.body.data.import;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('import did not finish');
  };

  it('commits a large file as a job in batches, with progress, to the same figures as one transaction', async () => {
    const prefix = `B${uniq()}`;
    const preview = await upload(t, u.finance.token, history(prefix), 'h.csv', { kind: 'sales_history', warehouse: A, options: { create_missing: true } });
    expect(preview.body.data.import).toMatchObject({ rows: 7, error_count: 0 });
    const commit = await t.http.post(`/api/imports/${preview.body.data.import._id}/commit`).set(bearer(u.finance.token));
    expect(commit.status).toBe(200);
    expect(commit.body.data.import.status).toBe('committing');
    expect((await t.http.post(`/api/imports/${preview.body.data.import._id}/commit`).set(bearer(u.finance.token))).status).toBe(409);
    const done = await until(preview.body.data.import._id, (s) => s !== 'committing');
    expect(done).toMatchObject({ status: 'committed', processed: 7, result: { recorded: 7, skipped: 0 } });
    const [{ total }] = await rows<{ total: string }>(sql`SELECT sum(quantity)::text AS total FROM stock_daily_totals d JOIN products p ON p.id = d.product_id WHERE p.code LIKE ${`${prefix}-%`}`);
    expect(Number(total)).toBe(28); // 1 + 2 + ... + 7
    expect(await dailyTotalMismatches(t.db)).toEqual([]);
  });

  it('resumes a job left committing by a stopped process where its last batch ended', async () => {
    const prefix = `R${uniq()}`;
    const preview = await upload(t, u.finance.token, history(prefix), 'h.csv', { kind: 'sales_history', warehouse: A, options: { create_missing: true } });
    const id = preview.body.data.import._id as string;
    // as a process stopped after its first batch would leave it: prepared, rows 2 and 3 applied
    await t.db.execute(sql`UPDATE imports SET status = 'committing', committed_by = created_by, committed_at = now() WHERE id = ${id}`);
    const [imp] = await rows<{ number: number; created_by: string }>(sql`SELECT number, created_by FROM imports WHERE id = ${id}`);
    const ctx = { id, number: imp.number, kind: 'sales_history' as const, warehouseId: A, options: { create_missing: true }, userId: imp.created_by };
    await t.app.get(StockLedgerService).run(async (tx) => {
      const kind = t.app.get(ImportKinds).of('sales_history');
      await kind.prepare(tx, ctx);
      await kind.apply(tx, ctx, { from: 2, to: 3 });
    });
    await t.db.execute(sql`UPDATE imports SET processed = 2, result = '{"prepared": true, "recorded": 2, "skipped": 0}' WHERE id = ${id}`);
    t.app.get(ImportCommitService).onApplicationBootstrap();
    const done = await until(id, (s) => s !== 'committing');
    expect(done).toMatchObject({ status: 'committed', processed: 7, result: { recorded: 7 } });
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_transactions WHERE source_id = ${id}`);
    expect(n).toBe(7);
    expect(await dailyTotalMismatches(t.db)).toEqual([]);
  });
});
