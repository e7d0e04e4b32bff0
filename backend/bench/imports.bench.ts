/**
 * Bulk import (issue 16, "Performance"): the whole UCI Online Retail file (541,909 lines) as
 * sales_history with create_missing (and skip_invalid: the file holds lines no import can take,
 * e.g. negative unit prices), preview <= 20 s and commit <= 90 s on the PostgreSQL server and
 * <= 5 minutes on embedded PGlite, API RSS growth <= 400 MB; afterwards each dashboard statistic
 * over 2010-12-01..2011-12-09 in <= 200 ms; and 20,000 products and 20,000 customers imported
 * in <= 20 s each (preview and commit). The PGlite figures come from a second API process on a
 * fresh data folder. BENCH_IMPORT_PGLITE=0 skips it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { categories, warehouses } from '../src/database/schema';
import { post, r2, request, startApp, type BenchContext, type BenchRow, type Json } from './lib';

export const name = 'imports';

const UCI = path.resolve(__dirname, '..', '..', '..', 'shared', 'data', 'online-retail', 'online-retail.csv.gz');
const UCI_MAPPING = { invoice: 'InvoiceNo', product_code: 'StockCode', product_name: 'Description', quantity: 'Quantity', date: 'InvoiceDate', unit_price: 'UnitPrice', customer: 'CustomerID' };
const TARGETS = { preview: 20, commitPg: 90, commitPglite: 300, rssMiB: 400, statMs: 200, catalog: 20 };

/** Resident memory of a process in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** Samples a process's RSS every 200 ms until stopped; returns the peak. */
function peakRss(pid: number): () => number {
  let peak = rssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 200);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMiB(pid));
  };
}

