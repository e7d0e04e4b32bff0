/**
 * 200 concurrent direct issues (1 pcs each) through the API against one stock record holding
 * 150 pcs: postings per second, oversold quantity and lost updates (both must be 0). Then issues
 * spread over 100 records (>= 500/s on one record, >= 1,500/s over 100, 0 oversold, 0 lost), after
 * a warm-up of the route, and the API's rate over 100 records as a share of the light-route
 * ceiling measured in the same run (>= 60 %).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { categories, products, stockLevels, stockTransactions, warehouses } from '../src/database/schema';
import { ConflictException } from '@nestjs/common';
import { openDatabase } from '../src/database/database';
import { ImportPostingsRepository } from '../src/inventory/import-postings.repository';
import { LedgerPostingsRepository } from '../src/inventory/ledger-postings.repository';
import { StockLedgerRepository } from '../src/inventory/stock-ledger.repository';
import { StockLedgerService } from '../src/inventory/stock-ledger.service';
import { judged, loadGet, post, r2, request, runConcurrent, type BenchContext, type BenchRow } from './lib';

export const name = 'concurrent-issues';

const ISSUES = Number(process.env.BENCH_ISSUES ?? 200);
const STOCK = Math.floor(ISSUES * 0.75);
const RECORDS = 100;
const SPREAD_ISSUES = Number(process.env.BENCH_SPREAD_ISSUES ?? 3000);
const SPREAD_CLIENTS = 64;
const TARGETS = { one: 500, spread: 1500, shareOfCeiling: 60 };
/** Connections and seconds of the light-route ceiling's load. */
const CEILING = { clients: 8, seconds: Number(process.env.BENCH_CEILING_SECONDS ?? 5) };

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const [w] = await ctx.db.select({ id: warehouses.id }).from(warehouses).limit(1);
  const [c] = await ctx.db.select({ id: categories.id }).from(categories).limit(1);
  const code = `BENCH-${randomUUID().slice(0, 8)}`;
  const [p] = await ctx.db.insert(products).values({ categoryId: c.id, name: `Bench item ${code}`, code, units: ['pcs'], bufferUnit: 'pcs' }).returning({ id: products.id });
  const token = await ctx.tokenFor('warehouseAdmin', w.id, `wa.${w.id.slice(0, 8)}`);
  const received = await post(ctx.baseUrl, '/api/inventory/incoming', { warehouse: w.id, product: p.id, quantity: [{ name: 'pcs', value: STOCK }], grn: `GRN-${code}` }, token);
  if (received.status !== 201) throw new Error(`receive answered ${received.status}: ${JSON.stringify(received.body)}`);
  const inventoryId: string = received.body.data.inventory._id;
  await warmUp(ctx, w.id, c.id, token);

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
  const spreadRows = await spread(ctx, w.id, c.id, token);
  const ledgerRows = await ledgerOnly(ctx, inventoryId, token, w.id, p.id);
  const ceiling = await readCeiling(ctx, token);
  return [
    judged({ measurement: 'postings/s', value: r2(ok / seconds), unit: '/s', note: `${ISSUES} parallel issues of 1 pcs on ${STOCK} pcs: ${ok} posted, ${conflicts} answered 409` }, '>=', TARGETS.one),
    { measurement: 'requests/s', value: r2(ISSUES / seconds), unit: '/s', note: `${r2(seconds)} s wall time` },
    judged({ measurement: 'oversold quantity', value: oversold, unit: 'pcs' }, '=', 0),
    judged({ measurement: 'lost updates', value: lost, unit: 'count', note: `final on hand ${onHand}, ledger issues ${ledgerIssues}` }, '=', 0),
    ...spreadRows.rows,
    ...ledgerRows,
    ceiling.row,
    judged(
      { measurement: `postings/s over ${RECORDS} records through the API / light-route ceiling`, value: r2((spreadRows.apiRate / ceiling.rate) * 100), unit: '%', note: `${r2(spreadRows.apiRate)} / ${r2(ceiling.rate)} per s, both in this run` },
      '>=',
      TARGETS.shareOfCeiling,
    ),
  ];
}

/**
 * The API's ceiling on this machine, to read the posting rates against: requests/s of the
 * lightest signed-in route (GET /api/warehouses, six rows: token check, one query, JSON) from
 * CEILING.clients kept-alive connections for CEILING.seconds, after a warm-up. No posting route
 * can be faster than this.
 */
async function readCeiling(ctx: BenchContext, token: string): Promise<{ row: BenchRow; rate: number }> {
  await runConcurrent(8, 200, async () => void (await request(ctx.baseUrl, 'GET', '/api/warehouses', token)));
  const load = await loadGet(ctx.baseUrl, '/api/warehouses', token, Number(process.env.BENCH_API_PID), CEILING.clients, CEILING.seconds);
  const rate = load.requests / load.seconds;
  const note = `${load.requests} requests in ${r2(load.seconds)} s by ${CEILING.clients} connections, API CPU ${r2(load.cpuMs / load.requests)} ms per request: the lightest signed-in route, an upper bound for any posting through the API`;
  return { row: { measurement: 'requests/s of GET /api/warehouses (light-route ceiling)', value: r2(rate), unit: '/s', note }, rate };
}

