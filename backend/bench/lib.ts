/**
 * Shared helpers of the benchmarks (`npm run bench`). Each `*.bench.ts` file in this folder
 * exports `name` and `run(ctx: BenchContext): Promise<BenchRow[]>`; run.ts discovers and runs them.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { Client, Pool } from 'pg';
import type { Database } from '../src/database/database';
import { users } from '../src/database/schema';

/** What every benchmark gets: the running app, a token per role it asked for, the database. */
export interface BenchContext {
  baseUrl: string;
  databaseUrl: string;
  /** Drizzle over the bench database (same schema as the app). */
  db: Database;
  /** A plain node-postgres pool for direct driver measurements. */
  pool: Pool;
  adminToken: string;
  /** Creates (once) a user with `role` and warehouse and returns a token. */
  tokenFor(role: string, warehouseId: string | null, key: string): Promise<string>;
}

/** One line of the results table; a figure with a target carries it and whether this run met it. */
export interface BenchRow {
  measurement: string;
  value: number;
  unit: string;
  /** The target in words, e.g. `<= 30 ms`. */
  target?: string;
  met?: boolean;
  note?: string;
}

/**
 * `row` judged against `limit`: at most (`<=`), under (`<`), at least (`>=`) or exactly (`=`),
 * in `unit` (the row's by default). A figure that was not measured (NaN) does not meet it.
 */
export function judged(row: BenchRow, op: '<=' | '<' | '>=' | '=', limit: number, unit = row.unit): BenchRow {
  const v = row.value;
  const met = op === '<=' ? v <= limit : op === '<' ? v < limit : op === '>=' ? v >= limit : v === limit;
  return { ...row, target: `${op} ${limit.toLocaleString('en')} ${unit}`.trimEnd(), met: !Number.isNaN(v) && met };
}

/** Where run.ts keeps the last results of each bench (with the date each ran). */
export const RESULTS_FILE = path.join(__dirname, 'results.json');

/** The rows `bench` gave in the last run recorded in {@link RESULTS_FILE}, and that run's date, if any. */
export function previousRun(bench: string): { date: string; rows: BenchRow[] } | undefined {
  if (!fs.existsSync(RESULTS_FILE)) return undefined;
  const saved = JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as { date?: string; dates?: Record<string, string>; results?: Record<string, BenchRow[]> };
  const rows = saved.results?.[bench];
  return rows ? { date: saved.dates?.[bench] ?? saved.date ?? 'unknown date', rows } : undefined;
}

/** A benchmark file's exports. */
export interface BenchModule {
  name: string;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}

export const BENCH_PASSWORD = 'Bench@Pass1';

/** The JWT secret of the API processes the benches start (HS256). */
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-0123';

/** Creates the database of `url` when it does not exist. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new Client({ connectionString: admin.toString() });
  await c.connect();
  const found = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found.rowCount === 0) await c.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  await c.end();
}

/** Inserts a user with `email` when missing (direct SQL: the bench needs an admin on a seeded DB). */
export async function ensureUser(db: Database, email: string, role: string, warehouseId: string | null): Promise<void> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (found) return;
  const passwordHash = await argon2.hash(BENCH_PASSWORD);
  await db.insert(users).values({ firstName: 'Bench', lastName: role, email, phone: '900000000', role, passwordHash, warehouseId });
}

/** A running API started by {@link startApp}. */
export interface RunningApp {
  baseUrl: string;
  pid: number;
  close(): Promise<void>;
}

/**
 * Starts the API (src/main.ts through ts-node, production mode) as a child process on `port`
 * against `databaseUrl` (migrated on boot), with `env` added and the `preload` modules required
 * first (`node -r`), and waits until GET /api/health answers. A separate process, so the measuring
 * clients never share the server's event loop.
 */
export async function startApp(
  databaseUrl: string,
  name: string,
  port = Number(process.env.BENCH_PORT ?? 3106),
  env: Record<string, string> = {},
  preload: string[] = [],
): Promise<RunningApp> {
  const dataDir = path.join(os.tmpdir(), `${name}-bench-data`);
  fs.mkdirSync(dataDir, { recursive: true });
  return startServer('src/main.ts', name, port, { NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, JWT_SECRET: BENCH_JWT_SECRET, ...env }, preload);
}

/**
 * Starts `script` (a TypeScript file under backend/, through ts-node) as a child process with PORT
 * `port` and `env` added, the `preload` modules required first, and waits (up to 2 minutes) until
 * its GET /api/health answers.
 */
