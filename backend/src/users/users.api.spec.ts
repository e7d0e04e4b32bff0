import { JwtService } from '@nestjs/jwt';
import { eq } from 'drizzle-orm';
import { users } from '../database/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, TEST_JWT_SECRET, bearer, createTestApp, createUser, createWarehouse, STRONG_PASSWORD, uniq, type TestApp } from '../../test/test-app';

describe('Users API', () => {
  let t: TestApp;
  let warehouse: string;

  beforeAll(async () => {
    t = await createTestApp();
    warehouse = await createWarehouse(t);
  });
  afterAll(() => t.close());

  const admin = () => bearer(t.adminToken);
  const staff = (over: Record<string, unknown> = {}) => ({
    first_name: 'Abebe',
    last_name: 'Kebede',
    phone: '+251911000111',
    email: `abebe.${uniq()}@test.local`,
    role: 'sales',
    password: STRONG_PASSWORD,
    ...over,
  });
  const countUsers = async () => (await t.http.get('/api/users?limit=100').set(admin())).body.data.total_count;

  describe('login', () => {
    it('returns the spec login data and never the hash', async () => {
      const res = await t.http.post('/api/users/login').send({ email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Login Successfully.');
      expect(res.body.data).toMatchObject({ role: 'admin', first_name: 'Admin' });
      expect(Object.keys(res.body.data)).toEqual(expect.arrayContaining(['_id', 'token', 'role', 'first_name']));
      expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
    });

    it('answers 401 for a wrong password and 400 for missing fields', async () => {
      const wrong = await t.http.post('/api/users/login').send({ email: ADMIN_EMAIL, password: 'nope' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('Invalid email or password');
      const missing = await t.http.post('/api/users/login').send({});
      expect(missing.status).toBe(400);
      expect(missing.body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['email', 'password']));
    });

    it('locks an email and address out after 5 failures within the window (429)', async () => {
      const u = await createUser(t, 'finance');
      for (let i = 0; i < 5; i++) {
        expect((await t.http.post('/api/users/login').send({ email: u.email, password: 'bad' })).status).toBe(401);
      }
      const locked = await t.http.post('/api/users/login').send({ email: u.email, password: STRONG_PASSWORD });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/Too many failed sign-in attempts/);
    });

    it('accepts the bare token as well as Bearer, and rejects garbage', async () => {
      expect((await t.http.get('/api/users/getUser').set('Authorization', t.adminToken)).status).toBe(200);
      expect((await t.http.get('/api/users/getUser').set(admin())).body.data.email).toBe(ADMIN_EMAIL);
      expect((await t.http.get('/api/users/getUser').set(bearer('x.y.z'))).status).toBe(401);
    });

    it('rejects tokens signed with another secret, expired tokens and unsigned tokens', async () => {
      const sub = new JwtService().decode<{ sub: string }>(t.adminToken);
      const forged = new JwtService().sign({ sub: sub.sub }, { secret: 'another-secret-another-secret-another' });
      const expired = new JwtService().sign({ sub: sub.sub, exp: Math.floor(Date.now() / 1000) - 60 }, { secret: TEST_JWT_SECRET });
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${t.adminToken.split('.')[1]}.`;
      for (const token of [forged, expired, unsigned]) {
        expect((await t.http.get('/api/users/getUser').set(bearer(token))).status).toBe(401);
      }
      const valid = new JwtService().sign({ sub: sub.sub, ver: 0 }, { secret: TEST_JWT_SECRET, expiresIn: '1h' });
      expect((await t.http.get('/api/users/getUser').set(bearer(valid))).status).toBe(200);
    });
  });

  describe('register', () => {
    it('accepts a strong password holding characters beyond @$!%*?& (spec 5 requires one of them, forbids none)', async () => {
      const email = `hash.${uniq()}@test.local`;
      expect((await t.http.post('/api/users/register').set(admin()).send(staff({ email, password: 'Sesame #1 open!' }))).status).toBe(201);
      expect((await t.http.post('/api/users/login').send({ email, password: 'Sesame #1 open!' })).status).toBe(200);
    });

    it('registers staff, strips +251 and answers 409 for a duplicate email', async () => {
      const body = staff();
      const res = await t.http.post('/api/users/register').set(admin()).send(body);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('User Registered Successfully!');
      expect(res.body.data).toMatchObject({ phone: '911000111', role: 'sales', warehouse: null, removed: false });
      expect(res.body.data.password).toBeUndefined();
      const before = await countUsers();
      const dup = await t.http.post('/api/users/register').set(admin()).send({ ...staff(), email: body.email.toUpperCase() });
      expect(dup.status).toBe(409);
      expect(await countUsers()).toBe(before);
    });

    it('requires a warehouse for a warehouseAdmin and shows its name', async () => {
      const none = await t.http.post('/api/users/register').set(admin()).send(staff({ role: 'warehouseAdmin' }));
      expect(none.status).toBe(400);
      expect(none.body.message).toMatch(/Warehouse is required/);
      const unknown = await t.http
        .post('/api/users/register')
        .set(admin())
        .send(staff({ role: 'warehouseAdmin', warehouse: '00000000-0000-4000-8000-000000000000' }));
      expect(unknown.status).toBe(400);
      const ok = await t.http.post('/api/users/register').set(admin()).send(staff({ role: 'warehouseAdmin', warehouse }));
      expect(ok.status).toBe(201);
      expect(ok.body.data.warehouse).toBe(warehouse);
      expect(typeof ok.body.data.warehouse_name).toBe('string');
    });

    it.each([
      ['weak password', { password: 'password' }, /at least 8 characters/],
      ['bad email', { email: 'not-an-email' }, /valid email/],
      ['bad phone', { phone: '12345' }, /9 digits/],
      ['bad role', { role: 'king' }, /Role must be one of/],
      ['missing first name', { first_name: '' }, /First Name is required/],
      ['extra field', { is_admin: true }, /Unknown field "is_admin"/],
      ['wrong type', { first_name: 42 }, /string/],
      ['10 kB string', { first_name: 'x'.repeat(10_000) }, /shorter than or equal/],
    ])('rejects %s with 400 and creates nobody', async (_label, over, message) => {
      const before = await countUsers();
      const res = await t.http.post('/api/users/register').set(admin()).send(staff(over));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await countUsers()).toBe(before);
    });

    it('is for admin only', async () => {
      for (const role of ['warehouseAdmin', 'finance', 'salesSupervisor', 'importAdmin', 'sales'] as const) {
        const u = await createUser(t, role, role === 'warehouseAdmin' ? warehouse : null);
        const res = await t.http.post('/api/users/register').set(bearer(u.token)).send(staff());
        expect(res.status).toBe(403);
        expect((await t.http.get('/api/users/removed/all').set(bearer(u.token))).status).toBe(403);
        expect((await t.http.get('/api/users').set(bearer(u.token))).status).toBe(200);
        expect((await t.http.get('/api/users/getUser').set(bearer(u.token))).body.data._id).toBe(u.id);
      }
    });
  });

  describe('list', () => {
    it('pages with total_count and searches names, phone and email case-insensitively', async () => {
      const marker = `Zed${uniq()}`;
      await t.http.post('/api/users/register').set(admin()).send(staff({ first_name: marker }));
      const found = await t.http.get(`/api/users?search=${marker.toLowerCase()}`).set(admin());
      expect(found.body.data.total_count).toBe(1);
      expect(found.body.data.users[0].first_name).toBe(marker);
      const page = await t.http.get('/api/users?page=1&limit=2').set(admin());
      expect(page.body.data.users).toHaveLength(2);
      expect(page.body.data.total_count).toBeGreaterThan(2);
      expect((await t.http.get('/api/users?limit=101').set(admin())).status).toBe(400);
      expect((await t.http.get('/api/users?page=0').set(admin())).status).toBe(400);
    });
  });

  describe('update, remove, activate, reset password', () => {
    it("updates another user but not yourself (403 \"Can't update for yourself\")", async () => {
      const u = await createUser(t, 'sales');
      const upd = await t.http
        .patch(`/api/users/updateuser/${u.id}`)
        .set(admin())
        .send({ ...staff({ email: u.email, first_name: 'Renamed', role: 'finance' }), password: undefined, id: u.id });
      expect(upd.status).toBe(200);
      expect(upd.body.data).toMatchObject({ first_name: 'Renamed', role: 'finance' });
      const me = (await t.http.get('/api/users/getUser').set(admin())).body.data;
      const self = await t.http
        .patch(`/api/users/updateuser/${me._id}`)
        .set(admin())
        .send({ first_name: 'X', last_name: 'Y', phone: '911000111', email: ADMIN_EMAIL, role: 'admin' });
      expect(self.status).toBe(403);
      expect(self.body.message).toBe("Can't update for yourself");
      expect((await t.http.patch('/api/users/updateuser/abc').set(admin()).send({})).status).toBe(400);
      const unknown = await t.http
        .patch('/api/users/updateuser/00000000-0000-4000-8000-000000000000')
        .set(admin())
        .send({ first_name: 'X', last_name: 'Y', phone: '911000111', email: 'x@y.zz', role: 'sales' });
      expect(unknown.status).toBe(404);
    });

    it('removes a user: sign-in and existing tokens stop working; activate restores', async () => {
      const u = await createUser(t, 'sales');
      expect((await t.http.delete(`/api/users/remove/${u.id}`).set(admin())).status).toBe(200);
      expect((await t.http.get('/api/users/getUser').set(bearer(u.token))).status).toBe(401);
      expect((await t.http.post('/api/users/login').send({ email: u.email, password: STRONG_PASSWORD })).status).toBe(401);
      const removed = await t.http.get('/api/users/removed/all?limit=100').set(admin());
      expect(removed.body.data.users.map((x: { _id: string }) => x._id)).toContain(u.id);
      expect((await t.http.put(`/api/users/activate/${u.id}`).set(admin())).body.message).toBe('Staff member Undo Successfully.');
      expect((await t.http.post('/api/users/login').send({ email: u.email, password: STRONG_PASSWORD })).status).toBe(200);
    });

    it('resets a password with the strength rule', async () => {
      const u = await createUser(t, 'importAdmin');
      expect((await t.http.put('/api/users/resetpassword').set(admin()).send({ user_id: u.id, password: 'weak' })).status).toBe(400);
      const res = await t.http.put('/api/users/resetpassword').set(admin()).send({ user_id: u.id, password: 'N3w@Passw0rd' });
      expect(res.status).toBe(200);
      expect((await t.http.post('/api/users/login').send({ email: u.email, password: 'N3w@Passw0rd' })).status).toBe(200);
      expect((await t.http.post('/api/users/login').send({ email: u.email, password: STRONG_PASSWORD })).status).toBe(401);
    });
  });
  describe('bad input on update, remove, activate and reset password', () => {
    const UNKNOWN = '00000000-0000-4000-8000-000000000000';
    /** The stored row, hash and timestamps included: "unchanged" means all of it. */
    const stored = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
    const fields = (u: { id: string; email: string }, over: Record<string, unknown> = {}) => ({
      first_name: 'Changed',
      last_name: 'Name',
      phone: '922333444',
      email: u.email,
      role: 'finance',
      id: u.id,
      ...over,
    });

    it.each([
      ['extra field', { is_admin: true }, /Unknown field "is_admin"/],
      ['extra password field', { password: STRONG_PASSWORD }, /Unknown field "password"/],
      ['first name of wrong type', { first_name: 42 }, /string/],
      ['email of wrong type', { email: ['a@b.cd'] }, /valid email/],
      ['role of wrong type', { role: 7 }, /Role must be one of/],
      ['phone as a number', { phone: 922333444 }, /string|9 digits/],
      ['warehouse of wrong type', { warehouse: 5 }, /valid warehouse id/],
      ['malformed body id', { id: 'abc' }, /id must be a valid id/],
      ['10 kB first name', { first_name: 'x'.repeat(10_000) }, /shorter than or equal/],
      ['10 kB email', { email: `${'x'.repeat(10_000)}@test.local` }, /valid email|shorter than or equal/],
      ['missing last name', { last_name: undefined }, /Father Name is required/],
      ['blank first name', { first_name: '   ' }, /First Name is required/],
      ['bad phone', { phone: '+2519' }, /9 digits/],
      ['warehouseAdmin without warehouse', { role: 'warehouseAdmin' }, /Warehouse is required/],
    ])('PATCH updateuser rejects %s with 400 and leaves the user unchanged', async (_label, over, message) => {
      const u = await createUser(t, 'sales');
      const before = await stored(u.id);
      const res = await t.http.patch(`/api/users/updateuser/${u.id}`).set(admin()).send(fields(u, over));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await stored(u.id)).toEqual(before);
    });

    it('PATCH updateuser answers 400 for malformed path ids, 400 for a removed warehouse, and changes nothing', async () => {
      const u = await createUser(t, 'sales');
      const before = await stored(u.id);
      for (const id of ['abc', '1', `${u.id}x`, u.id.slice(0, -1), "1' OR '1'='1"]) {
        const res = await t.http.patch(`/api/users/updateuser/${encodeURIComponent(id)}`).set(admin()).send(fields(u));
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/is not a valid id/);
      }
      const gone = await createWarehouse(t);
      await t.http.delete(`/api/warehouses/remove/${gone}`).set(admin()).expect(200);
      const res = await t.http.patch(`/api/users/updateuser/${u.id}`).set(admin()).send(fields(u, { role: 'warehouseAdmin', warehouse: gone }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The selected warehouse does not exist');
      expect(await stored(u.id)).toEqual(before);
    });

    it("PATCH updateuser answers 409 for another user's email (any case) and leaves both unchanged", async () => {
      const a = await createUser(t, 'sales');
      const b = await createUser(t, 'finance');
      const [beforeA, beforeB] = [await stored(a.id), await stored(b.id)];
      const res = await t.http.patch(`/api/users/updateuser/${b.id}`).set(admin()).send(fields(b, { email: a.email.toUpperCase() }));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
      expect(res.body.message).toMatch(/already registered/);
      expect(await stored(a.id)).toEqual(beforeA);
      expect(await stored(b.id)).toEqual(beforeB);
      expect((await t.http.post('/api/users/login').send({ email: b.email, password: STRONG_PASSWORD })).status).toBe(200);
    });

    it.each([
      ['extra field', (id: string) => ({ user_id: id, password: 'N3w@Passw0rd', role: 'admin' }), /Unknown field "role"/],
      ['user_id of wrong type', () => ({ user_id: 12, password: 'N3w@Passw0rd' }), /user_id must be a valid id/],
      ['malformed user_id', () => ({ user_id: 'abc', password: 'N3w@Passw0rd' }), /user_id must be a valid id/],
      ['missing user_id', () => ({ password: 'N3w@Passw0rd' }), /user_id must be a valid id/],
      ['password of wrong type', (id: string) => ({ user_id: id, password: 12345678 }), /string/],
      ['missing password', (id: string) => ({ user_id: id }), /string/],
      ['10 kB password', (id: string) => ({ user_id: id, password: `N3w@${'x'.repeat(10_000)}` }), /shorter than or equal/],
      ['weak password', (id: string) => ({ user_id: id, password: 'alllowercase1!' }), /at least 8 characters/],
    ])('PUT resetpassword rejects %s with 400 and leaves the password as it was', async (_label, body, message) => {
      const u = await createUser(t, 'importAdmin');
      const before = await stored(u.id);
      const res = await t.http.put('/api/users/resetpassword').set(admin()).send(body(u.id));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await stored(u.id)).toEqual(before);
      expect((await t.http.post('/api/users/login').send({ email: u.email, password: STRONG_PASSWORD })).status).toBe(200);
    });

    it('PUT resetpassword answers 404 for an unknown user', async () => {
      const res = await t.http.put('/api/users/resetpassword').set(admin()).send({ user_id: UNKNOWN, password: 'N3w@Passw0rd' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Staff member not found');
    });

    it('refuses an admin removing itself (403): the account stays active and its token keeps working', async () => {
      const me = (await t.http.get('/api/users/getUser').set(admin())).body.data;
      const res = await t.http.delete(`/api/users/remove/${me._id}`).set(admin());
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("You can't remove yourself");
      expect((await stored(me._id)).removed).toBe(false);
      expect((await t.http.get('/api/users/getUser').set(admin())).status).toBe(200);
    });

    it('answers 409 for activating an active user and removing a removed one, changing nothing', async () => {
      const u = await createUser(t, 'sales');
      const active = await t.http.put(`/api/users/activate/${u.id}`).set(admin());
      expect(active.status).toBe(409);
      expect(active.body.message).toBe('This staff member is already active');
      expect((await stored(u.id)).removed).toBe(false);
      await t.http.delete(`/api/users/remove/${u.id}`).set(admin()).expect(200);
      const before = await stored(u.id);
      const again = await t.http.delete(`/api/users/remove/${u.id}`).set(admin());
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This staff member is already removed');
      expect(await stored(u.id)).toEqual(before);
    });

    it('answers 400 for malformed ids and 404 for unknown ones on remove and activate', async () => {
      for (const id of ['abc', '123', '00000000-0000-4000-8000-00000000000g']) {
        const del = await t.http.delete(`/api/users/remove/${id}`).set(admin());
        expect(del.status).toBe(400);
        expect(del.body.message).toBe(`"${id}" is not a valid id`);
        expect((await t.http.put(`/api/users/activate/${id}`).set(admin())).status).toBe(400);
      }
      expect((await t.http.delete(`/api/users/remove/${UNKNOWN}`).set(admin())).status).toBe(404);
      expect((await t.http.put(`/api/users/activate/${UNKNOWN}`).set(admin())).status).toBe(404);
    });
  });
});
