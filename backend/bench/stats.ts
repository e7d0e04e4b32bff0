/**
 * Benchmark of the dashboard statistics routes: p50/p95 latency through the HTTP API
 * with 8 concurrent clients on a ledger of 1,000,000 transactions.
 *
 * Standalone: `npx ts-node --transpile-only bench/stats.ts` (needs PostgreSQL at BENCH_PG_URL,
 * default postgres://postgres@127.0.0.1:5432/test; seeds database bench_stats once, starts the
 * API on BENCH_PORT (3106) and prints a markdown table).
 * From bench/run.ts: `benchStats({baseUrl, token})` against an already seeded, running app.
 */
import argon2 from 'argon2';
import { Client } from 'pg';
import { openDatabase } from '../src/database/database';
import { BENCH_PASSWORD, judged, percentile, post, request, startApp, type BenchRow, type RunningApp } from './lib';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'bench.admin@bench.local', password: 'Bench#Pass1!' };

/** A running API and an admin token for it. */
export interface ApiTarget {
  baseUrl: string;
  token: string;
}

/** Creates database `name` on the PostgreSQL server of `serverUrl` when missing; returns its URL. */
export async function ensureDatabase(name: string, serverUrl = PG_URL): Promise<string> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `sql` statements on `url`. */
export async function runSql(url: string, statements: string[]): Promise<Record<string, unknown>[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    let last: Record<string, unknown>[] = [];
    for (const s of statements) last = (await c.query(s)).rows;
    return last;
  } finally {
    await c.end();
  }
}

