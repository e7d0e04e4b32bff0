import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../../database/schema';
import { createListsApp, createUser, uniq, bearer, type TestApp } from '../../../test/test-app';
import type { IncomingFixture } from '../../incoming/testing';
import { ledgerOf, listAt, onHand, statusOf } from '../../incoming/testing';
import { ledgerCount } from '../../inventory/testing';
import { IdempotencyRepository } from './idempotency.repository';
import { addLine, advance, createList, insertCustomer, ledgerRowsOf, levelsOf, step, stockProduct } from '../../outgoing/testing';

/** Stock-moving POSTs honour Idempotency-Key, on PGlite and PostgreSQL. */
describe('Idempotency-Key on stock-moving POSTs', () => {
  let t: TestApp;
  let fx: IncomingFixture;

  beforeAll(async () => {
    ({ t, fx } = await createListsApp());
  }, 300_000);
  afterAll(() => t.close());

  const receipt = (qty = 4) => ({ warehouse: fx.warehouse, product: fx.products[0]._id, quantity: [{ name: 'pcs', value: qty }], grn: `GRN-${uniq()}` });
  const post = (path: string, body: object, key?: string, token = fx.users.warehouseAdmin.token) => {
    const req = t.http.post(`/api/${path}`).set(bearer(token));
    return (key === undefined ? req : req.set('Idempotency-Key', key)).send(body);
  };
  const stockOf = () => onHand(fx, fx.products[0]._id, fx.warehouse);

  it('posts a retried direct receipt once and answers the retry with the first answer', async () => {
    const key = randomUUID();
    const body = receipt();
    const first = await post('inventory/incoming', body, key);
    expect(first.status).toBe(201);
    const inventoryId: string = first.body.data.inventory._id;
    const rows = await ledgerCount(t.db, inventoryId);
    const levels = await stockOf();

    // the same body with its keys in another order is the same request
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    for (const retry of [body, reordered]) {
      const again = await post('inventory/incoming', retry, key);
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
    }
    expect(await ledgerCount(t.db, inventoryId)).toBe(rows);
    expect(await stockOf()).toEqual(levels);

    // without a key a repeat is a new receipt (the GRN may be reused on direct receipts)
    expect((await post('inventory/incoming', body)).status).toBe(201);
    expect(await ledgerCount(t.db, inventoryId)).toBe(rows + 1);
  });

  it('answers 422 naming the key for another body or route with a used key, posting nothing', async () => {
    const key = randomUUID();
    const first = await post('inventory/incoming', receipt(2), key);
    expect(first.status).toBe(201);
    const inventoryId: string = first.body.data.inventory._id;
    const rows = await ledgerCount(t.db, inventoryId);
    const levels = await stockOf();

    const other = await post('inventory/incoming', receipt(3), key);
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/Idempotency-Key was already used/);
    const otherRoute = await post('inventory/outgoing', { id: inventoryId, quantity: [{ name: 'pcs', value: 1 }], gin: `GIN-${uniq()}` }, key);
    expect(otherRoute.status).toBe(422);
    expect(await ledgerCount(t.db, inventoryId)).toBe(rows);
    expect(await stockOf()).toEqual(levels);
  });

  it('refuses a malformed key with 400 naming the header, posting nothing', async () => {
    const before = await stockOf();
    for (const key of ['x'.repeat(256), 'clé']) {
      const res = await post('inventory/incoming', receipt(), key);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Idempotency-Key must be/);
    }
    expect(await stockOf()).toEqual(before);
    expect((await post('inventory/incoming', receipt(1), 'k'.repeat(255))).status).toBe(201);
  });

  it('posts exactly once for 10 concurrent identical requests with one key', async () => {
    const key = randomUUID();
    const body = receipt(5);
    const before = await stockOf();
    const rowsBefore = await ledgerCount(t.db);
    const results = await Promise.all(Array.from({ length: 10 }, () => post('inventory/incoming', body, key)));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) expect(r.body).toEqual(created[0].body);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.message).toMatch(/still in progress/);
      expect(r.headers['retry-after']).toBe('1');
    }
    expect(await ledgerCount(t.db)).toBe(rowsBefore + 1);
    expect((await stockOf()).pcs).toBe((before.pcs ?? 0) + 5);
    // a retry after the burst gets the stored answer
    const retry = await post('inventory/incoming', body, key);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(created[0].body);
    expect((await stockOf()).pcs).toBe((before.pcs ?? 0) + 5);
  });

  it('drops the key of a failed request so the same request may be retried', async () => {
    const receipt0 = await post('inventory/incoming', receipt(1));
    const inventoryId: string = receipt0.body.data.inventory._id;
    const have = (await stockOf()).pcs;
    const key = randomUUID();
    const body = { id: inventoryId, quantity: [{ name: 'pcs', value: have + 2 }], gin: `GIN-${uniq()}` };
    expect((await post('inventory/outgoing', body, key)).status).toBe(409);
    expect((await post('inventory/incoming', receipt(2))).status).toBe(201);
    const issued = await post('inventory/outgoing', body, key);
    expect(issued.status).toBe(201);
    expect((await stockOf()).pcs).toBe(0);
    expect((await post('inventory/outgoing', body, key)).body).toEqual(issued.body);
    expect((await stockOf()).pcs).toBe(0);
  });

  it('keeps keys per user: another user may use the same key', async () => {
    const key = randomUUID();
    const before = (await stockOf()).pcs ?? 0;
    const other = await createUser(t, 'warehouseAdmin', fx.warehouse);
    expect((await post('inventory/incoming', receipt(1), key)).status).toBe(201);
    expect((await post('inventory/incoming', receipt(1), key, other.token)).status).toBe(201);
    expect((await stockOf()).pcs).toBe(before + 2);
  });

  it('approves an incoming list once when the approval is repeated with its key', async () => {
    const list = await listAt(fx, 'pending_finance_approval');
    const key = randomUUID();
    const body = { list_id: list.id, remark: { content: 'ok' } };
    const first = await post('incomingLists/approve', body, key, fx.users.finance.token);
    expect(first.status).toBe(200);
    const again = await post('incomingLists/approve', body, key, fx.users.finance.token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await statusOf(fx, list.id)).toBe('approved');
    expect(await ledgerOf(fx, list.id)).toHaveLength(2);
    // without the key the repeat is refused as a wrong status, as before
    expect((await post('incomingLists/approve', body, undefined, fx.users.finance.token)).status).toBe(409);
  });

  it('delivers an outgoing list once when the delivery is repeated with its key', async () => {
    const u = fx.users;
    const p = await stockProduct(t, fx.warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 10 }]);
    const id = await createList(t, u.sales.token, { warehouse: fx.warehouse, customer: await insertCustomer(t) });
    expect((await addLine(t, u.sales.token, id, p, [{ name: 'pcs', value: 4 }])).status).toBe(200);
    await advance(t, { sales: u.sales.token, salesSupervisor: u.salesSupervisor.token, finance: u.finance.token, warehouseAdmin: u.warehouseAdmin.token }, id, [
      'submit',
      'verify',
      'approve',
    ]);
    const key = randomUUID();
    const results = await Promise.all([1, 2, 3].map(() => post('outgoingLists/delivery/confirm', { list_id: id }, key)));
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const delivered = await post('outgoingLists/delivery/confirm', { list_id: id }, key);
    expect(delivered.status).toBe(200);
    expect(delivered.body.data.outgoing_list.status).toBe('delivered');
    expect(await ledgerRowsOf(t, id)).toHaveLength(1);
    expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 6, reserved: 0 } });
    expect((await step(t, u.warehouseAdmin.token, 'deliver', id)).status).toBe(409);
  });

  it('purges keys older than 24 hours and keeps younger ones', async () => {
    const userId = fx.users.warehouseAdmin.id;
    const row = { userId, route: 'POST /api/x', requestHash: 'h', statusCode: 201, response: {} };
    await t.db.insert(idempotencyKeys).values([
      { ...row, key: 'old', createdAt: sql`now() - interval '25 hours'` },
      { ...row, key: 'young', createdAt: sql`now() - interval '23 hours'` },
    ]);
    await new IdempotencyRepository(t.db).purgeOlderThan(24);
    const left = await t.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), sql`${idempotencyKeys.key} in ('old', 'young')`));
    expect(left.map((r) => r.key)).toEqual(['young']);
  });

  it('documents the header on every stock-moving POST in the OpenAPI document', async () => {
    const doc = (await t.http.get('/api/docs-json')).body as { paths: Record<string, { post?: { parameters?: { in: string; name: string }[] } }> };
    const routes = [
      '/api/inventory/incoming',
      '/api/inventory/outgoing',
      '/api/incomingLists/submit',
      '/api/incomingLists/import-admin/approve-and-submit-for-finance-approval',
      '/api/incomingLists/approve',
      '/api/outgoingLists/submit-for-sales-supervisor-approval',
      '/api/outgoingLists/supervisor/approve-and-submit-for-finance-approval',
      '/api/outgoingLists/approve',
      '/api/outgoingLists/delivery/confirm',
    ];
    for (const route of routes) {
      expect({ route, header: doc.paths[route]?.post?.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key') }).toEqual({ route, header: true });
    }
  });
});
