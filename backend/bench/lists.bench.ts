/**
 * Every list route at volume ("Performance"): on 10,000 incoming and 50,000 outgoing
 * lists (bench/lists-seed.ts, seeded once in SQL) next to the million-movement ledger, each list
 * route's first page and a searched, sorted page (the valuation totals, asked once per filter
 * beside the report's pages: every record and one warehouse's), 200 requests (after 200 of warm-up) by 8
 * concurrent clients as the admin: p95 and p50 beside the target (p95 <= 30 ms), and the CPU
 * the API and PostgreSQL spent per request (on two cores shared by both, what bounds the p95).
 * The target holds when every row meets it in two consecutive runs: the last row counts the rows
 * met in this run and in the previous one recorded in bench/results.json.
 */
import { cpuSince, judged, percentile, postgresPids, previousRun, r2, request, runConcurrent, type BenchContext, type BenchRow } from './lib';
import { seedLists } from './lists-seed';

export const name = 'lists';

const CLIENTS = 8;
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 200);
const WARM_UP = 200;
const TARGET_MS = 30;

/** One measured request: method, path (with query) and body. */
interface Probe {
  route: string;
  variant: 'first page' | 'searched, sorted' | 'all records' | 'one warehouse';
  method: 'GET' | 'POST';
  path: string;
  body?: object;
}

/** How many rows the route matched: `total_count` when it pages, `records` for totals, else the length of its array. */
function matches(data: Record<string, unknown> | unknown[]): string {
  if (Array.isArray(data)) return `${data.length} rows`;
  if (typeof data.total_count === 'number') return `${data.total_count} matches`;
  if (typeof data.records === 'number') return `totals of ${data.records} records`;
  const list = Object.values(data).find(Array.isArray);
  return list ? `${list.length} rows` : '';
}

function probes(warehouseId: string): Probe[] {
  const first = '?page=1&limit=10';
  const p = (route: string, variant: Probe['variant'], path: string, method: Probe['method'] = 'GET', body?: object): Probe => ({ route, variant, method, path, body });
  return [
    p('GET /api/users', 'first page', `/api/users${first}`),
    p('GET /api/users', 'searched, sorted', `/api/users${first}&search=bench&sort=first_name&order=desc`),
    p('GET /api/products', 'first page', `/api/products${first}`),
    p('GET /api/products/search', 'searched, sorted', `/api/products/search${first}&query=bag&sort=name&order=desc`),
    p('GET /api/productCategories', 'first page', '/api/productCategories'),
    p('GET /api/productCategories', 'searched, sorted', '/api/productCategories?sort=name&order=desc'),
    p('GET /api/warehouses', 'first page', '/api/warehouses'),
    p('GET /api/warehouses', 'searched, sorted', '/api/warehouses?sort=name&order=desc'),
    p('GET /api/customers/all', 'first page', `/api/customers/all${first}`),
    p('GET /api/customers/all', 'searched, sorted', `/api/customers/all${first}&search=hana&sort=name&order=desc`),
    p('GET /api/inventory', 'first page', `/api/inventory${first}`),
    p('GET /api/inventory', 'searched, sorted', `/api/inventory${first}&query=bag&sort=available&order=desc`),
    p('GET /api/inventory/stock/low', 'first page', `/api/inventory/stock/low${first}`),
    p('GET /api/inventory/stock/low', 'searched, sorted', `/api/inventory/stock/low${first}&query=bag&sort=product_name&order=desc`),
    p('POST /api/transactions/search', 'first page', `/api/transactions/search${first}`, 'POST', {}),
    p('POST /api/transactions/search', 'searched, sorted', `/api/transactions/search${first}`, 'POST', { productSearchQuery: 'bag', sort: 'transaction_date', order: 'asc' }),
    p('GET /api/incomingLists/all', 'first page', `/api/incomingLists/all${first}`),
    p('GET /api/incomingLists/all', 'searched, sorted', `/api/incomingLists/all${first}&search=genet&sort=createdAt&order=desc`),
    p('GET /api/outgoingLists/all', 'first page', `/api/outgoingLists/all${first}`),
    p('GET /api/outgoingLists/all', 'searched, sorted', `/api/outgoingLists/all${first}&search=hana&sort=createdAt&order=desc`),
    p('POST /api/reports/asset/valuations', 'first page', `/api/reports/asset/valuations${first}`, 'POST', {}),
    p('POST /api/reports/asset/valuations', 'searched, sorted', `/api/reports/asset/valuations${first}`, 'POST', { warehouseId, sort: 'valuation', order: 'desc' }),
    p('POST /api/reports/asset/valuations/totals', 'all records', '/api/reports/asset/valuations/totals', 'POST', {}),
    p('POST /api/reports/asset/valuations/totals', 'one warehouse', '/api/reports/asset/valuations/totals', 'POST', { warehouseId }),
  ];
}

