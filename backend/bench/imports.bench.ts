/**
 * Bulk import ("Performance"): the whole UCI Online Retail file (541,909 lines) as
 * sales_history with create_missing (and skip_invalid: the file holds lines no import can take,
 * e.g. negative unit prices), preview <= 20 s and commit <= 90 s on the PostgreSQL server and
 * <= 5 minutes on embedded PGlite, API RSS growth <= 400 MB; afterwards each dashboard statistic
 * over 2010-12-01..2011-12-09 in <= 200 ms; and 20,000 products and 20,000 customers imported
 * in <= 20 s each (preview and commit). Each driver gets a fresh database (PostgreSQL: database
 * `bench_imports`, dropped and created; PGlite: a new data folder) and its own API process, as a
 * company moving onto the product starts: the figures do not depend on earlier runs. The shared
 * bench app is not used. BENCH_IMPORT_PGLITE=0 skips PGlite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { judged, post, r2, request, startApp, type BenchContext, type BenchRow, type Json } from './lib';

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

/** Signs in to a fresh API process as its first admin (ADMIN_EMAIL/ADMIN_PASSWORD) and creates a warehouse. */
async function firstAdmin(baseUrl: string): Promise<{ token: string; warehouseId: string }> {
  const login = await post(baseUrl, '/api/users/login', { email: ADMIN.email, password: ADMIN.password });
  const token = login.body.data.token as string;
  const wh = await request(baseUrl, 'POST', '/api/warehouses', token, { name: 'UCI', address: 'Bench' });
  const warehouseId = wh.body.data?._id ?? wh.body.data?.warehouse?._id;
  if (!warehouseId) throw new Error(`warehouse: ${JSON.stringify(wh.body).slice(0, 200)}`);
  return { token, warehouseId };
}

/** A warehouseAdmin of `warehouseId` on a fresh API process: registered and signed in. */
async function warehouseAdmin(baseUrl: string, adminToken: string, warehouseId: string): Promise<string> {
  const email = 'bench.imports.wa@bench.local';
  await request(baseUrl, 'POST', '/api/users/register', adminToken, { first_name: 'Bench', last_name: 'Imports', phone: '911223344', email, role: 'warehouseAdmin', password: ADMIN.password, warehouse: warehouseId });
  return (await post(baseUrl, '/api/users/login', { email, password: ADMIN.password })).body.data.token;
}

async function catalogTimes(baseUrl: string, adminToken: string, warehouseId: string): Promise<BenchRow[]> {
  const wa = await warehouseAdmin(baseUrl, adminToken, warehouseId);
  const category = 'Bench import';
  const cat = await uploadFile(baseUrl, wa, new Blob([`Name,Units\n${category},pcs;box\n`]), 'c.csv', { kind: 'categories' });
  await commit(baseUrl, wa, cat._id);
  const rows: BenchRow[] = [];
  for (const [kind, token] of [['products', wa], ['customers', adminToken]] as const) {
    const t0 = performance.now();
    const preview = await uploadFile(baseUrl, token, catalogCsv(kind, 20_000, 'bench', category), `${kind}.csv`, { kind });
    if (preview.error_count) throw new Error(`${kind}: ${JSON.stringify(preview.errors.slice(0, 3))}`);
    await commit(baseUrl, token, preview._id);
    rows.push(judged({ measurement: `20,000 ${kind}: preview + commit`, value: r2((performance.now() - t0) / 1000), unit: 's' }, '<=', TARGETS.catalog));
  }
  return rows;
}

const ADMIN = { email: 'bench.imports@bench.local', password: 'Bench@Pass1' };

/** Every figure on one driver: a fresh database, its own API process. */
async function onFreshDatabase(driver: 'PostgreSQL' | 'PGlite', databaseUrl: string, port: number, env: Record<string, string>): Promise<BenchRow[]> {
  const app = await startApp(databaseUrl, `imports-${driver.toLowerCase()}`, port, { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  try {
    const { token, warehouseId } = await firstAdmin(app.baseUrl);
    const rows = driver === 'PostgreSQL' ? await catalogTimes(app.baseUrl, token, warehouseId) : [];
    const uci = await importUci(app.baseUrl, app.pid, token, warehouseId);
    const target = driver === 'PostgreSQL' ? TARGETS.commitPg : TARGETS.commitPglite;
    const preview: BenchRow = { measurement: `UCI file preview, ${driver}`, value: r2(uci.preview), unit: 's', note: `${uci.imp.rows} rows, ${uci.imp.error_count} skipped` };
    rows.push(
      driver === 'PostgreSQL' ? judged(preview, '<=', TARGETS.preview) : preview,
      judged({ measurement: `UCI file commit, ${driver}`, value: r2(uci.commit), unit: 's', note: `${uci.imp.result.recorded} lines recorded` }, '<=', target),
      judged({ measurement: `API RSS growth during the UCI import, ${driver}`, value: r2(uci.rss), unit: 'MiB' }, '<=', TARGETS.rssMiB),
    );
    if (driver === 'PostgreSQL') {
      for (const [k, ms] of Object.entries(await statsTimes(app.baseUrl, token, warehouseId))) {
        rows.push(judged({ measurement: `${k} over 2010-12-01..2011-12-09, first call after the import`, value: ms.first, unit: 'ms', note: `then ${ms.again} ms` }, '<=', TARGETS.statMs));
      }
    }
    return rows;
  } finally {
    await app.close();
  }
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const url = new URL(ctx.databaseUrl);
  url.pathname = '/bench_imports';
  await recreateDatabase(url.toString());
  const rows = await onFreshDatabase('PostgreSQL', url.toString(), Number(process.env.BENCH_IMPORTS_PORT ?? 3109), {});
  if (process.env.BENCH_IMPORT_PGLITE !== '0') {
    const dir = path.join(os.tmpdir(), 'imports-pglite-bench-data');
    fs.rmSync(dir, { recursive: true, force: true });
    rows.push(...(await onFreshDatabase('PGlite', '', Number(process.env.BENCH_PGLITE_PORT ?? 3108), { DATA_DIR: dir })));
  }
  return rows;
}

/** Drops and creates the database of `url`. */
async function recreateDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
}
