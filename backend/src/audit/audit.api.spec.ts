import { sql } from 'drizzle-orm';
import type { Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createUser, createWarehouse, type TestApp, type TestUser } from '../../test/test-app';
import { createCategory, createProduct } from '../catalog/catalog.fixtures';
import { auditEvents } from '../database/schema';

describe('Audit trail API (issue 14)', () => {
  let t: TestApp;
  let users: Record<Role, TestUser>;
  let otherAdmin: TestUser;
  let cat: { _id: string; name: string };

  beforeAll(async () => {
    t = await createTestApp();
    const warehouse = await createWarehouse(t);
    users = await createRoleUsers(t, warehouse);
    otherAdmin = await createUser(t, 'warehouseAdmin', await createWarehouse(t));
    cat = await createCategory({ http: t.http, token: users.warehouseAdmin.token });
  });
  afterAll(() => t.close());

  const history = async (entity: string, id: string, token = t.adminToken) =>
    t.http.get(`/api/audit/${entity}/${id}?limit=100`).set(bearer(token));
  const eventCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0].n;

  it('records a product created, updated, removed and activated with who, the changed fields, the request id and the address', async () => {
    const wa = users.warehouseAdmin;
    const p = await createProduct({ http: t.http, token: wa.token }, cat._id, { name: 'Hex bolt' });
    const upd = await t.http
      .patch(`/api/products/${p._id}`)
      .set(bearer(wa.token))
      .set('X-Request-Id', 'req-audit-1')
      .send({ name: 'Hex bolt M8', buffer_stock: { unit_of_measurement: 'pcs', quantity: 12 } });
    expect(upd.status).toBe(200);
    expect((await t.http.delete(`/api/products/${p._id}`).set(bearer(wa.token))).status).toBe(200);
    expect((await t.http.patch(`/api/products/activate/${p._id}`).set(bearer(wa.token))).status).toBe(200);

    const res = await history('product', p._id, users.sales.token);
    expect(res.status).toBe(200);
    const events = res.body.data.events;
    expect(res.body.data.total_count).toBe(4);
    expect(events.map((e: { action: string }) => e.action)).toEqual(['activate', 'remove', 'update', 'create']);
    const update = events[2];
    expect(update).toMatchObject({
      entity: 'product',
      entity_id: p._id,
      user: { _id: wa.id, name: 'Test warehouseAdmin', role: 'warehouseAdmin' },
      request_id: 'req-audit-1',
    });
    expect(update.client_address).toMatch(/127\.0\.0\.1|::1/);
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'Hex bolt', after: 'Hex bolt M8' },
        { field: 'buffer_stock.quantity', before: 5, after: 12 },
      ]),
    );
    expect(update.changes.map((c: { field: string }) => c.field)).not.toContain('updatedAt');
    expect(events[1].changes).toEqual([{ field: 'removed', before: false, after: true }]);
    expect(events[3].changes).toEqual(expect.arrayContaining([{ field: 'name', before: null, after: 'Hex bolt' }]));
  });

  it('writes nothing when a change is refused or changes no field', async () => {
    const wa = users.warehouseAdmin;
    const p = await createProduct({ http: t.http, token: wa.token }, cat._id);
    const before = await eventCount();
    expect((await t.http.patch(`/api/products/${p._id}`).set(bearer(wa.token)).send({ category: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await t.http.patch(`/api/products/${p._id}`).set(bearer(users.sales.token)).send({ name: 'X' })).status).toBe(403);
    expect((await t.http.patch(`/api/products/activate/${p._id}`).set(bearer(wa.token))).status).toBe(409);
    expect((await t.http.patch(`/api/products/${p._id}`).set(bearer(wa.token)).send({ name: p.name })).status).toBe(200);
    expect(await eventCount()).toBe(before);
  });

  it('the database refuses to change or delete an audit event (trigger)', async () => {
    expect(await eventCount()).toBeGreaterThan(0);
    const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
    await expect(t.db.execute(sql`update audit_events set action = 'x'`)).rejects.toMatchObject(refused);
    await expect(t.db.execute(sql`delete from audit_events`)).rejects.toMatchObject(refused);
    await expect(t.db.execute(sql`truncate audit_events`)).rejects.toMatchObject(refused);
    expect(await eventCount()).toBeGreaterThan(0);
  });

  it('GET /api/audit: admin and finance search by entity, user, action and day; other roles 403; bad filters 400 naming the field', async () => {
    const wa = users.warehouseAdmin;
    const p = await createProduct({ http: t.http, token: wa.token }, cat._id);
    for (const role of ['admin', 'finance'] as const) {
      const res = await t.http.get(`/api/audit?entity=product&entity_id=${p._id}&action=create&user_id=${wa.id}`).set(bearer(users[role].token));
      expect(res.status).toBe(200);
      expect(res.body.data.total_count).toBe(1);
      expect(res.body.data.events[0]).toMatchObject({ action: 'create', entity_id: p._id });
    }
    for (const role of ['warehouseAdmin', 'salesSupervisor', 'importAdmin', 'sales'] as const) {
      expect((await t.http.get('/api/audit').set(bearer(users[role].token))).status).toBe(403);
    }
    const today = new Date().toISOString().slice(0, 10);
    const day = await t.http.get(`/api/audit?from=${today}&to=${today}&entity=product&limit=2&sort=at&order=asc`).set(bearer(t.adminToken));
    expect(day.body.data.events).toHaveLength(2);
    expect(day.body.data.events[0].at <= day.body.data.events[1].at).toBe(true);
    expect((await t.http.get('/api/audit?from=2020-01-01&to=2020-01-02').set(bearer(t.adminToken))).body.data.total_count).toBe(0);
    for (const [q, field] of [
      ['entity=ship', 'entity'],
      ['action=explode', 'action'],
      ['user_id=1', 'user_id'],
      ['from=yesterday', 'from'],
      ['sort=changes', 'sort'],
    ]) {
      const res = await t.http.get(`/api/audit?${q}`).set(bearer(t.adminToken));
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });

  it('GET /api/audit/{entity}/{id}: anyone who may read the record; another warehouse 403; unknown 404', async () => {
    const wa = users.warehouseAdmin;
    const customer = await t.http
      .post('/api/customers/create')
      .set(bearer(users.sales.token))
      .send({ name: 'Abebe Kebede', company: 'Abebe PLC', address: 'Addis Ababa', phone_no: ['911000111'], email: `a${Date.now()}@x.et` });
    expect(customer.status).toBe(201);
    expect((await history('customer', customer.body.data._id, users.warehouseAdmin.token)).status).toBe(403);
    expect((await history('customer', customer.body.data._id, users.sales.token)).status).toBe(200);
    const receipt = await t.http
      .post('/api/inventory/incoming')
      .set(bearer(wa.token))
      .send({ warehouse: wa.warehouse, product: (await createProduct({ http: t.http, token: wa.token }, cat._id))._id, quantity: [{ name: 'pcs', value: 3 }], grn: `GRN-${Date.now()}` });
    expect(receipt.status).toBe(201);
    const tx = receipt.body.data.transaction_id;
    expect((await history('transaction', tx, wa.token)).status).toBe(200);
    expect((await history('transaction', tx, otherAdmin.token)).status).toBe(403);
    expect((await history('product', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await history('ship', '00000000-0000-4000-8000-000000000000')).status).toBe(400);
    expect((await history('product', 'nope')).status).toBe(400);
  });

  it('counts at most 10,000 matches and says when more match', async () => {
    const many = '11111111-1111-4111-8111-111111111111';
    await t.db.execute(
      sql`insert into audit_events (action, entity, entity_id, user_name) select 'update', 'category', ${many}::uuid, 'Seeded' from generate_series(1, 10001)`,
    );
    const capped = await t.http.get(`/api/audit?entity_id=${many}&limit=5`).set(bearer(t.adminToken));
    expect(capped.body.data).toMatchObject({ total_count: 10000, total_capped: true });
    expect(capped.body.data.events).toHaveLength(5);
    const few = await t.http.get('/api/audit?entity=product&action=remove').set(bearer(t.adminToken));
    expect(few.body.data).toMatchObject({ total_count: few.body.data.events.length, total_capped: false });
  });

  it('exports the filtered events as CSV with the changes written out', async () => {
    const res = await t.http.get('/api/audit/export?format=csv&entity=product&action=remove').set(bearer(users.finance.token));
    expect(res.status).toBe(200);
    expect(res.text).toContain('Time,User,Role,Action,Record,Record name,Record id,Changes');
    expect(res.text).toContain('removed: false -> true');
  });
});
