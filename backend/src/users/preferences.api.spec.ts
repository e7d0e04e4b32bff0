import { ROLES } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createWarehouse, STRONG_PASSWORD, type TestApp, type TestUser } from '../../test/test-app';

/** PUT /api/users/me/preferences and the user's calendar. */
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

  it('keeps the UI language with the user: English by default, sign-in answers the saved one, the calendar is left as it was', async () => {
    const { token, email } = users.importAdmin;
    const login = () => t.http.post('/api/users/login').send({ email, password: STRONG_PASSWORD });
    expect((await login()).body.data.language).toBe('en');
    await setCalendar(token, { calendar: 'ethiopian' });
    const res = await setCalendar(token, { language: 'am' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ language: 'am', calendar: 'ethiopian' });
    // a new browser: the sign-in itself carries the language, and getUser shows it
    const again = await login();
    expect(again.body.data.language).toBe('am');
    expect((await me(again.body.data.token)).language).toBe('am');
    // a calendar change keeps the language
    expect((await setCalendar(token, { calendar: 'gregorian' })).body.data).toMatchObject({ language: 'am', calendar: 'gregorian' });
    expect((await me(users.finance.token)).language).toBe('en');
  });

  it.each([[{ language: 'fr' }], [{ language: 'AM' }], [{ language: 1 }], [{ language: 'am', calendar: 'julian' }]])('answers 400 for %j and changes nothing', async (body) => {
    const { token } = users.salesSupervisor;
    const before = await me(token);
    const res = await setCalendar(token, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['language' in body && body.language !== 'am' ? 'language' : 'calendar']);
    expect(await me(token)).toEqual(before);
  });
});
