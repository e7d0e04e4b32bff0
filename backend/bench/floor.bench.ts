/**
 * The API's cost per request against a floor: `GET /api/warehouses` through the API, then through
 * a plain Fastify server (floor-server.ts, its own process) that checks the same token the same way
 * and answers the very bytes the API answered, with no database. Both are loaded by 8 kept-alive
 * connections for the same time, alternated over ROUNDS rounds after a warm-up of each; for each
 * the process's CPU time (user + system, from /proc) per request served, and the ratio API / floor
 * (target <= 1.4: the API may spend at most 40 % more CPU than the floor on its lightest route).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_JWT_SECRET, judged, loadGet, r2, request, startServer, type BenchContext, type BenchRow, type GetLoad } from './lib';

export const name = 'floor';

const ROUTE = '/api/warehouses';
const CLIENTS = 8;
/** Seconds each server is loaded per round (the same for both). */
const SECONDS = Number(process.env.BENCH_FLOOR_SECONDS ?? 5);
const ROUNDS = 2;
const WARM_UP_SECONDS = 3;
const TARGET_RATIO = 1.4;

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const sample = await request(ctx.baseUrl, 'GET', ROUTE, ctx.adminToken);
  if (sample.status !== 200) throw new Error(`GET ${ROUTE} answered ${sample.status}`);
  const bodyFile = path.join(os.tmpdir(), 'bench-floor-body.json');
  fs.writeFileSync(bodyFile, sample.text);
  const floor = await startServer('bench/floor-server.ts', 'floor', Number(process.env.BENCH_PORT ?? 3107) + 2, { JWT_SECRET: BENCH_JWT_SECRET, FLOOR_BODY: bodyFile });
  try {
    const servers = [
      { label: 'API', baseUrl: ctx.baseUrl, pid: Number(process.env.BENCH_API_PID) },
      { label: 'floor', baseUrl: floor.baseUrl, pid: floor.pid },
    ];
    for (const s of servers) await loadGet(s.baseUrl, ROUTE, ctx.adminToken, s.pid, CLIENTS, WARM_UP_SECONDS);
    const totals: GetLoad[] = servers.map(() => ({ requests: 0, seconds: 0, cpuMs: 0 }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, s] of servers.entries()) {
        const load = await loadGet(s.baseUrl, ROUTE, ctx.adminToken, s.pid, CLIENTS, SECONDS);
        totals[i] = { requests: totals[i].requests + load.requests, seconds: totals[i].seconds + load.seconds, cpuMs: totals[i].cpuMs + load.cpuMs };
      }
    }
    const [api, base] = totals.map((t) => ({ ...t, cpu: t.cpuMs / t.requests, rate: t.requests / t.seconds }));
    const served = (t: typeof api) => `${t.requests} requests in ${r2(t.seconds)} s (${Math.round(t.rate)}/s) by ${CLIENTS} connections, ${ROUNDS} rounds of ${SECONDS} s`;
    return [
      { measurement: `GET ${ROUTE} through the API, CPU per request`, value: r2(api.cpu), unit: 'ms', note: `API process; ${served(api)}` },
      { measurement: `GET ${ROUTE} on the floor (plain Fastify), CPU per request`, value: r2(base.cpu), unit: 'ms', note: `HS256 check of the same token, the API's ${sample.bytes} bytes; ${served(base)}` },
      judged({ measurement: 'CPU per request, API / floor', value: r2(api.cpu / base.cpu), unit: 'x', note: `requests/s API / floor: ${r2(api.rate / base.rate)}` }, '<=', TARGET_RATIO),
    ];
  } finally {
    await floor.close();
  }
}