/** Measures one probe; a route that does not answer 200 gets a row saying so instead of figures. */
async function measure(ctx: BenchContext, probe: Probe): Promise<BenchRow[]> {
  const call = () => request(ctx.baseUrl, probe.method, probe.path, ctx.adminToken, probe.body);
  const sample = await call();
  const label = `${probe.route} ${probe.variant}`;
  if (sample.status !== 200) {
    const message = String(sample.body?.message ?? '').slice(0, 120);
    return [judged({ measurement: `${label} p95`, value: NaN, unit: 'ms', note: `answered HTTP ${sample.status} (${message}): not measured` }, '<=', TARGET_MS)];
  }
  const once = async () => {
    const res = await call();
    if (res.status !== 200) throw new Error(`${label} answered ${res.status} during the run`);
  };
  await runConcurrent(CLIENTS, WARM_UP, once);
  // where the time goes: the CPU the API process and PostgreSQL's processes spend per request
  const [apiSince, databaseSince] = [cpuSince([Number(process.env.BENCH_API_PID)]), cpuSince(postgresPids())];
  const ms = await runConcurrent(CLIENTS, REQUESTS, once);
  const [apiCpu, databaseCpu] = [apiSince() / REQUESTS, databaseSince() / REQUESTS];
  const [p50, p95] = [percentile(ms, 50), percentile(ms, 95)];
  const query = probe.body ? `${probe.path} ${JSON.stringify(probe.body)}` : probe.path;
  const size = `${(sample.bytes / 1024).toFixed(1)} KiB`;
  return [
    judged({ measurement: `${label} p95`, value: r2(p95), unit: 'ms' }, '<=', TARGET_MS),
    { measurement: `${label} p50`, value: r2(p50), unit: 'ms', note: `${query}; ${matches(sample.body.data)}, ${size}` },
    { measurement: `${label} CPU per request`, value: r2(apiCpu + databaseCpu), unit: 'ms', note: `API ${apiCpu.toFixed(2)} ms, PostgreSQL ${databaseCpu.toFixed(2)} ms` },
  ];
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const seeded = await seedLists(ctx.pool, (m) => process.stdout.write(`  ${m}\n`));
  const { rows } = await ctx.pool.query<{ id: string }>('SELECT id FROM warehouses WHERE NOT removed ORDER BY name LIMIT 1');
  const out: BenchRow[] = [];
  for (const probe of probes(rows[0].id)) {
    process.stdout.write(`  ${probe.route} ${probe.variant}\n`);
    out.push(
      ...(await measure(ctx, probe).catch((err: Error) => {
        const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
        return [judged({ measurement: `${probe.route} ${probe.variant} p95`, value: NaN, unit: 'ms', note: `failed (${err.message}${cause}): not measured` }, '<=', TARGET_MS)];
      })),
    );
  }
  out[0].note = `${out[0].note ? `${out[0].note}; ` : ''}${seeded.incoming} incoming, ${seeded.outgoing} outgoing lists, ${REQUESTS} requests by ${CLIENTS} clients per row`;
  return [...out, twoRuns(out)];
}

/** The p95 rows of `rows` that met the target, and how many p95 rows there are. */
function metOf(rows: BenchRow[]): { met: number; of: number } {
  const p95 = rows.filter((r) => r.measurement.endsWith(' p95'));
  // a row not measured is NaN here and null once read back from results.json: neither meets it
  return { met: p95.filter((r) => typeof r.value === 'number' && r.value <= TARGET_MS).length, of: p95.length };
}

/** The summary row: routes at or under the target in this run, beside the previous recorded run's count. */
function twoRuns(rows: BenchRow[]): BenchRow {
  const now = metOf(rows);
  const before = previousRun(name);
  const then = before && metOf(before.rows);
  const previous = then ? `previous run (${before.date}): ${then.met} of ${then.of}` : 'no previous run recorded in bench/results.json';
  return {
    measurement: `list routes with p95 <= ${TARGET_MS} ms`,
    value: now.met,
    unit: `of ${now.of}`,
    target: 'all, in this and the previous run',
    met: now.met === now.of && then !== undefined && then.met === then.of && then.of === now.of,
    note: previous,
  };
}