/** Starts the API as a child process against `databaseUrl` and signs in as the bench admin. */
export async function startApi(databaseUrl: string, name: string): Promise<ApiTarget & RunningApp> {
  const app = await startApp(databaseUrl, name);
  const login = await fetch(`${app.baseUrl}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return { ...app, token };
}

/** Shape of the generated ledger. */
export interface LedgerShape {
  transactions: number;
  products: number;
  warehouses: number;
  customers: number;
  /** Movements are spread over this many days before today. */
  days: number;
}

/**
 * Generates a ledger in SQL on a migrated database (once: skipped when it holds movements):
 * catalogue, an inventory record per product and warehouse, `transactions` movements (half
 * incoming, half outgoing to customers, 1 to 50 of the product's first unit) and the
 * stock_daily_totals rollup exactly as the stock ledger writes it. Returns the row counts.
 */
export async function seedLedger(url: string, s: LedgerShape): Promise<{ transactions: number; dailyRows: number }> {
  await (await openDatabase(url, '')).close(); // applies the migrations
  const count = async () =>
    (await runSql(url, ['SELECT (SELECT count(*) FROM stock_transactions)::int AS t, (SELECT count(*) FROM stock_daily_totals)::int AS d, (SELECT count(*) FROM warehouses)::int AS w']))[0] as { t: number; d: number; w: number };
  if ((await count()).w === 0) {
    process.stderr.write(`seeding ${s.transactions} transactions, ${s.products * s.warehouses} inventory records (takes a few minutes)...\n`);
    await runSql(url, ledgerSql(s));
  }
  await ensureBenchAdmin(url);
  const { t, d } = await count();
  return { transactions: t, dailyRows: d };
}

/** The seeded movements belong to the bench admin, who signs in with ADMIN (the app only bootstraps an admin on an empty database). */
async function ensureBenchAdmin(url: string): Promise<void> {
  const hash = await argon2.hash(ADMIN.password);
  const c = new Client({ connectionString: url });
  await c.connect();
  await c.query(`UPDATE users SET email = $1, password_hash = $2 WHERE email IN ($1, 'seeder@bench.local')`, [ADMIN.email, hash]);
  await c.end();
}

function ledgerSql(s: LedgerShape): string[] {
  return [
    `INSERT INTO warehouses (name, address) SELECT 'Bench warehouse ' || g, 'Addis Ababa' FROM generate_series(1, ${s.warehouses}) g`,
    `INSERT INTO categories (name, description, quantity_measurement) SELECT 'Bench category ' || g, '', ARRAY['kg','pcs'] FROM generate_series(1, 20) g`,
    `INSERT INTO products (category_id, name, code, units, buffer_unit)
       SELECT c.id, 'Bench product ' || g, 'BP-' || g, CASE WHEN g % 3 = 0 THEN ARRAY['pcs','kg'] ELSE ARRAY['kg'] END, 'kg'
       FROM generate_series(1, ${s.products}) g JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM categories) c ON c.n = g % 20`,
    `INSERT INTO customers (name, company, phone_no, email) SELECT 'Bench customer ' || g, 'ACME', ARRAY['911000000'], 'c' || g || '@bench.local' FROM generate_series(1, ${s.customers}) g`,
    `INSERT INTO users (first_name, last_name, email, phone, role, password_hash) VALUES ('Bench', 'Seeder', 'seeder@bench.local', '911000000', 'admin', 'x') ON CONFLICT DO NOTHING`,
    `INSERT INTO inventories (product_id, warehouse_id, category_id, purchased_price, depreciation_rate, purchased_date)
       SELECT p.id, w.id, p.category_id, 10 + (hashtext(p.id::text) & 1023), 5 + (hashtext(w.id::text) & 15), now() - interval '1 day' * (hashtext(p.id::text || w.id::text) & 2047)
       FROM products p CROSS JOIN warehouses w`,
    `CREATE TEMP TABLE inv AS SELECT row_number() OVER (ORDER BY i.id) - 1 AS n, i.id, i.product_id, i.warehouse_id, i.category_id, p.units[1] AS unit
       FROM inventories i JOIN products p ON p.id = i.product_id`,
    `CREATE TEMP TABLE cust AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM customers`,
    `INSERT INTO stock_transactions (transaction_type, inventory_id, product_id, warehouse_id, category_id, quantity, grn, gin, customer_id, user_id, source, transaction_date)
       SELECT CASE WHEN g % 2 = 0 THEN 'incoming' ELSE 'outgoing' END, inv.id, inv.product_id, inv.warehouse_id, inv.category_id,
              jsonb_build_array(jsonb_build_object('name', inv.unit, 'value', 1 + g % 50)),
              CASE WHEN g % 2 = 0 THEN 'GRN-' || g END, CASE WHEN g % 2 = 1 THEN 'GIN-' || g END,
              CASE WHEN g % 2 = 1 THEN cust.id END, (SELECT id FROM users WHERE email = 'seeder@bench.local'), 'direct',
              now() - interval '1 second' * ((g::bigint * 7919) % (${s.days}::bigint * 86400))
       FROM generate_series(1, ${s.transactions}) g
       JOIN inv ON inv.n = (g::bigint * 104729) % (SELECT count(*) FROM inv)
       JOIN cust ON cust.n = (g::bigint * 31) % (SELECT count(*) FROM cust)`,
    `INSERT INTO stock_daily_totals (day, transaction_type, product_id, warehouse_id, customer_id, unit, quantity, movements)
       SELECT (t.transaction_date AT TIME ZONE 'UTC')::date, t.transaction_type, t.product_id, t.warehouse_id,
              coalesce(t.customer_id, '00000000-0000-0000-0000-000000000000'), q->>'name', sum((q->>'value')::numeric), count(*)
       FROM stock_transactions t CROSS JOIN jsonb_array_elements(t.quantity) q GROUP BY 1, 2, 3, 4, 5, 6`,
    `INSERT INTO stock_levels (inventory_id, unit, on_hand)
       SELECT inv.id, inv.unit, 1000 + (hashtext(inv.id::text) & 1023) FROM inv
       ON CONFLICT (inventory_id, unit) DO UPDATE SET on_hand = excluded.on_hand`,
    `ANALYZE`,
  ];
}

/** One route's latency figures in milliseconds. */
export interface RouteFigure {
  route: string;
  requests: number;
  p50: number;
  p95: number;
  max: number;
}

const today = new Date().toISOString().slice(0, 10);
const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);

/** The five Stats routes with representative bodies (a one-year weekly chart, the default view). */
export const STATS_ROUTES: { route: string; method: 'GET' | 'POST'; path: string; body?: object }[] = [
  { route: 'GET /api/stats/count', method: 'GET', path: '/api/stats/count' },
  { route: 'GET /api/stats/rank/products/outgoing/numbers', method: 'GET', path: '/api/stats/rank/products/outgoing/numbers' },
  { route: 'POST /api/stats/rank/products (1 year)', method: 'POST', path: '/api/stats/rank/products', body: { startDate: yearAgo, endDate: today } },
  { route: 'POST /api/stats/rank/products (all time)', method: 'POST', path: '/api/stats/rank/products', body: {} },
  { route: 'GET /api/stats/rank/customers/frequency', method: 'GET', path: '/api/stats/rank/customers/frequency' },
  {
    route: 'POST /api/stats/rank/products/outgoing/periodic/numbers (weekly, 1 year)',
    method: 'POST',
    path: '/api/stats/rank/products/outgoing/periodic/numbers',
    body: { startDate: yearAgo, endDate: today, period: 'weekly' },
  },
  {
    route: 'POST /api/stats/rank/products/outgoing/periodic/numbers (daily, 366 days)',
    method: 'POST',
    path: '/api/stats/rank/products/outgoing/periodic/numbers',
    body: { startDate: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10), endDate: today, period: 'daily' },
  },
];

async function timed(target: ApiTarget, r: (typeof STATS_ROUTES)[number]): Promise<number> {
  const start = performance.now();
  const res = await request(target.baseUrl, r.method, r.path, target.token, r.body);
  if (res.status >= 300) throw new Error(`${r.route}: HTTP ${res.status}`);
  return performance.now() - start;
}

/**
 * Waits (up to 5 minutes) until the API has sealed the month-end totals of every month that is
 * over (the API seals them in the background when it starts), so the date-ranged
 * routes are measured as they run from then on.
 */
export async function awaitMonthEndTotals(databaseUrl: string): Promise<void> {
  const due = `SELECT coalesce((SELECT max(month) FROM stock_sealed_months), '-infinity') >= date_trunc('month', now() AT TIME ZONE 'UTC' - interval '1 hour' - interval '1 month') AS done`;
  for (const until = Date.now() + 300_000; Date.now() < until; await new Promise((r) => setTimeout(r, 500))) {
    if ((await runSql(databaseUrl, [due]))[0].done) return;
  }
  throw new Error('the month-end totals were not sealed within 5 minutes');
}

/** Runs every Stats route: 3 warm-up calls, then `clients` concurrent loops of `perClient` calls. */
export async function benchStats(target: ApiTarget, clients = 8, perClient = 25): Promise<RouteFigure[]> {
  const figures: RouteFigure[] = [];
  for (const r of STATS_ROUTES) {
    for (let i = 0; i < 3; i++) await timed(target, r);
    const samples: number[] = [];
    await Promise.all(
      Array.from({ length: clients }, async () => {
        for (let i = 0; i < perClient; i++) samples.push(await timed(target, r));
      }),
    );
    samples.sort((a, b) => a - b);
    figures.push({ route: r.route, requests: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples[samples.length - 1] });
  }
  return figures;
}

/** The figures as a markdown table. */
export function statsTable(figures: RouteFigure[], transactions: number, dailyRows: number): string {
  const head = `Stats routes, ${transactions.toLocaleString('en')} ledger transactions (${dailyRows.toLocaleString('en')} daily-total rows), 8 concurrent clients, PostgreSQL, target p95 < 100 ms:\n\n| route | requests | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|\n`;
  return head + figures.map((f) => `| ${f.route} | ${f.requests} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.max.toFixed(1)} |`).join('\n') + '\n';
}

/**
 * `npm run bench` entry (bench/run.ts): the Stats routes against its seeded, running app (memo on,
 * as served), then against a second API process with STATS_MEMO_SECONDS=0, where every request
 * runs its queries: what a dashboard sees while the ledger moves. Targets: p95 < 100 ms with the
 * memo, <= 150 ms without it.
 */
export const name = 'stats';
export async function run(ctx: { baseUrl: string; adminToken: string; databaseUrl: string }): Promise<BenchRow[]> {
  const lines = (figures: RouteFigure[], mode: 'memo' | 'no memo') =>
    figures.map((f) =>
      judged(
        { measurement: `${f.route} p95 (${mode})`, value: Math.round(f.p95 * 10) / 10, unit: 'ms', note: `p50 ${f.p50.toFixed(1)} ms, max ${f.max.toFixed(1)} ms, ${f.requests} requests by 8 clients` },
        mode === 'memo' ? '<' : '<=',
        mode === 'memo' ? 100 : 150,
      ),
    );
  await awaitMonthEndTotals(ctx.databaseUrl);
  const memo = await benchStats({ baseUrl: ctx.baseUrl, token: ctx.adminToken });
  const cold = await startApp(ctx.databaseUrl, 'stats-cold', Number(process.env.BENCH_PORT ?? 3107) + 1, { STATS_MEMO_SECONDS: '0' });
  try {
    const token = (await post(cold.baseUrl, '/api/users/login', { email: 'bench.admin@bench.local', password: BENCH_PASSWORD })).body.data.token;
    return [...lines(memo, 'memo'), ...lines(await benchStats({ baseUrl: cold.baseUrl, token }), 'no memo')];
  } finally {
    await cold.close();
  }
}

async function main(): Promise<void> {
  const transactions = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
  const url = await ensureDatabase('bench_stats');
  const seeded = await seedLedger(url, { transactions, products: 1000, warehouses: 5, customers: 200, days: 730 });
  const api = await startApi(url, 'stats');
  try {
    await awaitMonthEndTotals(url);
    const table = statsTable(await benchStats(api), seeded.transactions, seeded.dailyRows);
    process.stdout.write(table);
  } finally {
    await api.close();
  }
}

if (require.main === module) {
  main().catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.stack : e}\n`);
    process.exit(1);
  });
}