async function uploadFile(baseUrl: string, token: string, file: Blob, fileName: string, fields: Record<string, string>): Promise<Json> {
  const form = new FormData();
  form.append('file', file, fileName);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${baseUrl}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as Json;
  if (res.status !== 201) throw new Error(`upload ${fileName}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body.data.import;
}

/** Commits and waits until the import is committed (polling a batched commit); seconds taken. */
async function commit(baseUrl: string, token: string, id: string): Promise<{ seconds: number; imp: Json }> {
  const t0 = performance.now();
  const res = await request(baseUrl, 'POST', `/api/imports/${id}/commit`, token);
  if (res.status !== 200) throw new Error(`commit: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  let imp = res.body.data.import;
  while (imp.status === 'committing') {
    await new Promise((r) => setTimeout(r, 500));
    imp = (await request(baseUrl, 'GET', `/api/imports/${id}`, token)).body.data.import;
  }
  if (imp.status !== 'committed') throw new Error(`import ${imp.status}: ${JSON.stringify(imp.result)}`);
  return { seconds: (performance.now() - t0) / 1000, imp };
}

/** Imports the UCI file into `warehouseId`; preview and commit seconds, peak RSS growth, the result. */
async function importUci(baseUrl: string, pid: number, token: string, warehouseId: string): Promise<{ preview: number; commit: number; rss: number; imp: Json }> {
  const file = new Blob([fs.readFileSync(UCI)]);
  const before = rssMiB(pid);
  const stop = peakRss(pid);
  const t0 = performance.now();
  const preview = await uploadFile(baseUrl, token, file, 'online-retail.csv.gz', {
    kind: 'sales_history',
    warehouse: warehouseId,
    mapping: JSON.stringify(UCI_MAPPING),
    options: JSON.stringify({ create_missing: true, skip_invalid: true }),
  });
  const previewSeconds = (performance.now() - t0) / 1000;
  const done = await commit(baseUrl, token, preview._id);
  return { preview: previewSeconds, commit: done.seconds, rss: stop() - before, imp: done.imp };
}

/**
 * Each dashboard statistic over the UCI year: the first call (the statistics memo is empty after an
 * import: its fingerprint changed) and the median of 3 more (memo hits within STATS_MEMO_SECONDS).
 */
async function statsTimes(baseUrl: string, token: string, warehouseId: string): Promise<Record<string, { first: number; again: number }>> {
  const range = { startDate: '2010-12-01', endDate: '2011-12-09' };
  const calls: Record<string, () => Promise<unknown>> = {
    counts: () => request(baseUrl, 'GET', '/api/stats/count', token),
    topProducts: () => request(baseUrl, 'GET', '/api/stats/rank/products/outgoing/numbers', token),
    topCustomers: () => request(baseUrl, 'GET', '/api/stats/rank/customers/frequency', token),
    inVsOut: () => request(baseUrl, 'POST', '/api/stats/rank/products', token, { ...range, warehouseId }),
    periodicMonthly: () => request(baseUrl, 'POST', '/api/stats/rank/products/outgoing/periodic/numbers', token, { ...range, period: 'monthly' }),
    periodicDaily: () => request(baseUrl, 'POST', '/api/stats/rank/products/outgoing/periodic/numbers', token, { ...range, period: 'daily' }),
    transactionRange: () => request(baseUrl, 'POST', '/api/transactions/range', token, { ...range, limit: 10 }),
  };
  const out: Record<string, { first: number; again: number }> = {};
  for (const [k, call] of Object.entries(calls)) {
    const times: number[] = [];
    for (let i = 0; i < 4; i++) {
      const t0 = performance.now();
      await call();
      times.push(performance.now() - t0);
    }
    const [first, ...again] = times;
    out[k] = { first: r2(first), again: r2(again.sort((a, b) => a - b)[1]) };
  }
  return out;
}

/** A CSV of `n` products or customers. */
function catalogCsv(kind: 'products' | 'customers', n: number, tag: string, category: string): Blob {
  const lines = kind === 'products' ? ['Code,Name,Category,Units,Buffer stock quantity'] : ['Name,Company,Phone,Email,Code'];
  for (let i = 1; i <= n; i++) {
    lines.push(kind === 'products' ? `P-${tag}-${i},Bench product ${i},${category},pcs;box,5` : `Customer ${tag} ${i},Company ${i},9${String(i).padStart(8, '0')},c${i}.${tag}@bench.local,C-${tag}-${i}`);
  }
  return new Blob([lines.join('\n') + '\n']);
}

async function catalogTimes(ctx: BenchContext, warehouseId: string): Promise<BenchRow[]> {
  const tag = randomUUID().slice(0, 6);
  const wa = await ctx.tokenFor('warehouseAdmin', warehouseId, `imports.wa.${tag}`);
  const category = `Bench import ${tag}`;
  await ctx.db.insert(categories).values({ name: category, description: 'Bench', quantityMeasurement: ['pcs', 'box'] });
  const rows: BenchRow[] = [];
  for (const [kind, token] of [['products', wa], ['customers', ctx.adminToken]] as const) {
    const t0 = performance.now();
    const preview = await uploadFile(ctx.baseUrl, token, catalogCsv(kind, 20_000, tag, category), `${kind}.csv`, { kind });
    if (preview.error_count) throw new Error(`${kind}: ${JSON.stringify(preview.errors.slice(0, 3))}`);
    await commit(ctx.baseUrl, token, preview._id);
    rows.push({ measurement: `20,000 ${kind}: preview + commit (target <= ${TARGETS.catalog} s)`, value: r2((performance.now() - t0) / 1000), unit: 's' });
  }
  return rows;
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const [w] = await ctx.db.insert(warehouses).values({ name: `Bench UCI ${randomUUID().slice(0, 8)}`, address: 'Bench' }).returning({ id: warehouses.id });
  rows.push(...(await catalogTimes(ctx, w.id)));
  const finance = await ctx.tokenFor('finance', null, 'imports.finance');
  const pid = Number(process.env.BENCH_API_PID);
  const pg = await importUci(ctx.baseUrl, pid, finance, w.id);
  const lines = pg.imp.result.recorded;
  rows.push(
    { measurement: `UCI file preview, PostgreSQL (target <= ${TARGETS.preview} s)`, value: r2(pg.preview), unit: 's', note: `${pg.imp.rows} rows, ${pg.imp.error_count} skipped` },
    { measurement: `UCI file commit, PostgreSQL (target <= ${TARGETS.commitPg} s)`, value: r2(pg.commit), unit: 's', note: `${lines} lines recorded` },
    { measurement: `API RSS growth during the import (target <= ${TARGETS.rssMiB} MiB)`, value: r2(pg.rss), unit: 'MiB' },
  );
  await ctx.db.execute(sql`ANALYZE`);
  for (const [k, ms] of Object.entries(await statsTimes(ctx.baseUrl, finance, w.id))) {
    rows.push({ measurement: `${k} over 2010-12-01..2011-12-09, first call after the import (target <= ${TARGETS.statMs} ms)`, value: ms.first, unit: 'ms', note: `then ${ms.again} ms` });
  }
  if (process.env.BENCH_IMPORT_PGLITE !== '0') rows.push(...(await pgliteRun()));
  return rows;
}

/** The UCI import on embedded PGlite: a second API process on a fresh data folder. */
async function pgliteRun(): Promise<BenchRow[]> {
  const dir = path.join(os.tmpdir(), 'imports-pglite-bench-data');
  fs.rmSync(dir, { recursive: true, force: true });
  const email = 'bench.pglite@bench.local';
  const password = 'Bench@Pass1';
  const app = await startApp('', 'imports-pglite', Number(process.env.BENCH_PGLITE_PORT ?? 3108), { DATA_DIR: dir, ADMIN_EMAIL: email, ADMIN_PASSWORD: password });
  try {
    const login = await post(app.baseUrl, '/api/users/login', { email, password });
    const token = login.body.data.token as string;
    const wh = await request(app.baseUrl, 'POST', '/api/warehouses', token, { name: 'UCI', address: 'Bench' });
    const warehouseId = wh.body.data?._id ?? wh.body.data?.warehouse?._id;
    if (!warehouseId) throw new Error(`warehouse: ${JSON.stringify(wh.body).slice(0, 200)}`);
    const r = await importUci(app.baseUrl, app.pid, token, warehouseId);
    return [
      { measurement: 'UCI file preview, PGlite', value: r2(r.preview), unit: 's' },
      { measurement: `UCI file commit, PGlite (target <= ${TARGETS.commitPglite} s)`, value: r2(r.commit), unit: 's', note: `${r.imp.result.recorded} lines recorded` },
      { measurement: `API RSS growth during the import, PGlite (target <= ${TARGETS.rssMiB} MiB)`, value: r2(r.rss), unit: 'MiB' },
    ];
  } finally {
    await app.close();
  }
}
