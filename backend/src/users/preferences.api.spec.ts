import { ROLES } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createWarehouse, type TestApp, type TestUser } from '../../test/test-app';

/** PUT /api/users/me/preferences and the user's calendar (issue 18). */
describe('User preferences: the calendar (issue 18)', () => {
  let t: TestApp;
  let users: Record<string, TestUser>;

  beforeAll(async () => {
    t = await createTestApp();
    users = await createRoleUsers(t, await createWarehouse(t));
  });
  afterAll(() => t.close());

  const setCalendar = (token: string, body: unknown) => t.http.put('/api/users/me/preferences').set(bearer(token)).send(body as object);
  const me = async (token: string) => (await t.http.get('/api/users/getUser').set(bearer(token))).body.data;

  it('starts Gregorian; every role sets its own calendar and getUser shows it', async () => {
    for (const role of ROLES) {
      const { token } = users[role];
      expect((await me(token)).calendar).toBe('gregorian');
      const res = await setCalendar(token, { calendar: 'ethiopian' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ calendar: 'ethiopian', role });
      expect(res.body.data).toEqual(await me(token));
    }
    const back = await setCalendar(users.sales.token, { calendar: 'gregorian' });
    expect(back.body.data.calendar).toBe('gregorian');
    expect((await me(users.sales.token)).calendar).toBe('gregorian');
    // only the caller's own row changed
    expect((await me(users.finance.token)).calendar).toBe('ethiopian');
  });

  it.each([[{}], [{ calendar: 'julian' }], [{ calendar: 1 }], [{ calendar: null }], [{ calendar: 'Ethiopian' }]])('answers 400 naming calendar for %j', async (body) => {
    const res = await setCalendar(users.sales.token, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/calendar/);
  });

  it('answers 401 without a token', async () => {
    expect((await t.http.put('/api/users/me/preferences').send({ calendar: 'ethiopian' })).status).toBe(401);
  });

  it('writes an update audit event naming the calendar', async () => {
    const { token, id } = users.warehouseAdmin;
    await setCalendar(token, { calendar: 'gregorian' });
    const res = await t.http.get(`/api/audit?entity=user&entity_id=${id}&action=update`).set(bearer(t.adminToken));
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body.data.events)).toMatch(/calendar/);
  });
});