/** A StockLedgerService of the bench's own on a pool of 10 connections, as the API has, and the id of an admin to post as. */
async function benchLedger(ctx: BenchContext): Promise<{ ledger: StockLedgerService; userId: string; close: () => Promise<void> }> {
  const [{ id: userId }] = (await ctx.pool.query<{ id: string }>(`SELECT id FROM users WHERE role = 'admin' LIMIT 1`)).rows;
  const handle = await openDatabase(ctx.databaseUrl, '', 10);
  const ledger = new StockLedgerService(handle.db, new StockLedgerRepository(), new ImportPostingsRepository(), new LedgerPostingsRepository());
  return { ledger, userId, close: () => handle.close() };
}

/**
 * 200 direct issues (8 clients) and 200 refused ones on a record of their own, before anything is
 * timed, so the API's code for the route is compiled by then, as the other benches warm up theirs.
 */
async function warmUp(ctx: BenchContext, warehouseId: string, categoryId: string, token: string): Promise<void> {
  const code = `BENCH-W-${randomUUID().slice(0, 8)}`;
  const [p] = await ctx.db.insert(products).values({ categoryId, name: `Bench warm-up ${code}`, code, units: ['pcs'], bufferUnit: 'pcs' }).returning({ id: products.id });
  const received = await post(ctx.baseUrl, '/api/inventory/incoming', { warehouse: warehouseId, product: p.id, quantity: [{ name: 'pcs', value: 200 }], grn: `GRN-W-${randomUUID().slice(0, 8)}` }, token);
  if (received.status !== 201) throw new Error(`receive answered ${received.status}: ${JSON.stringify(received.body)}`);
  const id: string = received.body.data.inventory._id;
  await runConcurrent(8, 400, async (i) => {
    const res = await post(ctx.baseUrl, '/api/inventory/outgoing', { id, quantity: [{ name: 'pcs', value: 1 }], gin: `GIN-W-${i}`, taken_by: 'bench' }, token);
    if (res.status !== 201 && res.status !== 409) throw new Error(`warm-up issue answered ${res.status}: ${JSON.stringify(res.body)}`);
  });
}

/**
 * The same 200 parallel issues on one record, straight through StockLedgerService.issueNow (one
 * statement each, a pool of 10 connections as the API has) with no HTTP, JWT, validation or JSON:
 * what the ledger itself sustains, to set against the API figure above.
 */
async function ledgerOnly(ctx: BenchContext, inventoryId: string, token: string, warehouseId: string, productId: string): Promise<BenchRow[]> {
  const received = await post(ctx.baseUrl, '/api/inventory/incoming', { warehouse: warehouseId, product: productId, quantity: [{ name: 'pcs', value: STOCK }], grn: `GRN-L-${randomUUID().slice(0, 8)}` }, token);
  if (received.status !== 201) throw new Error(`receive answered ${received.status}: ${JSON.stringify(received.body)}`);
  const { ledger, userId, close } = await benchLedger(ctx);
  const t0 = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: ISSUES }, (_, i) =>
      ledger.issueNow({ id: randomUUID(), inventoryId, quantity: [{ name: 'pcs', value: 1 }], gin: `GIN-L-${i}`, userId, source: 'direct' }),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  await close();
  const ok = results.filter((r) => r.status === 'fulfilled').length;
  const refused = results.filter((r) => r.status === 'rejected' && r.reason instanceof ConflictException).length;
  if (ok + refused !== ISSUES) throw new Error(`ledger-only issues failed: ${results.find((r) => r.status === 'rejected' && !(r.reason instanceof ConflictException))}`);
  const [level] = await ctx.db.select({ onHand: stockLevels.onHand }).from(stockLevels).where(eq(stockLevels.inventoryId, inventoryId));
  return [
    judged(
      { measurement: 'postings/s, ledger only (no HTTP)', value: r2(ok / seconds), unit: '/s', note: `${ISSUES} parallel StockLedgerService.issueNow on ${STOCK} pcs: ${ok} posted, ${refused} refused (409), final on hand ${Number(level.onHand)}` },
      '>=',
      TARGETS.one,
    ),
  ];
}

/**
 * SPREAD_ISSUES issues of 1 pcs round-robin over RECORDS records (stock for 90% of them),
 * SPREAD_CLIENTS at a time: through the API, then again (the records received anew) straight
 * through StockLedgerService.issueNow, as {@link ledgerOnly} does for one record. Answers the rows
 * and the API's postings/s.
 */
