/**
 * Live updates ("500 open event streams cost the API <= 100 MB and no measurable latency
 * on other routes"): the p50/p95 of GET /api/badges (600 calls after 400 warm-up, 8 clients) with no stream open,
 * then with 500 event streams open (each with its own ticket); the API process's RSS with them open
 * against its RSS before the bench's first call.
 */
import fs from 'node:fs';
import { judged, percentile, r2, request, runConcurrent, type BenchContext, type BenchRow } from './lib';

export const name = 'events';

const STREAMS = 500;
/** Calls before timing (the first ones run on a cold process) and calls timed, per state. */
const WARM_UP = 400;
const CALLS = 600;
/** Pause before the RSS reading with the streams open. */
const SETTLE_MS = 5000;

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function badgeLatency(ctx: BenchContext, token: string): Promise<{ p50: number; p95: number }> {
  await runConcurrent(8, WARM_UP, () => request(ctx.baseUrl, 'GET', '/api/badges', token).then(() => undefined));
  const times = await runConcurrent(8, CALLS, () => request(ctx.baseUrl, 'GET', '/api/badges', token).then(() => undefined));
  return { p50: r2(percentile(times, 50)), p95: r2(percentile(times, 95)) };
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const pid = Number(process.env.BENCH_API_PID);
  // RSS with the streams open against RSS before this bench's first call: V8 frees garbage only under
  // pressure, so a reading between the two states came out higher than the one after opening the
  // streams; a difference below 0 means their cost is under what RSS resolves here
  const idle = rssMiB(pid);
  const token = await ctx.tokenFor('finance', null, 'events.finance');
  const quiet = await badgeLatency(ctx, token);
  const streams: AbortController[] = [];
  for (let i = 0; i < STREAMS; i++) {
    const { body } = await request(ctx.baseUrl, 'POST', '/api/events/ticket', token);
    const abort = new AbortController();
    const res = await fetch(`${ctx.baseUrl}/api/events?ticket=${body.data.ticket}`, { signal: abort.signal });
    if (res.status !== 200) throw new Error(`stream ${i}: ${res.status}`);
    void res.body?.pipeTo(new WritableStream()).catch(() => undefined);
    streams.push(abort);
  }
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const after = rssMiB(pid);
  const busy = await badgeLatency(ctx, token);
  streams.forEach((s) => s.abort());
  return [
    judged({ measurement: `API RSS with ${STREAMS} open event streams minus RSS at the bench's start`, value: r2(after - idle), unit: 'MiB' }, '<=', 100),
    { measurement: 'GET /api/badges p50 / p95, no stream open', value: quiet.p95, unit: 'ms', note: `p50 ${quiet.p50}` },
    { measurement: `GET /api/badges p50 / p95, ${STREAMS} streams open (target: no measurable difference)`, value: busy.p95, unit: 'ms', note: `p50 ${busy.p50}` },
  ];
}
