/**
 * 200 concurrent direct issues (1 pcs each) through the API against one stock record holding
 * 150 pcs: postings per second, oversold quantity and lost updates (both must be 0).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { categories, products, stockLevels, stockTransactions, warehouses } from '../src/database/schema';
import { post, r2, type BenchContext, type BenchRow } from './lib';

export const name = 'concurrent-issues';

const ISSUES = Number(process.env.BENCH_ISSUES ?? 200);
const STOCK = Math.floor(ISSUES * 0.75);

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const [w] = await ctx.db.select({ id: warehouses.id }).from(warehouses).limit(1);
  const [c] = await ctx.db.select({ id: categories.id }).from(categories).limit(1);
  const code = `BENCH-${randomUUID().slice(0, 8)}`;
  const [p] = await ctx.db.insert(products).values({ categoryId: c.id, name: `Bench item ${code}`, code, units: ['pcs'], bufferUnit: 'pcs' }).returning({ id: products.id });
  const token = await ctx.tokenFor('warehouseAdmin', w.id, `wa.${w.id.slice(0, 8)}`);
  const received = await post(ctx.baseUrl, '/api/inventory/incoming', { warehouse: w.id, product: p.id, quantity: [{ name: 'pcs', value: STOCK }], grn: `GRN-${code}` }, token);
  if (received.status !== 201) throw new Error(`receive answered ${received.status}: ${JSON.stringify(received.body)}`);
  const inventoryId: string = received.body.data.inventory._id;

  const t0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: ISSUES }, (_, i) =>
      post(ctx.baseUrl, '/api/inventory/outgoing', { id: inventoryId, quantity: [{ name: 'pcs', value: 1 }], gin: `GIN-${code}-${i}`, taken_by: 'bench' }, token),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  const ok = results.filter((r) => r.status === 201).length;
  const conflicts = results.filter((r) => r.status === 409).length;
  const [level] = await ctx.db.select({ onHand: stockLevels.onHand }).from(stockLevels).where(eq(stockLevels.inventoryId, inventoryId));
  const [{ n: ledgerIssues }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(stockTransactions)
    .where(sql`${stockTransactions.inventoryId} = ${inventoryId} AND ${stockTransactions.transactionType} = 'outgoing'`);
  const onHand = Number(level.onHand);
  const oversold = Math.max(0, ok - STOCK) + Math.max(0, -onHand);
  const lost = Math.abs(STOCK - ok - onHand) + Math.abs(ledgerIssues - ok);
  return [
    { measurement: 'postings/s', value: r2(ok / seconds), unit: '/s', note: `${ISSUES} parallel issues of 1 pcs on ${STOCK} pcs: ${ok} posted, ${conflicts} answered 409` },
    { measurement: 'requests/s', value: r2(ISSUES / seconds), unit: '/s', note: `${r2(seconds)} s wall time` },
    { measurement: 'oversold quantity', value: oversold, unit: 'pcs', note: 'must be 0' },
    { measurement: 'lost updates', value: lost, unit: 'count', note: `must be 0 (final on hand ${onHand}, ledger issues ${ledgerIssues})` },
  ];
}