async function spread(ctx: BenchContext, warehouseId: string, categoryId: string, token: string): Promise<{ rows: BenchRow[]; apiRate: number }> {
  const perRecord = Math.floor((SPREAD_ISSUES / RECORDS) * 0.9);
  const tag = `BENCH-S-${randomUUID().slice(0, 8)}`;
  const made = await ctx.db
    .insert(products)
    .values(Array.from({ length: RECORDS }, (_, i) => ({ categoryId, name: `Bench spread ${tag}-${i}`, code: `${tag}-${i}`, units: ['pcs'], bufferUnit: 'pcs' })))
    .returning({ id: products.id });
  const records: string[] = [];
  for (const p of made) {
    const received = await post(ctx.baseUrl, '/api/inventory/incoming', { warehouse: warehouseId, product: p.id, quantity: [{ name: 'pcs', value: perRecord }], grn: `GRN-${tag}` }, token);
    if (received.status !== 201) throw new Error(`receive answered ${received.status}: ${JSON.stringify(received.body)}`);
    records.push(received.body.data.inventory._id);
  }
  const api = await spreadRound(ctx, records, 'API', async (i) => {
    const res = await post(ctx.baseUrl, '/api/inventory/outgoing', { id: records[i % RECORDS], quantity: [{ name: 'pcs', value: 1 }], gin: `GIN-${tag}-${i}`, taken_by: 'bench' }, token);
    if (res.status !== 201 && res.status !== 409) throw new Error(`issue answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.status === 201;
  });
  for (const [i, id] of records.entries()) {
    const received = await post(ctx.baseUrl, '/api/inventory/incoming', { warehouse: warehouseId, product: made[i].id, quantity: [{ name: 'pcs', value: perRecord }], grn: `GRN-${tag}-L` }, token);
    if (received.status !== 201 || received.body.data.inventory._id !== id) throw new Error(`receive answered ${received.status}: ${JSON.stringify(received.body)}`);
  }
  const { ledger, userId, close } = await benchLedger(ctx);
  const direct = await spreadRound(ctx, records, 'ledger only (no HTTP)', (i) =>
    ledger.issueNow({ id: randomUUID(), inventoryId: records[i % RECORDS], quantity: [{ name: 'pcs', value: 1 }], gin: `GIN-${tag}-L${i}`, userId, source: 'direct' }).then(
      () => true,
      (e: unknown) => {
        if (e instanceof ConflictException) return false;
        throw e;
      },
    ),
  );
  await close();
  return { rows: [...api.rows, ...direct.rows], apiRate: api.rate };
}

/** Runs SPREAD_ISSUES `issue(i)` (true when posted) SPREAD_CLIENTS at a time on `records`; the rate and the oversold / lost check. */
async function spreadRound(ctx: BenchContext, records: string[], how: string, issue: (i: number) => Promise<boolean>): Promise<{ rows: BenchRow[]; rate: number }> {
  const before = await issuedFrom(ctx, records);
  let ok = 0;
  const t0 = performance.now();
  await runConcurrent(SPREAD_CLIENTS, SPREAD_ISSUES, async (i) => {
    if (await issue(i)) ok++;
  });
  const seconds = (performance.now() - t0) / 1000;
  const { onHand, issued } = await issuedFrom(ctx, records);
  const stock = before.onHand;
  const oversold = Math.max(0, ok - stock) + Math.max(0, -onHand);
  const lost = Math.abs(stock - ok - onHand) + Math.abs(issued - before.issued - ok);
  const rate = ok / seconds;
  const rows = [
    judged({ measurement: `postings/s over ${RECORDS} records, ${how}`, value: r2(rate), unit: '/s', note: `${SPREAD_ISSUES} issues of 1 pcs, ${SPREAD_CLIENTS} clients, ${stock} pcs in all: ${ok} posted` }, '>=', TARGETS.spread),
    judged({ measurement: `oversold / lost over ${RECORDS} records, ${how}`, value: oversold + lost, unit: 'count', note: `oversold ${oversold}, lost ${lost}` }, '=', 0),
  ];
  return { rows, rate };
}

/** The on hand left on `records` and the issues ever posted from them. */
async function issuedFrom(ctx: BenchContext, records: string[]): Promise<{ onHand: number; issued: number }> {
  const [row] = (
    await ctx.pool.query<{ onHand: string; issued: number }>(
      `SELECT (SELECT sum(on_hand) FROM stock_levels WHERE inventory_id = ANY($1::uuid[]))::text AS "onHand",
              (SELECT count(*)::int FROM stock_transactions WHERE inventory_id = ANY($1::uuid[]) AND transaction_type = 'outgoing') AS issued`,
      [records],
    )
  ).rows;
  return { onHand: Number(row.onHand), issued: row.issued };
}
