/**
 * `npm run bench`: against DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench, created
 * when missing), seeds 1,000,000 transactions when fewer exist (BENCH_TRANSACTIONS to change),
 * starts the app in-process, runs every `bench/*.bench.ts` (or those named in BENCH_ONLY,
 * comma separated), prints a table and writes bench/results.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { openDatabase, type Database } from '../src/database/database';
import { seedDemo } from '../scripts/demo-data';
import { BENCH_PASSWORD, RESULTS_FILE, ensureDatabase, ensureUser, post, startApp, type BenchContext, type BenchModule, type BenchRow } from './lib';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench';
const TARGET = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);

async function login(baseUrl: string, email: string): Promise<string> {
  const res = await post(baseUrl, '/api/users/login', { email, password: BENCH_PASSWORD });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

/** Issue 7's benches (stats routes, Excel export): same `name`/`run(ctx)` exports, kept under their own names. */
const ISSUE7_BENCHES = ['stats.ts', 'excel.ts'];

function benchFiles(): string[] {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  return fs
    .readdirSync(__dirname)
    .filter((f) => (f.endsWith('.bench.ts') || ISSUE7_BENCHES.includes(f)) && (!only || only.some((o) => f.startsWith(o))))
    .sort();
}

/** The results as a table: each figure with its unit, its target and whether this run met it (yes / no; blank without a target). */
function printTable(rows: (BenchRow & { bench: string })[]): void {
  const cells = rows.map((r) => [r.bench, r.measurement, String(r.value), r.unit, r.target ?? '', r.met === undefined ? '' : r.met ? 'yes' : 'no', r.note ?? '']);
  const head = ['bench', 'measurement', 'value', 'unit', 'target', 'met', 'note'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  process.stdout.write([line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n') + '\n');
}

async function main(): Promise<void> {
  await ensureDatabase(DATABASE_URL);
  const handle = await openDatabase(DATABASE_URL, '');
  const db = handle.db;
  const count = async () => ((await db.execute(sql`SELECT count(*)::int AS n FROM stock_transactions`)) as unknown as { rows: { n: number }[] }).rows[0].n;
  const have = await count();
  if (have < TARGET) {
    process.stdout.write(`seeding ${TARGET - have} transactions...\n`);
    await seedDemo(db, { products: 3000, transactions: TARGET - have, warehouses: 6, customers: 2000, log: (m) => process.stdout.write(`  ${m}\n`) });
  }
  await ensureUser(db, 'bench.admin@bench.local', 'admin', null);
  const app = await startApp(DATABASE_URL, 'bench', Number(process.env.BENCH_PORT ?? 3107));
  const { baseUrl } = app;
  process.env.BENCH_API_PID = String(app.pid); // memory benches read the API process's RSS
  const pool = new Pool({ connectionString: DATABASE_URL, max: 8 });
  const ctx: BenchContext = {
    baseUrl,
    databaseUrl: DATABASE_URL,
    db,
    pool,
    adminToken: await login(baseUrl, 'bench.admin@bench.local'),
    tokenFor: async (role, warehouseId, key) => {
      const email = `bench.${key}@bench.local`;
      await ensureUser(db, email, role, warehouseId);
      return login(baseUrl, email);
    },
  };
  const results: Record<string, BenchRow[]> = {};
  const all: (BenchRow & { bench: string })[] = [];
  try {
    for (const file of benchFiles()) {
      // require, not import(): ts-node compiles these files to CommonJS
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(path.join(__dirname, file)) as BenchModule;
      process.stdout.write(`running ${mod.name}...\n`);
      await vacuumed(db);
      results[mod.name] = await mod.run(ctx);
      all.push(...results[mod.name].map((r) => ({ ...r, bench: mod.name })));
    }
  } finally {
    await app.close();
    await pool.end();
    await handle.close();
  }
  printTable(all);
  const machine = { loadAverage1m: Math.round(os.loadavg()[0] * 10) / 10, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, transactions: await transactionsIn(DATABASE_URL) };
  const previous = fs.existsSync(RESULTS_FILE) ? JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) : {};
  const date = new Date().toISOString();
  // each bench's rows are kept until it runs again, with the date of the run that gave them
  const dates = { ...(previous.dates ?? {}), ...Object.fromEntries(Object.keys(results).map((bench) => [bench, date])) };
  fs.writeFileSync(RESULTS_FILE, JSON.stringify({ ...previous, date, dates, machine, results: { ...(previous.results ?? {}), ...results } }, null, 2) + '\n');
  process.stdout.write(`wrote ${RESULTS_FILE}\n`);
}

/**
 * VACUUM (ANALYZE) of the whole database, before each bench: what autovacuum does on a production
 * server, done here because this machine's server runs with autovacuum off (a CI setting). Without
 * it the benches measured tables no vacuum had ever visited: index-only scans read the heap (the
 * interval chart's daily totals: 11,700 pages per request) and the level rows the postings update
 * carried as many dead versions as live ones (docs/performance.md, "How the benchmark runs").
 */
async function vacuumed(db: Database): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE)`);
}

async function transactionsIn(url: string): Promise<number> {
  const pool = new Pool({ connectionString: url, max: 1 });
  const res = await pool.query('SELECT count(*)::int AS n FROM stock_transactions');
  await pool.end();
  return res.rows[0].n;
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
