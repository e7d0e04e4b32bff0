import { processesOnServer, signIn, type ApiProcess, type ProcessGroup } from '../../test/api-process';
import { STRONG_PASSWORD, uniq } from '../../test/test-app';
import { endsWithin, openEvents } from './testing';

/**
 * Live updates across processes (PostgreSQL only, CI runs it with TEST_DATABASE_URL):
 * a list submitted through one API process reaches a stream opened on the other through
 * LISTEN/NOTIFY, with the new badge count, within a second; a ticket opens one stream on either
 * process; a user removed through one process loses its streams and tickets on the other.
 */
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('Live updates between two API processes (issue 17)', () => {
  let group: ProcessGroup;
  let procs: ApiProcess[] = [];

  beforeAll(async () => {
    group = await processesOnServer(process.env.TEST_DATABASE_URL!, 2);
    procs = group.procs;
  }, 180_000);
  afterAll(() => group?.stop());

  const call = async (p: ApiProcess, method: string, route: string, token: string, body?: unknown) => {
    const res = await fetch(`${p.url}/api${route}`, { method, headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { data: Record<string, unknown> & { incoming_list?: { _id: string }[] } };
    if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const ticket = async (p: ApiProcess, token: string) => (await call(p, 'POST', '/events/ticket', token)).ticket as string;

  it('opens one stream per ticket, on whichever process it is used', async () => {
    const [one, two] = procs;
    const tk = await ticket(one, await signIn(one));
    const stream = await openEvents(`${two.url}/api/events?ticket=${tk}`);
    expect(stream.status).toBe(200);
    expect((await openEvents(`${one.url}/api/events?ticket=${tk}`)).status).toBe(401);
    expect((await openEvents(`${two.url}/api/events?ticket=${tk}`)).status).toBe(401);
    stream.reader.close();
  });

  it('ends the stream on one process of a user removed through the other, and refuses its unused ticket there', async () => {
    const [one, two] = procs;
    const admin = await signIn(one);
    const email = `finance.${uniq()}@test.local`;
    const id = (await call(one, 'POST', '/users/register', admin, { first_name: 'Live', last_name: 'Finance', phone: '911223344', email, role: 'finance', password: STRONG_PASSWORD }))._id as string;
    const token = await signIn(two, email, STRONG_PASSWORD);
    const [tk1, tk2] = [await ticket(two, token), await ticket(two, token)];
    const stream = await openEvents(`${two.url}/api/events?ticket=${tk1}`);
    expect(stream.status).toBe(200);
    await call(one, 'DELETE', `/users/remove/${id}`, admin);
    expect(await endsWithin(stream.reader, 3000)).toBe(true);
    expect((await openEvents(`${two.url}/api/events?ticket=${tk2}`)).status).toBe(401);
  });

  it('delivers the badge count of a list submitted through one process to a stream on the other', async () => {
    const [one, two] = procs;
    const admin = await signIn(one);
    const warehouse = (await call(one, 'POST', '/warehouses', admin, { name: `W ${uniq()}`, address: 'Adama' }))._id as string;
    const register = async (role: string) => {
      const email = `${role.toLowerCase()}.${uniq()}@test.local`;
      await call(one, 'POST', '/users/register', admin, { first_name: 'Live', last_name: role, phone: '911223344', email, role, password: STRONG_PASSWORD, ...(role === 'warehouseAdmin' ? { warehouse } : {}) });
      return signIn(one, email, STRONG_PASSWORD);
    };
    const [wa, importAdmin] = [await register('warehouseAdmin'), await register('importAdmin')];
    const category = (await call(one, 'POST', '/productCategories/add', wa, { name: `C ${uniq()}`, description: 'D', specifications: [], quantity_measurement: ['pcs'] }))._id;
    const product = (await call(one, 'POST', '/products', wa, { category, name: `P ${uniq()}`, code: `P-${uniq()}`, description: 'D', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 } }))._id;

    const stream = await openEvents(`${two.url}/api/events?ticket=${await ticket(two, importAdmin)}`);
    expect(stream.status).toBe(200);
    const first = (await stream.reader.next('counts')) as { badges: { incomingAwaitingImportAdmin: number } };
    expect(first.badges.incomingAwaitingImportAdmin).toBe(0);

    const list = (await call(one, 'POST', '/incomingLists/create', wa, { warehouse, grn: `GRN-${uniq()}`, remarks: { content: 'Live' } })).incoming_list![0]._id;
    await call(one, 'POST', '/incomingLists/product/add', wa, { list_id: list, product, quantity: [{ name: 'pcs', value: 3 }] });
    const submitted = Date.now();
    await call(one, 'POST', '/incomingLists/submit', wa, { list_id: list, remark: 'Please confirm' });
    for (;;) {
      const counts = (await stream.reader.next('counts', 3000)) as { badges: { incomingAwaitingImportAdmin: number } };
      if (counts.badges.incomingAwaitingImportAdmin === 1) break;
    }
    expect(Date.now() - submitted).toBeLessThan(1000);
    expect(await stream.reader.next('list-changed')).toEqual({ kind: 'incoming_list', id: list });
    stream.reader.close();
  }, 120_000);
});
