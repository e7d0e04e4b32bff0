import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { bearer, createUser, createWarehouse, createTestApp, STRONG_PASSWORD, type TestApp, type TestUser } from '../../test/test-app';
import { endsWithin, openEvents } from './testing';

/**
 * Event-stream tickets and the account behind a stream, on PGlite and PostgreSQL: a ticket opens
 * one stream, once; the account is read from the database when the stream opens (not from what the
 * process read of it lately, AUTH_USER_CACHE_MS, here a minute); an open stream ends when its
 * user is removed, its sessions end, or its role or warehouse changes, however the change reached
 * the database (a removal written by another API process is simulated by an UPDATE of the table).
 */
describe('GET /api/events: tickets and accounts', () => {
  let t: TestApp;
  let base: string;
  let warehouse: string;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_USER_CACHE_MS: '60000' });
    warehouse = await createWarehouse(t);
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 300_000);
  afterAll(() => t.close());

  const ticket = async (token: string) => {
    const res = await t.http.post('/api/events/ticket').set(bearer(token));
    expect(res.status).toBe(200);
    return res.body.data.ticket as string;
  };
  const open = (tk: string) => openEvents(`${base}/api/events?ticket=${encodeURIComponent(tk)}`);

  it('opens one stream per ticket: the same ticket again answers 401, while the first is open and after', async () => {
    const user = await createUser(t, 'finance');
    const tk = await ticket(user.token);
    const first = await open(tk);
    expect(first.status).toBe(200);
    expect((await open(tk)).status).toBe(401);
    first.reader.close();
    expect((await open(tk)).status).toBe(401);
    const other = await open(await ticket(user.token));
    expect(other.status).toBe(200);
    other.reader.close();
  });

  it('refuses the ticket of an account removed since it was issued, and ends its open stream', async () => {
    const user = await createUser(t, 'finance');
    const [tk1, tk2] = [await ticket(user.token), await ticket(user.token)];
    const stream = await open(tk1);
    expect(stream.status).toBe(200);
    await stream.reader.next('counts');
    // as another API process removes a user: through the table (this process read the user a moment ago)
    await t.db.execute(sql`UPDATE users SET removed = true, session_version = session_version + 1 WHERE id = ${user.id}`);
    expect(await endsWithin(stream.reader, 3000)).toBe(true);
    expect((await open(tk2)).status).toBe(401);
  });

  it('ends the stream when the sessions end (a password reset), and refuses tickets issued before', async () => {
    const user = await createUser(t, 'finance');
    const [tk1, tk2] = [await ticket(user.token), await ticket(user.token)];
    const stream = await open(tk1);
    expect(stream.status).toBe(200);
    const reset = await t.http.put('/api/users/resetpassword').set(bearer(t.adminToken)).send({ user_id: user.id, password: `${STRONG_PASSWORD}9` });
    expect(reset.status).toBe(200);
    expect(await endsWithin(stream.reader, 3000)).toBe(true);
    expect((await open(tk2)).status).toBe(401);
  });

  it("ends the stream when the user's warehouse changes: the next stream opens with the new scope", async () => {
    const user = await createUser(t, 'warehouseAdmin', warehouse);
    const stream = await open(await ticket(user.token));
    expect(stream.status).toBe(200);
    const moved = await updateUser(user, { warehouse: await createWarehouse(t) });
    expect(moved.status).toBe(200);
    expect(await endsWithin(stream.reader, 3000)).toBe(true);
    const next = await open(await ticket(user.token));
    expect(next.status).toBe(200);
    next.reader.close();
  });

  it("keeps the stream open through changes of other users and of the user's own name", async () => {
    const [user, other] = [await createUser(t, 'finance'), await createUser(t, 'finance')];
    const stream = await open(await ticket(user.token));
    expect(stream.status).toBe(200);
    expect((await t.http.delete(`/api/users/remove/${other.id}`).set(bearer(t.adminToken))).status).toBe(200);
    expect((await updateUser(user, { first_name: 'Renamed' })).status).toBe(200);
    expect(await endsWithin(stream.reader, 1500)).toBe(false);
    stream.reader.close();
  });

  /** PATCH /api/users/updateuser/:id as admin with the user's fields and `changes`. */
  function updateUser(user: TestUser, changes: Record<string, unknown>) {
    const fields = { first_name: 'Test', last_name: user.role, phone: '911223344', email: user.email, role: user.role, warehouse: user.warehouse };
    return t.http.patch(`/api/users/updateuser/${user.id}`).set(bearer(t.adminToken)).send({ ...fields, ...changes });
  }
});
