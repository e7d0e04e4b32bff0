/**
 * Benchmark of the streamed Excel export of the asset valuation report: seconds and
 * peak RSS growth of the API process while exporting 100,000 inventory records (target < 150 MB).
 *
 * Standalone: `npx ts-node --transpile-only bench/excel.ts` (PostgreSQL at
 * BENCH_PG_URL; seeds database bench_excel once; API on BENCH_PORT, default 3106).
 * From bench/run.ts: `benchExcel({baseUrl, token}, apiPid)` against a seeded, running app.
 */
import fs from 'node:fs';
import { judged, type BenchRow } from './lib';
import { ensureDatabase, runSql, seedLedger, startApi, type ApiTarget } from './stats';

/** Result of one export. */
export interface ExcelFigure {
  records: number;
  seconds: number;
  bytes: number;
  baselineRssMb: number;
  peakRssGrowthMb: number;
}

/** Resident set size of process `pid` in MB (Linux /proc). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** Downloads the whole workbook (discarding the bytes) while sampling the API's RSS every 20 ms. */
export async function benchExcel(target: ApiTarget, apiPid: number, records: number): Promise<ExcelFigure> {
  const baseline = rssMb(apiPid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(apiPid))), 20);
  const start = performance.now();
  const res = await fetch(`${target.baseUrl}/api/reports/asset/valuations/excel`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${target.token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (!res.ok || !res.body) throw new Error(`export failed: HTTP ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(apiPid));
  return { records, seconds, bytes, baselineRssMb: baseline, peakRssGrowthMb: peak - baseline };
}

/** The figure as markdown. */
export function excelTable(f: ExcelFigure): string {
  return (
    `Excel export (POST /api/reports/asset/valuations/excel, all records), PostgreSQL, target RSS growth < 150 MB:\n\n` +
    `| inventory records | seconds | file MB | API RSS before MB | peak RSS growth MB |\n|---|---|---|---|---|\n` +
    `| ${f.records.toLocaleString('en')} | ${f.seconds.toFixed(1)} | ${(f.bytes / 1048576).toFixed(1)} | ${f.baselineRssMb.toFixed(0)} | ${f.peakRssGrowthMb.toFixed(0)} |\n`
  );
}

/** `npm run bench` entry (bench/run.ts): seeds its own 100,000-record database on the same server. */
export const name = 'excel-export';
export async function run(ctx: { databaseUrl: string }): Promise<BenchRow[]> {
  const f = await exportOnce(ctx.databaseUrl);
  const note = `${f.records} inventory records, ${(f.bytes / 1048576).toFixed(1)} MB file, API process`;
  return [
    { measurement: 'Excel export duration', value: Math.round(f.seconds * 10) / 10, unit: 's', note },
    judged({ measurement: 'Excel export peak RSS growth', value: Math.round(f.peakRssGrowthMb), unit: 'MB', note }, '<', 150),
  ];
}

/** Seeds bench_excel (once), starts the API as a child process, exports all records once. */
async function exportOnce(serverUrl?: string): Promise<ExcelFigure> {
  const url = await ensureDatabase('bench_excel', serverUrl);
  // 20,000 products in 5 warehouses: 100,000 inventory records with stock; no movements needed
  await seedLedger(url, { transactions: 0, products: 20_000, warehouses: 5, customers: 1, days: 1 });
  const [{ n }] = (await runSql(url, ['SELECT count(*)::int AS n FROM inventories'])) as { n: number }[];
  const api = await startApi(url, 'excel');
  try {
    await fetch(`${api.baseUrl}/api/reports/asset/valuations/excel`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${api.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ warehouseId: '00000000-0000-4000-8000-000000000000' }),
    }).then((r) => r.arrayBuffer()); // warm-up: loads the code paths, no rows
    return await benchExcel(api, api.pid, n);
  } finally {
    await api.close();
  }
}

async function main(): Promise<void> {
  process.stdout.write(excelTable(await exportOnce()));
}

if (require.main === module) {
  main().catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.stack : e}\n`);
    process.exit(1);
  });
}
