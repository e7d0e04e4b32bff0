import { JwtService } from '@nestjs/jwt';
import { eq } from 'drizzle-orm';
import { ROLES } from '@inventory/common';
import { users } from '../database/schema';
import { bearer, createTestApp, createUser, createWarehouse, STRONG_PASSWORD, TEST_JWT_SECRET, type TestApp } from '../../test/test-app';

const NEW_PASSWORD = 'N3w@Passw0rd';
const ENDED = 'Your session has ended, please sign in again';

/** Own password changes, no self reset, and token lifetimes. */
describe('passwords and sessions', () => {
  let t: TestApp;
  let warehouse: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp();
    warehouse = await createWarehouse(t);
    adminId = (await t.http.get('/api/users/getUser').set(bearer(t.adminToken))).body.data._id;
  });
  afterAll(() => t.close());

  const admin = () => bearer(t.adminToken);
  /** The stored row, hash, version and timestamps included: "unchanged" means all of it. */
  const stored = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const me = (token: string) => t.http.get('/api/users/getUser').set(bearer(token));
  const login = (email: string, password: string) => t.http.post('/api/users/login').send({ email, password });
  const changePassword = (token: string, body: Record<string, unknown>) => t.http.put('/api/users/me/password').set(bearer(token)).send(body);

  describe('point 5: PUT /api/users/me/password and no self reset', () => {
    it('refuses an admin resetting its own password (403) and changes nothing', async () => {
      const before = await stored(adminId);
      const res = await t.http.put('/api/users/resetpassword').set(admin()).send({ user_id: adminId, password: NEW_PASSWORD });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/can't reset your own password/);
      expect(await stored(adminId)).toEqual(before);
      expect((await me(t.adminToken)).status).toBe(200);
    });

    it('is open to every role: each changes its own password and keeps working with the fresh token', async () => {
      const people = await Promise.all(ROLES.map((role) => createUser(t, role, role === 'warehouseAdmin' ? warehouse : null)));
      for (const u of people) {
        const res = await changePassword(u.token, { current_password: STRONG_PASSWORD, new_password: NEW_PASSWORD });
        expect([u.role, res.status]).toEqual([u.role, 200]);
        expect(res.body.message).toBe('Password Changed Successfully');
        expect(res.body.data).toMatchObject({ _id: u.id, role: u.role });
        expect((await me(res.body.data.token)).body.data._id).toBe(u.id);
      }
      const [first] = people;
      expect((await login(first.email, NEW_PASSWORD)).status).toBe(200);
      expect((await login(first.email, STRONG_PASSWORD)).status).toBe(401);
    });

    it.each([
      ['a wrong current password', { current_password: 'Wr0ng@Pass', new_password: NEW_PASSWORD }, 'current_password', /current password is not correct/],
      ['a weak new password', { current_password: STRONG_PASSWORD, new_password: 'weakpass' }, 'new_password', /at least 8 characters/],
      ['the same password again', { current_password: STRONG_PASSWORD, new_password: STRONG_PASSWORD }, 'new_password', /must differ/],
      ['no current password', { new_password: NEW_PASSWORD }, 'current_password', /current password/],
      ['an unknown field', { current_password: STRONG_PASSWORD, new_password: NEW_PASSWORD, role: 'admin' }, 'role', /Unknown field "role"/],
    ])('answers 400 naming the field for %s, and changes nothing', async (_label, body, field, message) => {
      const u = await createUser(t, 'sales');
      const before = await stored(u.id);
      const res = await changePassword(u.token, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(await stored(u.id)).toEqual(before);
      expect((await me(u.token)).status).toBe(200);
    });

    it('counts wrong current passwords like failed sign-ins: the 6th try answers 429 even when right', async () => {
      const u = await createUser(t, 'finance');
      for (let i = 0; i < 5; i++) {
        expect((await changePassword(u.token, { current_password: `Wr0ng@Pass${i}`, new_password: NEW_PASSWORD })).status).toBe(400);
      }
      const res = await changePassword(u.token, { current_password: STRONG_PASSWORD, new_password: NEW_PASSWORD });
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login(u.email, STRONG_PASSWORD)).status).toBe(429); // the same count as sign-in
    });

    it('needs a token', async () => {
      expect((await t.http.put('/api/users/me/password').send({ current_password: STRONG_PASSWORD, new_password: NEW_PASSWORD })).status).toBe(401);
    });
  });

  describe('point 6: every older token ends on a password change, reset, removal and reactivation', () => {
    it('a password change ends the older tokens of the user, not the fresh one', async () => {
      const u = await createUser(t, 'sales');
      const second = (await login(u.email, STRONG_PASSWORD)).body.data.token;
      const version = (await stored(u.id)).sessionVersion;
      const fresh = (await changePassword(u.token, { current_password: STRONG_PASSWORD, new_password: NEW_PASSWORD })).body.data.token;
      expect((await stored(u.id)).sessionVersion).toBe(version + 1);
      for (const old of [u.token, second]) {
        const res = await me(old);
        expect(res.status).toBe(401);
        expect(res.body.message).toBe(ENDED);
      }
      expect((await me(fresh)).status).toBe(200);
    });

    it("a reset by the admin ends the user's tokens", async () => {
      const u = await createUser(t, 'importAdmin');
      const version = (await stored(u.id)).sessionVersion;
      await t.http.put('/api/users/resetpassword').set(admin()).send({ user_id: u.id, password: NEW_PASSWORD }).expect(200);
      expect((await stored(u.id)).sessionVersion).toBe(version + 1);
      expect((await me(u.token)).body.message).toBe(ENDED);
      expect((await me((await login(u.email, NEW_PASSWORD)).body.data.token)).status).toBe(200);
    });

    it('a removal ends the tokens, and the reactivation raises the version again: no token from before it works', async () => {
      const u = await createUser(t, 'sales');
      const version = (await stored(u.id)).sessionVersion;
      await t.http.delete(`/api/users/remove/${u.id}`).set(admin()).expect(200);
      expect((await stored(u.id)).sessionVersion).toBe(version + 1);
      expect((await me(u.token)).status).toBe(401);
      // a token of the version in force while removed (as if issued then) ends with the reactivation
      const whileRemoved = new JwtService().sign({ sub: u.id, role: 'sales', ver: version + 1 }, { secret: TEST_JWT_SECRET, expiresIn: '1h' });
      await t.http.put(`/api/users/activate/${u.id}`).set(admin()).send({}).expect(200);
      expect((await stored(u.id)).sessionVersion).toBe(version + 2);
      for (const old of [u.token, whileRemoved]) {
        const res = await me(old);
        expect(res.status).toBe(401);
        expect(res.body.message).toBe(ENDED);
      }
      expect((await me((await login(u.email, STRONG_PASSWORD)).body.data.token)).status).toBe(200);
    });

    it('an update of name or role leaves the tokens alone', async () => {
      const u = await createUser(t, 'sales');
      const res = await t.http
        .patch(`/api/users/updateuser/${u.id}`)
        .set(admin())
        .send({ first_name: 'Renamed', last_name: 'User', phone: '911223344', email: u.email, role: 'sales' });
      expect(res.status).toBe(200);
      expect((await me(u.token)).status).toBe(200);
    });
  });

  describe("issue 17: the token guard's users are read again at most every AUTH_USER_CACHE_MS", () => {
    it('a role change through the API counts on the next request; a change written by another process within a second', async () => {
      const u = await createUser(t, 'sales');
      const readUsers = () => t.http.get('/api/audit').set(bearer(u.token)); // admin and finance only
      expect((await readUsers()).status).toBe(403);
      // through this process (the API): seen at once
      const body = { first_name: 'Test', last_name: 'User', phone: '911223344', email: u.email };
      await t.http.patch(`/api/users/updateuser/${u.id}`).set(admin()).send({ ...body, role: 'admin' }).expect(200);
      expect((await readUsers()).status).toBe(200);
      // as another API process would write it: this one keeps what it read for up to a second
      const version = (await stored(u.id)).sessionVersion;
      await t.db.update(users).set({ role: 'sales', sessionVersion: version + 1 }).where(eq(users.id, u.id));
      const started = Date.now();
      let status = (await readUsers()).status;
      while (status === 200 && Date.now() - started < 3000) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await readUsers()).status;
      }
      expect(status).toBe(401);
      expect(Date.now() - started).toBeLessThan(1500);
      expect((await me(u.token)).body.message).toBe(ENDED);
    });
  });

  describe('point 7: HS256 only, exp required', () => {
    const claims = async () => {
      const u = await createUser(t, 'sales');
      return { u, payload: { sub: u.id, role: 'sales', ver: (await stored(u.id)).sessionVersion } };
    };

    it('issues HS256 tokens that expire', async () => {
      const { u } = await claims();
      const [header, payload] = u.token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
      expect(header.alg).toBe('HS256');
      expect(payload.exp).toBeGreaterThan(payload.iat);
    });

    it('refuses a token signed with HS512 or without exp, though signed with the right secret', async () => {
      const { payload } = await claims();
      const jwt = new JwtService();
      const hs512 = jwt.sign(payload, { secret: TEST_JWT_SECRET, algorithm: 'HS512', expiresIn: '1h' });
      const noExp = jwt.sign(payload, { secret: TEST_JWT_SECRET, algorithm: 'HS256' });
      expect(jwt.decode(noExp)).not.toHaveProperty('exp');
      for (const token of [hs512, noExp]) expect((await me(token)).status).toBe(401);
      // the same claims as HS256 with exp pass: the refusals above are for the algorithm and the missing exp
      expect((await me(jwt.sign(payload, { secret: TEST_JWT_SECRET, algorithm: 'HS256', expiresIn: '1h' }))).status).toBe(200);
    });
  });
});
