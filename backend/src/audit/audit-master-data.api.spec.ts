import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '@inventory/common';
import {
  ADMIN_PASSWORD,
  bearer,
  createRoleUsers,
  createTestApp,
  createWarehouse,
  STRONG_PASSWORD,
  uniq,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { createCategory, createProduct } from '../catalog/catalog.fixtures';
import { auditEvents, users as usersTable } from '../database/schema';

type Event = typeof auditEvents.$inferSelect;

/**
 * The audit trail of categories, warehouses, customers, staff and sign-in: one event per
 * change, by whom, with the fields that differ; none for a refused change; never a password or hash.
 */
describe('Audit trail of master data, staff and sign-in (issue 14)', () => {
  let t: TestApp;
  let users: Record<Role, TestUser>;
  let adminId: string;
  let ADMIN: { userId: string; userName: string; userRole: string };

  beforeAll(async () => {
    t = await createTestApp();
    users = await createRoleUsers(t, await createWarehouse(t));
    adminId = (await t.http.get('/api/users/getUser').set(bearer(t.adminToken))).body.data._id;
    ADMIN = { userId: adminId, userName: 'Admin User', userRole: 'admin' };
  });
  afterAll(() => t.close());

  /** The events of one record (or, with `null`, of no record), oldest first. */
  const eventsOf = async (entity: string, id: string | null): Promise<Event[]> =>
    t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, entity), id === null ? isNull(auditEvents.entityId) : eq(auditEvents.entityId, id)))
      .orderBy(asc(auditEvents.id));
  const eventCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0].n;
  const actorOf = (u: TestUser) => ({ userId: u.id, userName: `Test ${u.role}`, userRole: u.role });
  /** Runs the refused requests and checks that each answered its status and that no event was written. */
  const refusedWriteNothing = async (requests: [PromiseLike<{ status: number }>, number][]) => {
    const before = await eventCount();
    for (const [req, status] of requests) expect((await req).status).toBe(status);
    expect(await eventCount()).toBe(before);
  };

  it('categories: create, update, remove and activate each write one event by the warehouseAdmin; refusals write none', async () => {
    const wa = users.warehouseAdmin;
    const cat = await createCategory({ http: t.http, token: wa.token }, { name: `Paints ${uniq()}` });
    const other = await createCategory({ http: t.http, token: wa.token });
    const body = { name: `${cat.name} & Coatings`, description: 'Wall paints', specifications: ['Color', 'Size', 'Finish'], quantity_measurement: ['pcs', 'box'] };
    expect((await t.http.put(`/api/productCategories/update/${cat._id}`).set(bearer(wa.token)).send(body)).status).toBe(200);

    await refusedWriteNothing([
      [t.http.put(`/api/productCategories/update/${cat._id}`).set(bearer(wa.token)).send({ ...body, name: other.name }), 409],
      [t.http.post('/api/productCategories/add').set(bearer(wa.token)).send({ ...body, name: other.name.toUpperCase() }), 409],
      [t.http.put(`/api/productCategories/update/${cat._id}`).set(bearer(t.adminToken)).send({ ...body, name: 'By admin' }), 403],
      [t.http.post('/api/productCategories/add').set(bearer(wa.token)).send({ ...body, name: '' }), 400],
      [t.http.put(`/api/productCategories/activate/${cat._id}`).set(bearer(wa.token)), 409],
      // The same fields again: 200, but nothing differs.
      [t.http.put(`/api/productCategories/update/${cat._id}`).set(bearer(wa.token)).send(body), 200],
    ]);
    const p = await createProduct({ http: t.http, token: wa.token }, other._id);
    await refusedWriteNothing([[t.http.delete(`/api/productCategories/remove/${other._id}`).set(bearer(wa.token)), 409]]);
    expect((await t.http.delete(`/api/products/${p._id}`).set(bearer(wa.token))).status).toBe(200);

    expect((await t.http.delete(`/api/productCategories/remove/${cat._id}`).set(bearer(wa.token))).status).toBe(200);
    expect((await t.http.put(`/api/productCategories/activate/${cat._id}`).set(bearer(wa.token))).status).toBe(200);

    const events = await eventsOf('category', cat._id);
    expect(events.map((e) => e.action)).toEqual(['create', 'update', 'remove', 'activate']);
    for (const e of events) expect(e).toMatchObject(actorOf(wa));
    expect(events[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: cat.name },
        { field: 'quantity_measurement', before: null, after: ['pcs', 'box'] },
      ]),
    );
    expect(events[1].changes).toEqual([
      { field: 'name', before: cat.name, after: body.name },
      { field: 'description', before: 'Test category', after: 'Wall paints' },
      { field: 'specifications', before: ['Color', 'Size'], after: ['Color', 'Size', 'Finish'] },
    ]);
    expect(events[2].changes).toEqual([{ field: 'removed', before: false, after: true }]);
    expect(events[3].changes).toEqual([{ field: 'removed', before: true, after: false }]);
  });

  it('warehouses: create, update, remove and activate by the admin, readable in GET /api/audit/warehouse/{id}; refusals write none', async () => {
    const name = `Kality ${uniq()}`;
    const created = await t.http.post('/api/warehouses').set(bearer(t.adminToken)).set('X-Request-Id', 'req-wh-create').send({ name, address: 'Kality' });
    expect(created.status).toBe(201);
    const id: string = created.body.data._id;
    const otherName = `Bole ${uniq()}`;
    await createWarehouse(t, otherName);
    expect((await t.http.patch(`/api/warehouses/update/${id}`).set(bearer(t.adminToken)).send({ name: `${name} North`, address: 'Kality' })).status).toBe(200);

    await refusedWriteNothing([
      [t.http.post('/api/warehouses').set(bearer(t.adminToken)).send({ name: otherName.toLowerCase(), address: 'x' }), 409],
      [t.http.patch(`/api/warehouses/update/${id}`).set(bearer(t.adminToken)).send({ name: otherName, address: 'x' }), 409],
      [t.http.patch(`/api/warehouses/update/${id}`).set(bearer(users.warehouseAdmin.token)).send({ name: 'Mine', address: 'x' }), 403],
      [t.http.post('/api/warehouses').set(bearer(t.adminToken)).send({ name: 'No address' }), 400],
      [t.http.patch(`/api/warehouses/activate/${id}`).set(bearer(t.adminToken)), 409],
    ]);
    expect((await t.http.delete(`/api/warehouses/remove/${id}`).set(bearer(t.adminToken))).status).toBe(200);
    await refusedWriteNothing([[t.http.delete(`/api/warehouses/remove/${id}`).set(bearer(t.adminToken)), 409]]);
    expect((await t.http.patch(`/api/warehouses/activate/${id}`).set(bearer(t.adminToken))).status).toBe(200);

    const res = await t.http.get(`/api/audit/warehouse/${id}`).set(bearer(users.sales.token));
    expect(res.status).toBe(200);
    expect(res.body.data.total_count).toBe(4);
    const events = res.body.data.events;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['activate', 'remove', 'update', 'create']);
    for (const e of events) expect(e).toMatchObject({ entity: 'warehouse', entity_id: id, user: { _id: adminId, name: 'Admin User', role: 'admin' } });
    expect(events[3]).toMatchObject({ request_id: 'req-wh-create' });
    expect(events[3].changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: name },
        { field: 'address', before: null, after: 'Kality' },
        { field: 'removed', before: null, after: false },
      ]),
    );
    expect(events[2].changes).toEqual([{ field: 'name', before: name, after: `${name} North` }]);
    expect(events[1].changes).toEqual([{ field: 'removed', before: false, after: true }]);
    expect(events[0].changes).toEqual([{ field: 'removed', before: true, after: false }]);
  });

  it('customers: create, update, remove and activate by sales; refusals write none', async () => {
    const sales = users.sales;
    const body = { name: 'Abebe Kebede', company: 'Abebe PLC', address: 'Addis Ababa', phone_no: ['911000111'], email: `abebe.${uniq()}@x.et` };
    const created = await t.http.post('/api/customers/create').set(bearer(sales.token)).send(body);
    expect(created.status).toBe(201);
    const id: string = created.body.data._id;
    expect((await t.http.patch(`/api/customers/${id}`).set(bearer(sales.token)).send({ ...body, company: 'Abebe & Sons PLC', phone_no: ['911000111', '922000222'] })).status).toBe(200);

    await refusedWriteNothing([
      [t.http.post('/api/customers/create').set(bearer(sales.token)).send({ ...body, email: 'not-an-email' }), 400],
      [t.http.patch(`/api/customers/${id}`).set(bearer(sales.token)).send({ ...body, phone_no: 'x' }), 400],
      [t.http.patch(`/api/customers/${id}`).set(bearer(users.warehouseAdmin.token)).send(body), 403],
      [t.http.post('/api/customers/create').set(bearer(users.finance.token)).send(body), 403],
      [t.http.put(`/api/customers/activate/${id}`).set(bearer(sales.token)), 409],
    ]);
    expect((await t.http.delete(`/api/customers/remove/${id}`).set(bearer(sales.token))).status).toBe(200);
    expect((await t.http.put(`/api/customers/activate/${id}`).set(bearer(t.adminToken))).status).toBe(200);

    const events = await eventsOf('customer', id);
    expect(events.map((e) => e.action)).toEqual(['create', 'update', 'remove', 'activate']);
    expect(events.slice(0, 3).every((e) => e.userId === sales.id && e.userRole === 'sales')).toBe(true);
    expect(events[3]).toMatchObject(ADMIN);
    expect(events[0].changes).toEqual(expect.arrayContaining([{ field: 'email', before: null, after: body.email }]));
    expect(events[1].changes).toEqual([
      { field: 'company', before: 'Abebe PLC', after: 'Abebe & Sons PLC' },
      { field: 'phone_no', before: ['911000111'], after: ['911000111', '922000222'] },
    ]);
    expect(events[2].changes).toEqual([{ field: 'removed', before: false, after: true }]);
  });

  describe('staff and sign-in', () => {
    const NEW_PASSWORD = 'N3w@Passw0rd';
    const RESET_PASSWORD = 'R3set@Passw0rd';
    let staffId: string;
    let email: string;
    let warehouse: { id: string; name: string };

    beforeAll(async () => {
      const name = `Merkato ${uniq()}`;
      warehouse = { id: await createWarehouse(t, name), name };
    });

    it('the first admin was created by the System', async () => {
      const [first] = await eventsOf('user', adminId);
      expect(first).toMatchObject({ action: 'create', userId: null, userName: 'System', userRole: null });
      expect(first.changes).toEqual(expect.arrayContaining([{ field: 'role', before: null, after: 'admin' }]));
    });

    it('register, update (role and warehouse), remove and activate write one event each by the admin; refusals write none', async () => {
      email = `almaz.${uniq()}@test.local`;
      const fields = { first_name: 'Almaz', last_name: 'Bekele', phone: '911223344', email, role: 'sales' };
      const body = { ...fields, password: STRONG_PASSWORD };
      const reg = await t.http.post('/api/users/register').set(bearer(t.adminToken)).send(body);
      expect(reg.status).toBe(201);
      staffId = reg.body.data._id;
      expect((await t.http.patch(`/api/users/updateuser/${staffId}`).set(bearer(t.adminToken)).send({ ...fields, role: 'finance' })).status).toBe(200);
      expect(
        (await t.http.patch(`/api/users/updateuser/${staffId}`).set(bearer(t.adminToken)).send({ ...fields, role: 'warehouseAdmin', warehouse: warehouse.id })).status,
      ).toBe(200);

      await refusedWriteNothing([
        [t.http.post('/api/users/register').set(bearer(t.adminToken)).send({ ...body, email: email.toUpperCase() }), 409],
        [t.http.post('/api/users/register').set(bearer(t.adminToken)).send({ ...body, email: `weak.${uniq()}@test.local`, password: 'weak' }), 400],
        [t.http.post('/api/users/register').set(bearer(users.finance.token)).send({ ...body, email: `f.${uniq()}@test.local` }), 403],
        [t.http.patch(`/api/users/updateuser/${staffId}`).set(bearer(t.adminToken)).send({ ...fields, email: users.sales.email }), 409],
        [t.http.patch(`/api/users/updateuser/${staffId}`).set(bearer(t.adminToken)).send({ ...fields, role: 'warehouseAdmin' }), 400],
        [t.http.patch(`/api/users/updateuser/${adminId}`).set(bearer(t.adminToken)).send({ ...fields, email: 'admin@test.local' }), 403],
        [t.http.delete(`/api/users/remove/${adminId}`).set(bearer(t.adminToken)), 403],
        [t.http.put(`/api/users/activate/${staffId}`).set(bearer(t.adminToken)), 409],
        // The same fields again: 200, but nothing differs.
        [t.http.patch(`/api/users/updateuser/${staffId}`).set(bearer(t.adminToken)).send({ ...fields, role: 'warehouseAdmin', warehouse: warehouse.id }), 200],
      ]);
      expect((await t.http.delete(`/api/users/remove/${staffId}`).set(bearer(t.adminToken))).status).toBe(200);
      expect((await t.http.put(`/api/users/activate/${staffId}`).set(bearer(t.adminToken))).status).toBe(200);

      const events = await eventsOf('user', staffId);
      expect(events.map((e) => e.action)).toEqual(['create', 'update', 'update', 'remove', 'activate']);
      for (const e of events) expect(e).toMatchObject(ADMIN);
      expect(events[0].changes).toEqual(
        expect.arrayContaining([
          { field: 'email', before: null, after: email },
          { field: 'role', before: null, after: 'sales' },
        ]),
      );
      expect(events[1].changes).toEqual([{ field: 'role', before: 'sales', after: 'finance' }]);
      expect(events[2].changes).toEqual([
        { field: 'role', before: 'finance', after: 'warehouseAdmin' },
        { field: 'warehouse', before: null, after: warehouse.id },
        { field: 'warehouse_name', before: null, after: warehouse.name },
      ]);
      expect(events[3].changes).toEqual([{ field: 'removed', before: false, after: true }]);
      expect(events[4].changes).toEqual([{ field: 'removed', before: true, after: false }]);

      const history = await t.http.get(`/api/audit/user/${staffId}`).set(bearer(users.sales.token));
      expect(history.status).toBe(200);
      expect(history.body.data.events[3]).toMatchObject({ action: 'update', changes: [{ field: 'role', before: 'sales', after: 'finance' }] });
    });

    it('resetpassword and me/password write reset_password and change_password with no change listed; refusals write none', async () => {
      await refusedWriteNothing([
        [t.http.put('/api/users/resetpassword').set(bearer(t.adminToken)).send({ user_id: staffId, password: 'weak' }), 400],
        [t.http.put('/api/users/resetpassword').set(bearer(t.adminToken)).send({ user_id: adminId, password: RESET_PASSWORD }), 403],
        [t.http.put('/api/users/resetpassword').set(bearer(users.sales.token)).send({ user_id: staffId, password: RESET_PASSWORD }), 403],
      ]);
      expect((await t.http.put('/api/users/resetpassword').set(bearer(t.adminToken)).send({ user_id: staffId, password: RESET_PASSWORD })).status).toBe(200);
      const login = await t.http.post('/api/users/login').send({ email, password: RESET_PASSWORD });
      expect(login.status).toBe(200);
      const token: string = login.body.data.token;
      await refusedWriteNothing([
        [t.http.put('/api/users/me/password').set(bearer(token)).send({ current_password: RESET_PASSWORD, new_password: 'weak' }), 400],
      ]);
      const before = await eventCount();
      // A wrong current password is refused (400) and is no sign-in: nothing is written.
      expect((await t.http.put('/api/users/me/password').set(bearer(token)).send({ current_password: 'Wr0ng@Pass', new_password: NEW_PASSWORD })).status).toBe(400);
      expect(await eventCount()).toBe(before);
      expect((await t.http.put('/api/users/me/password').set(bearer(token)).send({ current_password: RESET_PASSWORD, new_password: NEW_PASSWORD })).status).toBe(200);

      const events = (await eventsOf('user', staffId)).filter((e) => e.action === 'reset_password' || e.action === 'change_password');
      expect(events).toHaveLength(2);
      expect(events[0]).toMatchObject({ action: 'reset_password', ...ADMIN, changes: [] });
      expect(events[1]).toMatchObject({ action: 'change_password', userId: staffId, userName: 'Almaz Bekele', userRole: 'warehouseAdmin', changes: [] });
    });

    it('sign_in and sign_in_failed: by the user signing in, or by the email typed when no user has it', async () => {
      const before = await eventCount();
      const ok = await t.http.post('/api/users/login').set('X-Request-Id', 'req-sign-in').send({ email, password: NEW_PASSWORD });
      expect(ok.status).toBe(200);
      expect((await t.http.post('/api/users/login').send({ email, password: STRONG_PASSWORD })).status).toBe(401);
      const unknown = `nobody.${uniq()}@Test.local`;
      expect((await t.http.post('/api/users/login').send({ email: unknown, password: STRONG_PASSWORD })).status).toBe(401);
      // A removed user who knows the password fails like a wrong password.
      expect((await t.http.delete(`/api/users/remove/${users.importAdmin.id}`).set(bearer(t.adminToken))).status).toBe(200);
      expect((await t.http.post('/api/users/login').send({ email: users.importAdmin.email, password: STRONG_PASSWORD })).status).toBe(401);
      // A body the validation refuses (400) is no attempt: nothing is written.
      expect((await t.http.post('/api/users/login').send({ email: 'not-an-email', password: 'x' })).status).toBe(400);
      expect(await eventCount()).toBe(before + 5); // sign_in, 2 × sign_in_failed, remove, sign_in_failed

      const almaz = { userId: staffId, userName: 'Almaz Bekele', userRole: 'warehouseAdmin' };
      const mine = (await eventsOf('user', staffId)).filter((e) => e.action.startsWith('sign_in'));
      expect(mine).toHaveLength(3); // the sign-in of the previous test too
      expect(mine[1]).toMatchObject({ action: 'sign_in', entity: 'user', entityId: staffId, ...almaz, requestId: 'req-sign-in', changes: [] });
      expect(mine[1].clientAddress).toMatch(/127\.0\.0\.1|::1/);
      expect(mine[2]).toMatchObject({ action: 'sign_in_failed', entityId: staffId, ...almaz });

      const [removed] = (await eventsOf('user', users.importAdmin.id)).filter((e) => e.action === 'sign_in_failed');
      expect(removed).toMatchObject({ userId: users.importAdmin.id, userName: 'Test importAdmin', userRole: 'importAdmin' });

      const anonymous = (await eventsOf('user', null)).filter((e) => e.userName === unknown);
      expect(anonymous).toEqual([expect.objectContaining({ action: 'sign_in_failed', entity: 'user', entityId: null, userId: null, userRole: null })]);
    });

    it('no event holds a password or a password hash', async () => {
      const rows = await t.db.select({ row: sql<string>`row_to_json(${auditEvents})::text`, changes: auditEvents.changes }).from(auditEvents);
      expect(rows.length).toBeGreaterThan(20);
      const hashes = (await t.db.select({ h: usersTable.passwordHash }).from(usersTable)).map((r) => r.h);
      expect(hashes.every((h) => h.startsWith('$argon') || h.startsWith('$2'))).toBe(true);
      for (const { row, changes } of rows) {
        for (const secret of [STRONG_PASSWORD, ADMIN_PASSWORD, NEW_PASSWORD, RESET_PASSWORD, 'Wr0ng@Pass', ...hashes]) expect(row).not.toContain(secret);
        expect(row).not.toMatch(/\$argon|\$2[abxy]?\$/);
        for (const c of changes) expect(c.field).not.toMatch(/password|hash/i);
      }
    });
  });
});
