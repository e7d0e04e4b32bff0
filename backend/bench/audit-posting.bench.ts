/**
 * The audit trail's cost on postings ("Performance": at most 10% throughput lost). Two
 * API processes on the same database: the app as shipped, and one whose audit insert is a no-op
 * (bench/audit-off.ts, preloaded). Each takes turns running the concurrent-issues load (200 parallel
 * direct issues of 1 pcs on a fresh stock record); 7 rounds each, median postings/s compared (a
 * round varies by ±15% on 2 cores).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { categories, products, warehouses } from '../src/database/schema';
import { judged, post, r2, startApp, type BenchContext, type BenchRow } from './lib';

export const name = 'audit-posting';

const ISSUES = Number(process.env.BENCH_ISSUES ?? 200);
const ROUNDS = 7;
const TARGET_LOSS = 10;

/** Postings per second of ISSUES parallel direct issues on `baseUrl` (stock: 3/4 of them). */
async function postings(ctx: BenchContext, baseUrl: string, token: string, warehouseId: string, categoryId: string): Promise<number> {
  const code = `BENCH-A-${randomUUID().slice(0, 8)}`;
  const [p] = await ctx.db.insert(products).values({ categoryId, name: `Bench item ${code}`, code, units: ['pcs'], bufferUnit: 'pcs' }).returning({ id: products.id });
  const received = await post(baseUrl, '/api/inventory/incoming', { warehouse: warehouseId, product: p.id, quantity: [{ name: 'pcs', value: Math.floor(ISSUES * 0.75) }], grn: `GRN-${code}` }, token);
  if (received.status !== 201) throw new Error(`receive answered ${received.status}: ${JSON.stringify(received.body)}`);
  const inventoryId: string = received.body.data.inventory._id;
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: ISSUES }, (_, i) => post(baseUrl, '/api/inventory/outgoing', { id: inventoryId, quantity: [{ name: 'pcs', value: 1 }], gin: `GIN-${code}-${i}`, taken_by: 'bench' }, token)),
  );
  const seconds = (performance.now() - t0) / 1000;
  return results.filter((r) => r.status === 201).length / seconds;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const [w] = await ctx.db.select({ id: warehouses.id }).from(warehouses).limit(1);
  const [c] = await ctx.db.select({ id: categories.id }).from(categories).limit(1);
  const token = await ctx.tokenFor('warehouseAdmin', w.id, `wa.${w.id.slice(0, 8)}`);
  const off = await startApp(ctx.databaseUrl, 'bench-audit-off', Number(process.env.BENCH_PORT ?? 3107) + 1, {}, [path.join(__dirname, 'audit-off.ts')]);
  const on: number[] = [];
  const without: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      on.push(await postings(ctx, ctx.baseUrl, token, w.id, c.id));
      without.push(await postings(ctx, off.baseUrl, token, w.id, c.id));
    }
  } finally {
    await off.close();
  }
  const [withAudit, withoutAudit] = [median(on), median(without)];
  const loss = (1 - withAudit / withoutAudit) * 100;
  return [
    { measurement: 'postings/s with audit trail', value: r2(withAudit), unit: '/s', note: `median of ${ROUNDS} rounds of ${ISSUES} parallel direct issues: ${on.map(r2).join(', ')}` },
    { measurement: 'postings/s without audit insert', value: r2(withoutAudit), unit: '/s', note: `same load on a process whose audit insert is a no-op: ${without.map(r2).join(', ')}` },
    judged({ measurement: 'throughput lost to the audit trail', value: r2(loss), unit: '%' }, '<=', TARGET_LOSS),
  ];
}
