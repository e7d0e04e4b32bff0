/**
 * Stock operations ("Performance"): a 1,000-line stock count is created in <= 300 ms
 * and approved in <= 1 s; a 200-line transfer dispatches and receives in <= 300 ms each. Each
 * figure is the median of 3 rounds through the API, on a fresh warehouse pair whose 1,000
 * inventory records are seeded in SQL (levels and their ledger rows together, so levels equal the
 * ledger). The count's counted quantities (half of them off by one) are written in SQL too: only
 * the timed routes matter here.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { categories, warehouses } from '../src/database/schema';
import { judged, post, r2, request, type BenchContext, type BenchRow, type Json } from './lib';

export const name = 'stock-ops';

const RECORDS = 1000;
const TRANSFER_LINES = 200;
const ROUNDS = 3;
const TARGETS = { countCreate: 300, countApprove: 1000, dispatch: 300, receive: 300 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const result = await fn();
  return [result, performance.now() - t0];
}

/** A warehouse with RECORDS products of one category on hand (100 pcs each) and the bench user of it. */
async function stockedWarehouse(ctx: BenchContext, categoryId: string, userId: () => Promise<string>): Promise<string> {
  const [w] = await ctx.db.insert(warehouses).values({ name: `Bench ops ${randomUUID().slice(0, 8)}`, address: 'Bench' }).returning({ id: warehouses.id });
  const tag = randomUUID().slice(0, 8);
  const by = await userId();
  await ctx.db.execute(sql`
    WITH p AS (
      INSERT INTO products (category_id, name, code, units, buffer_unit)
      SELECT ${categoryId}, 'Bench ops item ' || ${tag} || '-' || g, 'BOPS-' || ${tag} || '-' || g, ARRAY['pcs'], 'pcs' FROM generate_series(1, ${RECORDS}) g
      RETURNING id
    ), i AS (
      INSERT INTO inventories (product_id, warehouse_id, category_id, purchased_price)
      SELECT id, ${w.id}, ${categoryId}, 10 FROM p RETURNING id, product_id
    ), l AS (
      INSERT INTO stock_levels (inventory_id, unit, on_hand) SELECT id, 'pcs', 100 FROM i
    )
    INSERT INTO stock_transactions (transaction_type, inventory_id, product_id, warehouse_id, category_id, quantity, grn, user_id, source)
    SELECT 'incoming', i.id, i.product_id, ${w.id}, ${categoryId}, '[{"name":"pcs","value":100}]'::jsonb, 'GRN-BOPS-' || ${tag}, ${by}, 'direct' FROM i`);
  return w.id;
}

async function ok(res: Promise<{ status: number; body: Json }>, what: string): Promise<Json> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body.data;
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const [c] = await ctx.db.insert(categories).values({ name: `Bench ops ${randomUUID().slice(0, 8)}`, description: 'Bench', quantityMeasurement: ['pcs'] }).returning({ id: categories.id });
  const userOf = (email: string) => async () => ((await ctx.db.execute(sql`SELECT id FROM users WHERE email = ${email}`)) as unknown as { rows: { id: string }[] }).rows[0].id;
  const finance = await ctx.tokenFor('finance', null, 'ops.finance');
  const times = { countCreate: [] as number[], countApprove: [] as number[], dispatch: [] as number[], receive: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const key = `ops.${randomUUID().slice(0, 8)}`;
    // the source warehouse's admin exists before the seed (the ledger rows name a user)
    const [tmp] = await ctx.db.insert(warehouses).values({ name: `Bench ops tmp ${key}`, address: 'Bench' }).returning({ id: warehouses.id });
    await ctx.tokenFor('warehouseAdmin', tmp.id, `${key}.seed`);
    const from = await stockedWarehouse(ctx, c.id, userOf(`bench.${key}.seed@bench.local`));
    const [to] = await ctx.db.insert(warehouses).values({ name: `Bench ops to ${key}`, address: 'Bench' }).returning({ id: warehouses.id });
    const fromAdmin = await ctx.tokenFor('warehouseAdmin', from, `${key}.from`);
    const toAdmin = await ctx.tokenFor('warehouseAdmin', to.id, `${key}.to`);

    // a 1,000-line stock count: create, then approve with half the lines one off
    const [created, createMs] = await timed(() => ok(post(ctx.baseUrl, '/api/stockCounts/create', { warehouse: from }, fromAdmin), 'count create'));
    const count = created.stock_count;
    if (count.line_count !== RECORDS) throw new Error(`count has ${count.line_count} lines, expected ${RECORDS}`);
    await ctx.db.execute(sql`
      UPDATE stock_count_lines SET counted = jsonb_build_array(jsonb_build_object('name', 'pcs', 'value', CASE WHEN random() < 0.5 THEN 99 ELSE 100 END)), counted_at = now()
      WHERE count_id = ${count._id}`);
    await ok(post(ctx.baseUrl, '/api/stockCounts/submit', { count_id: count._id }, fromAdmin), 'count submit');
    const [, approveMs] = await timed(() => ok(post(ctx.baseUrl, '/api/stockCounts/approve', { count_id: count._id }, finance), 'count approve'));
    times.countCreate.push(createMs);
    times.countApprove.push(approveMs);

    // a 200-line transfer: lines added through the API (not timed), then dispatch and receive
    const transfer = (await ok(post(ctx.baseUrl, '/api/transfers/create', { from_warehouse: from, to_warehouse: to.id, trn: `TRN-${key}` }, fromAdmin), 'transfer create')).transfer;
    const records = ((await ctx.db.execute(sql`SELECT id FROM inventories WHERE warehouse_id = ${from} ORDER BY id LIMIT ${TRANSFER_LINES}`)) as unknown as { rows: { id: string }[] }).rows;
    for (const r of records) await ok(post(ctx.baseUrl, '/api/transfers/product/add', { transfer_id: transfer._id, inventory: r.id, quantity: [{ name: 'pcs', value: 5 }] }, fromAdmin), 'transfer add');
    const [, dispatchMs] = await timed(() => ok(post(ctx.baseUrl, '/api/transfers/dispatch', { transfer_id: transfer._id }, fromAdmin), 'dispatch'));
    const [, receiveMs] = await timed(() => ok(post(ctx.baseUrl, '/api/transfers/receive', { transfer_id: transfer._id }, toAdmin), 'receive'));
    times.dispatch.push(dispatchMs);
    times.receive.push(receiveMs);
    const check = await request(ctx.baseUrl, 'GET', `/api/transfers/one/${transfer._id}`, fromAdmin);
    if (check.body.data.transfer.status !== 'received') throw new Error('transfer not received');
  }
  const row = (measurement: string, xs: number[], target: number, note: string): BenchRow =>
    judged({ measurement, value: r2(median(xs)), unit: 'ms', note: `median of ${ROUNDS} (${xs.map(r2).join(', ')}); ${note}` }, '<=', target);
  return [
    row('stock count create, 1,000 lines', times.countCreate, TARGETS.countCreate, 'every record of the warehouse with its on hand'),
    row('stock count approve, 1,000 lines', times.countApprove, TARGETS.countApprove, 'about half the lines differ: one correction row each'),
    row('transfer dispatch, 200 lines', times.dispatch, TARGETS.dispatch, '200 ledger rows out of the source'),
    row('transfer receive, 200 lines', times.receive, TARGETS.receive, '200 destination records created and received into'),
  ];
}
