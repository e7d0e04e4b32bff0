/**
 * Transaction search over the seeded ledger with three filters (warehouse, type, 90-day range):
 * p50/p95 through the API at 8 concurrent clients, and the very same SQL (captured from the
 * repository) run directly through node-postgres at the same concurrency, both as sent once
 * (unnamed) and prepared on each connection as the API's statements are, with the ratios of the
 * API's p95 to each (targets: <= 1.35 against unnamed, <= 2.0 against prepared).
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { AuthUser } from '../src/common/auth/auth-user';
import type { Database } from '../src/database/database';
import { preparedName } from '../src/database/preparing-client';
import * as schema from '../src/database/schema';
import { TransactionsRepository } from '../src/transactions/transactions.repository';
import { TransactionsService } from '../src/transactions/transactions.service';
import { judged, percentile, post, r2, runConcurrent, type BenchContext, type BenchRow } from './lib';

export const name = 'transactions-search';

const CLIENTS = 8;
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 400);
/**
 * Requests before measuring, so V8 has compiled the request path (steady state, not start-up): run
 * alone, 200 left the API's p95 at 34–38 ms where 2,000 gave 27 ms (2026-11-27).
 */
const WARM_UP = 1000;
/** Highest API p95 / direct p95, against each way of running the statement directly. */
const TARGET_RATIO = { unnamed: 1.35, prepared: 2.0 };

async function busiestWarehouse(ctx: BenchContext): Promise<string> {
  const res = (await ctx.db.execute(sql`SELECT id FROM warehouses ORDER BY (SELECT count(*) FROM stock_transactions t WHERE t.warehouse_id = warehouses.id) DESC LIMIT 1`)) as unknown as { rows: { id: string }[] };
  return res.rows[0].id;
}

/** The statements the API runs for `body`, captured through a logging Drizzle instance. */
async function captureSql(ctx: BenchContext, body: object): Promise<{ text: string; params: unknown[] }[]> {
  const captured: { text: string; params: unknown[] }[] = [];
  const db = drizzle(ctx.pool, { schema, logger: { logQuery: (text, params) => captured.push({ text, params }) } }) as unknown as Database;
  const admin: AuthUser = { id: '', role: 'admin', firstName: '', lastName: '', email: '', warehouseId: null };
  // no pool: the repository runs the search through the logging Drizzle instance
  await new TransactionsService(new TransactionsRepository({ db, driver: 'postgres', listen: async () => async () => undefined, close: async () => undefined })).search(admin, body);
  return captured;
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  const body = { warehouseId: await busiestWarehouse(ctx), transactionType: 'outgoing', dateRange: [from, today] };
  let total = 0;
  const api = async () => {
    const res = await post(ctx.baseUrl, '/api/transactions/search?page=1&limit=10', body, ctx.adminToken);
    if (res.status !== 200) throw new Error(`search answered ${res.status}: ${JSON.stringify(res.body)}`);
    total = res.body.data.total_count;
  };
  const statements = await captureSql(ctx, body);
  // each statement as a client sends it once (unnamed: parsed and planned on every run), and prepared
  // on each connection as the API's pool keeps it (DB_PREPARED_STATEMENTS): against the latter the
  // ratio is the API's own overhead alone
  const unnamed = async () => {
    await Promise.all(statements.map((s) => ctx.pool.query(s.text, s.params)));
  };
  const prepared = async () => {
    await Promise.all(statements.map((s) => ctx.pool.query({ name: preparedName(s.text), text: s.text, values: s.params })));
  };
  for (const fn of [api, unnamed, prepared]) await runConcurrent(CLIENTS, WARM_UP, fn);
  const apiMs = await runConcurrent(CLIENTS, REQUESTS, api);
  const note = `warehouse + outgoing + 90 days; ${total} matches; ${REQUESTS} requests, ${CLIENTS} clients`;
  const [a50, a95] = [percentile(apiMs, 50), percentile(apiMs, 95)];
  const rows: BenchRow[] = [
    { measurement: 'API p50', value: r2(a50), unit: 'ms', note },
    judged({ measurement: 'API p95', value: r2(a95), unit: 'ms' }, '<', 50),
  ];
  for (const [label, fn] of [['unnamed', unnamed], ['prepared', prepared]] as const) {
    const ms = await runConcurrent(CLIENTS, REQUESTS, fn);
    const [d50, d95] = [percentile(ms, 50), percentile(ms, 95)];
    rows.push(
      { measurement: `direct SQL (${label}) p50`, value: r2(d50), unit: 'ms', note: `the ${statements.length} statement(s) the API sends, via node-postgres` },
      { measurement: `direct SQL (${label}) p95`, value: r2(d95), unit: 'ms' },
      { measurement: `API/direct (${label}) p50 ratio`, value: r2(a50 / d50), unit: 'x' },
      judged({ measurement: `API/direct (${label}) p95 ratio`, value: r2(a95 / d95), unit: 'x' }, '<=', TARGET_RATIO[label]),
    );
  }
  return rows;
}
