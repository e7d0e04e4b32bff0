import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, TEST_JWT_SECRET } from './test-app';
import { createServerDatabase } from './test-db';

/** The compiled backend of this test run (see test/build-once.ts). */
export const TEST_BUILD_MAIN = path.resolve(__dirname, '..', '.test-build', 'main.js');

/** A real API process (`node main.js`) started by a test. */
export interface ApiProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  proc: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or null when killed by a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** Sends `signal` (default SIGTERM) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Ports handed out by this jest worker (a port is never given twice, even once it is free again). */
const handedOut = new Set<number>();
/** Each jest worker takes ports from its own band below Linux's ephemeral range (32768+). */
const BAND = 2_000;
const bandStart = 20_000 + ((Number(process.env.JEST_WORKER_ID ?? 1) - 1) % 6) * BAND;

/** True when nothing listens on `port` of 127.0.0.1. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A free TCP port on 127.0.0.1 for a process a test starts. Ports come from this worker's own
 * band and are never handed out twice, so two processes started by parallel suites (or by one
 * suite at once) never race for one port and a health check never reaches another suite's process.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < BAND; tries++) {
    const port = bandStart + Math.floor(Math.random() * BAND);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port in ${bandStart}-${bandStart + BAND - 1}`);
}

/** A fresh DATA_DIR for processes (removed by the caller when done). */
export const tempDataDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-proc-'));

/**
 * Spawns the compiled API with the test defaults (NODE_ENV=test, the test JWT secret and first
 * admin) plus `env`, and waits until `/api/health` answers. `DATABASE_URL` unset means PGlite
 * under `DATA_DIR`. With `waitReady: false` it returns at once (for processes expected to refuse
 * to start: await `exited`). Rejects with the process output when it exits before it is ready.
 */
export async function startApiProcess(env: Record<string, string | undefined>, opts: { waitReady?: boolean } = {}): Promise<ApiProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    PORT: String(port),
    ...env,
  };
  for (const k of Object.keys(childEnv)) if (childEnv[k] === undefined) delete childEnv[k];
  const proc = spawn(process.execPath, [TEST_BUILD_MAIN], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));
  const url = `http://127.0.0.1:${port}`;
  const handle: ApiProcess = {
    url,
    proc,
    output: () => out,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (!done) proc.kill(signal);
      return exited;
    },
  };
  if (opts.waitReady === false) return handle;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (done) throw new Error(`API process exited before it was ready:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return handle;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await handle.stop('SIGKILL');
  throw new Error(`API process not ready after 60 s:\n${out}`);
}

/** Signs in through `api` and returns the token (throws on any other answer than 200). */
export async function signIn(api: ApiProcess, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<string> {
  const res = await fetch(`${api.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (res.status !== 200 || !body.data?.token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data.token;
}

/** API processes sharing one fresh PostgreSQL database, each with a data folder of its own. */
export interface ProcessGroup {
  procs: ApiProcess[];
  /** The database's URL. */
  url: string;
  /** Stops the processes (SIGTERM), drops the database and removes the data folders. */
  stop(): Promise<void>;
}

/**
 * Starts `n` API processes on a new database of the server at `base` (nothing they must
 * share is on disk), one after the other (each applies the migrations at start).
 */
export async function processesOnServer(base: string, n: number): Promise<ProcessGroup> {
  const db = await createServerDatabase(base);
  const dirs: string[] = [];
  const procs: ApiProcess[] = [];
  const stop = async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await db.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < n; i++) {
      dirs.push(tempDataDir());
      procs.push(await startApiProcess({ DATABASE_URL: db.url, DATA_DIR: dirs[i] }));
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { procs, url: db.url, stop };
}
