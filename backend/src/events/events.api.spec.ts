import type { AddressInfo } from 'node:net';
import type { Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createWarehouse, type TestApp, type TestUser } from '../../test/test-app';
import { addLine, createList, insertCustomer, step, stockProduct } from '../outgoing/testing';
import { openEvents } from './testing';

/** Live updates in one process, on PGlite and PostgreSQL. */
describe('GET /api/events (issue 17)', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let A: string;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    A = await createWarehouse(t);
    u = await createRoleUsers(t, A);
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 300_000);
  afterAll(() => t.close());

  const ticket = async (token: string) => (await t.http.post('/api/events/ticket').set(bearer(token))).body.data.ticket as string;

  it('opens only with a ticket, and a ticket opens nothing else', async () => {
    const tk = await ticket(u.finance.token);
    expect((await t.http.get('/api/badges').set(bearer(tk))).status).toBe(401);
    expect((await openEvents(`${base}/api/events`)).status).toBe(401);
    expect((await openEvents(`${base}/api/events?ticket=${u.finance.token}`)).status).toBe(401);
    const ok = await openEvents(`${base}/api/events?ticket=${tk}`);
    expect(ok.status).toBe(200);
    ok.reader.close();
  });

  it('pushes the counts at once, a list change to who may read it, and new counts when a badge changes', async () => {
    const supervisor = await openEvents(`${base}/api/events?ticket=${await ticket(u.salesSupervisor.token)}`);
    const first = (await supervisor.reader.next('counts')) as { badges: Record<string, number>; low_stock: number };
    expect(first.badges).toHaveProperty('outgoingAwaitingSupervisor');
    const before = first.badges.outgoingAwaitingSupervisor;
    const product = await stockProduct(t, A, u.warehouseAdmin.id, [{ name: 'pcs', value: 10 }]);
    const list = await createList(t, u.sales.token, { warehouse: A, customer: await insertCustomer(t) });
    expect(await supervisor.reader.next('list-changed')).toEqual({ kind: 'outgoing_list', id: list });
    expect((await addLine(t, u.sales.token, list, product, [{ name: 'pcs', value: 2 }], 5)).status).toBeLessThan(300);
    const started = Date.now();
    expect((await step(t, u.sales.token, 'submit', list)).status).toBe(200);
    for (;;) {
      const counts = (await supervisor.reader.next('counts', 3000)) as { badges: Record<string, number> };
      if (counts.badges.outgoingAwaitingSupervisor === before + 1) break;
    }
    expect(Date.now() - started).toBeLessThan(1000);
    supervisor.reader.close();
  });
});
