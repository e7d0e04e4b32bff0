/**
 * Export of the whole ledger ("Performance"): POST /api/transactions/export as CSV and
 * as xlsx, unfiltered, in the default order (newest first) and sorted by product name, against an
 * API process of its own whose resident set size is sampled every 20 ms. Rows per second (CSV
 * target >= 100,000, xlsx >= 30,000) and peak RSS growth over the idle process (target <= 100 MB).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { judged, r2, startApp, type BenchContext, type BenchRow } from './lib';

export const name = 'transactions-export';

const TARGET_ROWS_PER_S = { csv: 100_000, xlsx: 30_000 } as const;
const TARGET_RSS_MB = 100;

type Format = keyof typeof TARGET_ROWS_PER_S;

/** One export to measure. */
interface Case {
  format: Format;
  label: string;
  body: object;
}

const CASES: Case[] = [
  { format: 'csv', label: 'CSV, newest first', body: {} },
  { format: 'xlsx', label: 'xlsx, newest first', body: {} },
  { format: 'csv', label: 'CSV, sorted by product', body: { sort: 'product', order: 'asc' } },
  { format: 'xlsx', label: 'xlsx, sorted by product', body: { sort: 'product', order: 'asc' } },
];

/** Resident set size of process `pid` in MB (Linux /proc). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** CPU seconds (user + system) process `pid` has used (Linux /proc; clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Counts CSV records (line breaks outside quoted fields, the header's included) as the bytes
 * stream by, jumping from one quote or line break to the next (native searches: the client
 * shares the cores with the API and the database).
 */
class CsvRecordCounter {
  records = 0;
  private quoted = false;
  add(bytes: Buffer): void {
    let quote = bytes.indexOf(0x22);
    let newline = bytes.indexOf(0x0a);
    while (quote !== -1 || newline !== -1) {
      if (quote !== -1 && (newline === -1 || quote < newline)) {
        this.quoted = !this.quoted;
        quote = bytes.indexOf(0x22, quote + 1);
      } else {
        if (!this.quoted) this.records++;
        newline = bytes.indexOf(0x0a, newline + 1);
      }
    }
  }
}

interface Download {
  seconds: number;
  bytes: number;
  /** CSV data records (header excluded); undefined for xlsx. */
  records?: number;
  peakRssGrowthMb: number;
  baselineRssMb: number;
  /** CPU seconds the API process spent on it (the machine's load does not stretch these as it does wall time). */
  apiCpuSeconds: number;
  /** CPU seconds of this (client) process: the cores it takes are not the API's. */
  clientCpuSeconds: number;
}

/** Downloads one export (discarding the bytes) while sampling the API's RSS. */
/** POSTs `body` to `url` and feeds the response's bytes to `onData` (node:http: lighter than fetch's web streams). */
function postStream(url: string, token: string, body: object, onData: (chunk: Buffer) => void): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (res.statusCode === 200 ? onData(chunk) : (text += chunk.toString())));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Downloads one export (discarding the bytes) while sampling the API's RSS. */
async function download(baseUrl: string, token: string, pid: number, c: Case): Promise<Download> {
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const counter = c.format === 'csv' ? new CsvRecordCounter() : undefined;
  const cpu = cpuSeconds(pid);
  const clientCpu = process.cpuUsage();
  const start = performance.now();
  let bytes = 0;
  try {
    const res = await postStream(`${baseUrl}/api/transactions/export?format=${c.format}`, token, c.body, (chunk) => {
      bytes += chunk.byteLength;
      counter?.add(chunk);
    });
    if (res.status !== 200) throw new Error(`${c.label}: HTTP ${res.status} ${res.text}`);
    const seconds = (performance.now() - start) / 1000;
    peak = Math.max(peak, rssMb(pid));
    const client = process.cpuUsage(clientCpu);
    return {
      seconds,
      bytes,
      records: counter && counter.records - 1,
      peakRssGrowthMb: peak - baseline,
      baselineRssMb: baseline,
      apiCpuSeconds: cpuSeconds(pid) - cpu,
      clientCpuSeconds: (client.user + client.system) / 1e6,
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const { rows } = await ctx.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM stock_transactions');
  const ledger = rows[0].n;
  const only = process.env.BENCH_EXPORT_CASES?.split(',').map((s) => s.trim());
  const app = await startApp(ctx.databaseUrl, 'export', Number(process.env.BENCH_EXPORT_PORT ?? 3108));
  const out: BenchRow[] = [];
  try {
    // warm-up: both formats on a filter that matches nothing, so the code paths are loaded
    for (const format of ['csv', 'xlsx'] as const) {
      await download(app.baseUrl, ctx.adminToken, app.pid, { format, label: 'warm-up', body: { grnSearchQuery: 'no such GRN' } });
    }
    for (const c of CASES.filter((k, i) => !only || only.includes(String(i + 1)))) {
      const d = await download(app.baseUrl, ctx.adminToken, app.pid, c);
      if (d.records !== undefined && d.records !== ledger) throw new Error(`${c.label}: ${d.records} CSV records, the ledger holds ${ledger}`);
      const rowsPerS = ledger / d.seconds;
      const target = TARGET_ROWS_PER_S[c.format];
      const load = os.loadavg()[0].toFixed(1);
      const file = `${ledger.toLocaleString('en')} rows, ${(d.bytes / 1048576).toFixed(0)} MB file in ${r2(d.seconds)} s; API CPU ${r2(d.apiCpuSeconds)} s, client CPU ${r2(d.clientCpuSeconds)} s; load ${load}`;
      out.push(
        judged({ measurement: `${c.label} rows/s`, value: Math.round(rowsPerS), unit: 'rows/s', note: file }, '>=', target),
        judged({ measurement: `${c.label} peak RSS growth`, value: Math.round(d.peakRssGrowthMb), unit: 'MB', note: `API RSS before ${Math.round(d.baselineRssMb)} MB` }, '<=', TARGET_RSS_MB),
      );
    }
  } finally {
    await app.close();
  }
  return out;
}