export async function startServer(script: string, name: string, port: number, env: Record<string, string>, preload: string[] = []): Promise<RunningApp> {
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (where the time goes)
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...profile, '-r', 'ts-node/register/transpile-only', ...preload.flatMap((p) => ['-r', p]), script], {
    cwd: path.join(__dirname, '..'),
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 240 || child.exitCode !== null) throw new Error(`${script} did not start on port ${port}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const close = () => new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });
  return { baseUrl, pid: child.pid!, close };
}

/** A parsed JSON response body of the API (`{message, data}` or an error body). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- benchmarks read a few known fields
export type Json = any;

/**
 * The measuring clients' HTTP connections: kept alive, as a browser's are. Requests go through
 * node:http rather than `fetch`, which costs the client about twice the CPU per request (0.6
 * against 0.3 ms, docs/performance.md); the client shares the machine's cores with the API and
 * PostgreSQL, so its own cost would show in the API's latencies.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** Sends `method path` (JSON `body` when given, bearer `token` when given); resolves status and the raw body text. */
function send(baseUrl: string, method: 'GET' | 'POST', path: string, token: string | undefined, body?: unknown): Promise<{ status: number; text: string }> {
  const url = new URL(path, baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: http.OutgoingHttpHeaders = token ? { authorization: `Bearer ${token}` } : {};
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** POSTs JSON; returns status and parsed body. */
export async function post(baseUrl: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: Json }> {
  const { status, text } = await send(baseUrl, 'POST', path, token, body);
  return { status, body: text ? JSON.parse(text) : null };
}

/** Sends `method path` (JSON `body` when given) with the token; returns status, parsed body, the raw text and its size in bytes. */
export async function request(baseUrl: string, method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<{ status: number; body: Json; text: string; bytes: number }> {
  const { status, text } = await send(baseUrl, method, path, token, body);
  return { status, body: text ? JSON.parse(text) : null, text, bytes: Buffer.byteLength(text) };
}

/** Runs `total` calls of `fn` with `clients` callers in parallel; returns each call's latency in ms. */
export async function runConcurrent(clients: number, total: number, fn: (i: number) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const t0 = performance.now();
      await fn(i);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  return latencies;
}

/** Keeps `clients` callers sending `fn()` back to back for `seconds`; answers how many calls completed and the seconds they took. */
export async function runFor(clients: number, seconds: number, fn: () => Promise<void>): Promise<{ calls: number; seconds: number }> {
  let calls = 0;
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      await fn();
      calls++;
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  return { calls, seconds: (performance.now() - t0) / 1000 };
}

/** What {@link loadGet} measured: requests served, the seconds they took and the CPU time (ms) the server process spent meanwhile. */
export interface GetLoad {
  requests: number;
  seconds: number;
  cpuMs: number;
}

/**
 * `GET path` with `token` from `clients` kept-alive connections for `seconds`, each answer checked
 * to be 200: requests served, the seconds taken and the CPU (user + system) process `pid` spent,
 * read from /proc around the timed calls.
 */
export async function loadGet(baseUrl: string, path: string, token: string, pid: number, clients: number, seconds: number): Promise<GetLoad> {
  const cpu = cpuSince([pid]);
  const { calls, seconds: took } = await runFor(clients, seconds, async () => {
    const res = await send(baseUrl, 'GET', path, token);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  });
  return { requests: calls, seconds: took, cpuMs: cpu() };
}

/** The p-th percentile (0-100) of `values`, nearest-rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Rounds to 2 decimals for the table. */
export const r2 = (n: number) => Math.round(n * 100) / 100;

/** CPU time (user + system, in ms) process `pid` has used so far, from /proc/<pid>/stat (Linux, 100 ticks/s); undefined once it is gone. */
function cpuOf(pid: number): number | undefined {
  try {
    // fields after the command name: state is the 1st, utime the 12th, stime the 13th
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Starts counting the CPU time of the processes `pids`; the function returned gives the ms they
 * have used since, leaving out a process that ended meanwhile (a PostgreSQL backend or worker).
 */
export function cpuSince(pids: number[]): () => number {
  const before = new Map(pids.map((pid) => [pid, cpuOf(pid)]));
  return () => [...before].reduce((sum, [pid, start]) => {
    const now = cpuOf(pid);
    return start === undefined || now === undefined ? sum : sum + now - start;
  }, 0);
}

/** The processes of the PostgreSQL server on this machine (those named `postgres`): its backends and helpers. */
export function postgresPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
}
