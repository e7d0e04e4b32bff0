/**
 * List postings ("Postings"): approving a 500-line incoming list (GRN: every line
 * received) and delivering a 100-line outgoing list (GIN: every line issued from its reservation),
 * each through the API as finance / the warehouseAdmin would, 3 rounds, median and worst latency.
 * The lists are staged in SQL at the step before (incoming: pending finance approval; outgoing:
 * approved through the API, so the reservation is real), since only the posting step is measured.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { customers, incomingListItems, incomingLists, inventories, outgoingListItems, outgoingLists, products, stockLevels, users } from '../src/database/schema';
import { judged, post, r2, type BenchContext, type BenchRow } from './lib';

export const name = 'list-postings';

const GRN_LINES = Number(process.env.BENCH_GRN_LINES ?? 500);
const GIN_LINES = Number(process.env.BENCH_GIN_LINES ?? 100);
const ROUNDS = 3;
const TARGETS = { grn: 500, gin: 200 };

async function userId(ctx: BenchContext, key: string): Promise<string> {
  const [u] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, `bench.${key}@bench.local`));
  return u.id;
}

async function timed(fn: () => Promise<{ status: number; body: unknown }>): Promise<number> {
  const t0 = performance.now();
  const res = await fn();
  const ms = performance.now() - t0;
  if (res.status !== 200 && res.status !== 201) throw new Error(`answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  return ms;
}

/** A GRN of `GRN_LINES` products at pending finance approval; answers its id. */
async function stageGrn(ctx: BenchContext, warehouseId: string, createdBy: string): Promise<string> {
  const lines = await ctx.db.select({ id: products.id, units: products.units }).from(products).where(eq(products.removed, false)).orderBy(sql`random()`).limit(GRN_LINES);
  const [list] = await ctx.db
    .insert(incomingLists)
    .values({ grn: `GRN-B-${randomUUID().slice(0, 8)}`, warehouseId, createdBy, status: 'pending_finance_approval' })
    .returning({ id: incomingLists.id });
  await ctx.db.insert(incomingListItems).values(
    lines.map((p) => ({ listId: list.id, productId: p.id, quantity: [{ name: p.units[0], value: 5 }], purchasedPrice: '12.50', depreciationRate: '10' })),
  );
  return list.id;
}

/** A GIN of `GIN_LINES` records with stock in `warehouseId`, approved through the API (reserved); answers its id. */
async function stageGin(ctx: BenchContext, warehouseId: string, createdBy: string, financeToken: string): Promise<string> {
  const records = await ctx.db
    .selectDistinctOn([inventories.id], { id: inventories.id, productId: inventories.productId, unit: stockLevels.unit })
    .from(inventories)
    .innerJoin(stockLevels, eq(stockLevels.inventoryId, inventories.id))
    .where(and(eq(inventories.warehouseId, warehouseId), gte(sql`${stockLevels.onHand} - ${stockLevels.reserved}`, 1)))
    .limit(GIN_LINES);
  const [customer] = await ctx.db.select({ id: customers.id }).from(customers).limit(1);
  const [list] = await ctx.db
    .insert(outgoingLists)
    .values({ gin: `GIN-B-${randomUUID().slice(0, 8)}`, warehouseId, customerId: customer.id, createdBy, status: 'pending_finance_approval' })
    .returning({ id: outgoingLists.id });
  await ctx.db.insert(outgoingListItems).values(records.map((r) => ({ listId: list.id, productId: r.productId, inventoryId: r.id, quantity: [{ name: r.unit, value: 1 }], unitPrices: { [r.unit]: 20 } })));
  const approved = await post(ctx.baseUrl, '/api/outgoingLists/approve', { list_id: list.id }, financeToken);
  if (approved.status !== 200 && approved.status !== 201) throw new Error(`approve answered ${approved.status}: ${JSON.stringify(approved.body).slice(0, 300)}`);
  return list.id;
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const [busiest] = await ctx.db.select({ id: inventories.warehouseId, n: sql<number>`count(*)::int` }).from(inventories).groupBy(inventories.warehouseId).orderBy(sql`2 DESC`).limit(1);
  const warehouseId = busiest.id;
  const finance = await ctx.tokenFor('finance', null, 'finance');
  const keeper = await ctx.tokenFor('warehouseAdmin', warehouseId, `wa.${warehouseId.slice(0, 8)}`);
  const creator = await userId(ctx, `wa.${warehouseId.slice(0, 8)}`);
  const grn: number[] = [];
  const gin: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const incoming = await stageGrn(ctx, warehouseId, creator);
    grn.push(await timed(() => post(ctx.baseUrl, '/api/incomingLists/approve', { list_id: incoming }, finance)));
    const outgoing = await stageGin(ctx, warehouseId, creator, finance);
    gin.push(await timed(() => post(ctx.baseUrl, '/api/outgoingLists/delivery/confirm', { list_id: outgoing }, keeper)));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return [
    judged({ measurement: `${GRN_LINES}-line GRN approved (median)`, value: r2(median(grn)), unit: 'ms', note: `rounds ${grn.map(r2).join(', ')}` }, '<=', TARGETS.grn),
    judged({ measurement: `${GIN_LINES}-line delivery confirmed (median)`, value: r2(median(gin)), unit: 'ms', note: `rounds ${gin.map(r2).join(', ')}` }, '<=', TARGETS.gin),
  ];
}
