import request from 'supertest';
import { openDatabase, type DatabaseHandle } from '../database/database';
import { createProduct, dailyTotalMismatches, ledgerMismatches, levelsOf, receive } from '../inventory/testing';
import { ADMIN_EMAIL, createRoleUsers, createTestApp, createWarehouse, type TestApp } from '../../test/test-app';
import { signIn, startApiProcess, type ApiProcess } from '../../test/api-process';
import { createServerDatabase } from '../../test/test-db';
import { addLine, advance, createList, insertCustomer, step, type StepTokens, type StockedProduct } from './testing';

/**
 * Two deliveries for one customer deadlocked (stock levels against the
 * customer totals) and answered 500. Twenty lists for ONE customer sharing products, delivered
 * at once, all succeed, and levels and rollups equal the ledger afterwards: in one process (PGlite
 * and PostgreSQL) and across two API processes on one PostgreSQL database.
 */
const LISTS = 20;
const PRODUCTS = 4;
const STOCK = 100;
const SETUP_TIMEOUT = 300_000;

/** The API under test: `client(i)` is the process answering request i (one or two processes). */
interface Target {
  client: (i: number) => TestApp;
  db: DatabaseHandle['db'];
}

/** Products of list `i`: varied overlapping subsets of the shared products, never empty. */
const productsOf = (i: number, all: StockedProduct[]) => all.filter((_, j) => j === i % PRODUCTS || ((i >> j) & 1) === 1);
const quantityOf = (i: number) => 1 + (i % 3);

async function deliverInParallel(target: Target): Promise<void> {
  const t = target.client(0);
  const warehouse = await createWarehouse(t);
  const users = await createRoleUsers(t, warehouse);
  const tokens: StepTokens = { sales: users.sales.token, salesSupervisor: users.salesSupervisor.token, finance: users.finance.token, warehouseAdmin: users.warehouseAdmin.token };
  const customer = await insertCustomer(t);
  const stocked: StockedProduct[] = [];
  for (let j = 0; j < PRODUCTS; j++) {
    const p = await createProduct(target.db, { units: ['pcs'] });
    const res = await receive(t, users.warehouseAdmin.token, { warehouse, product: p.id, quantity: [{ name: 'pcs', value: STOCK }] });
    expect(res.status).toBe(201);
    stocked.push({ productId: p.id, inventoryId: res.body.data.inventory._id, code: p.code, name: p.name });
  }
  const lists = await Promise.all(
    Array.from({ length: LISTS }, async (_, i) => {
      const api = target.client(i);
      const id = await createList(api, tokens.sales, { warehouse, customer });
      for (const p of productsOf(i, stocked)) expect((await addLine(api, tokens.sales, id, p, [{ name: 'pcs', value: quantityOf(i) }])).status).toBe(200);
      await advance(api, tokens, id, ['submit', 'verify', 'approve']);
      return id;
    }),
  );

  const results = await Promise.all(lists.map((id, i) => step(target.client(i), tokens.warehouseAdmin, 'deliver', id)));
  expect(results.map((r) => (r.status === 200 ? 200 : `${r.status} ${r.body.message}`))).toEqual(lists.map(() => 200));

  for (const [j, p] of stocked.entries()) {
    const delivered = lists.reduce((sum, _, i) => sum + (productsOf(i, stocked).includes(p) ? quantityOf(i) : 0), 0);
    expect({ product: j, levels: await levelsOf(target.db, p.inventoryId) }).toEqual({ product: j, levels: { pcs: `${STOCK - delivered}/0` } });
  }
  expect(await ledgerMismatches(target.db)).toEqual([]);
  expect(await dailyTotalMismatches(target.db)).toEqual([]);
}

describe('Parallel deliveries for one customer (issue 12, point 9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, SETUP_TIMEOUT);
  afterAll(() => t.close());

  it(`delivers ${LISTS} lists sharing products at once, every one, with levels and rollups equal to the ledger`, async () => {
    await deliverInParallel({ client: () => t, db: t.db });
  });
});

const onServer = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onServer('Parallel deliveries through two API processes on one PostgreSQL database (issue 12, point 9)', () => {
  const procs: ApiProcess[] = [];
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const server = await createServerDatabase(process.env.TEST_DATABASE_URL!);
    drop = server.drop;
    procs.push(await startApiProcess({ DATABASE_URL: server.url })); // the first one migrates
    procs.push(await startApiProcess({ DATABASE_URL: server.url }));
    handle = await openDatabase(server.url, '', 2);
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await handle?.close();
    await drop?.();
  });

  it(`delivers ${LISTS} lists sharing products at once, half through each process, every one`, async () => {
    const adminToken = await signIn(procs[0], ADMIN_EMAIL);
    const clients = procs.map((p) => ({ http: request(p.url), adminToken, db: handle.db }) as unknown as TestApp);
    await deliverInParallel({ client: (i) => clients[i % 2], db: handle.db });
  });
});
