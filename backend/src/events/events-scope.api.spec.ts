import type { AddressInfo } from 'node:net';
import { bearer, createUser, createWarehouse, createTestApp, uniq, type TestApp, type TestUser } from '../../test/test-app';
import { createList, insertCustomer, stockProduct } from '../outgoing/testing';
import { openEvents, type EventReader } from './testing';

type ListChanged = { kind: string; id: string };

/**
 * Live events follow the read scope, on PGlite and PostgreSQL: the stream of a warehouseAdmin of
 * warehouse A carries changes of A's incoming and outgoing lists, stock counts and adjustments and
 * of transfers from or to A, and nothing of another warehouse's (whose reads answer it 403);
 * its counts are A's. A user not tied to a warehouse gets every change its role may read.
 */
describe('GET /api/events: the warehouse scope', () => {
  let t: TestApp;
  let base: string;
  let A: string;
  let B: string;
  let C: string;
  let adminA: TestUser;
  let adminB: TestUser;
  let sales: TestUser;
  let finance: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    [A, B, C] = [await createWarehouse(t), await createWarehouse(t), await createWarehouse(t)];
    [adminA, adminB, sales, finance] = await Promise.all([createUser(t, 'warehouseAdmin', A), createUser(t, 'warehouseAdmin', B), createUser(t, 'sales'), createUser(t, 'finance')]);
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 300_000);
  afterAll(() => t.close());

  /** A stream of `user` and the counts it sent first. */
  const openCounts = async (user: TestUser): Promise<{ reader: EventReader; counts: { badges: object; low_stock: number } }> => {
    const tk = (await t.http.post('/api/events/ticket').set(bearer(user.token))).body.data.ticket as string;
    const s = await openEvents(`${base}/api/events?ticket=${tk}`);
    expect(s.status).toBe(200);
    return { reader: s.reader, counts: (await s.reader.next('counts')) as { badges: object; low_stock: number } };
  };
  const stream = async (user: TestUser) => (await openCounts(user)).reader;
  /** POST `path` as `user`; the created record's id, found under `key` of the answer's data. */
  const create = async (user: TestUser, path: string, body: object, key: string): Promise<string> => {
    const res = await t.http.post(path).set(bearer(user.token)).send(body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    const record = res.body.data[key];
    return (Array.isArray(record) ? record[0] : record)._id;
  };
  const incoming = (user: TestUser, warehouse: string) => create(user, '/api/incomingLists/create', { warehouse, grn: `GRN-${uniq()}`, remarks: { content: 'Scope' } }, 'incoming_list');
  /** The `list-changed` events of `reader` up to and including the one of `last`. */
  const changesUntil = async (reader: EventReader, last: string): Promise<ListChanged[]> => {
    const seen: ListChanged[] = [];
    while (seen.at(-1)?.id !== last) seen.push((await reader.next('list-changed', 5000)) as ListChanged);
    return seen;
  };

  it("sends a warehouseAdmin the changes of its warehouse's records only, of every kind", async () => {
    const stockedB = await stockProduct(t, B, adminB.id, [{ name: 'pcs', value: 10 }]);
    const customer = await insertCustomer(t);
    const [streamA, streamFinance] = [await stream(adminA), await stream(finance)];

    // B's records of every kind, and a transfer from B to C: none of them A's
    const elsewhere = [
      { kind: 'incoming_list', id: await incoming(adminB, B) },
      { kind: 'outgoing_list', id: await createList(t, sales.token, { warehouse: B, customer }) },
      { kind: 'transfer', id: await create(adminB, '/api/transfers/create', { from_warehouse: B, to_warehouse: C, trn: `TRN-${uniq()}` }, 'transfer') },
      { kind: 'stock_count', id: await create(adminB, '/api/stockCounts/create', { warehouse: B }, 'stock_count') },
      {
        kind: 'adjustment',
        id: await create(adminB, '/api/adjustments/create', { inventory: stockedB.inventoryId, quantity: [{ name: 'pcs', value: -1 }], reason: 'damaged', remark: 'Dropped' }, 'adjustment'),
      },
    ];
    // a transfer from B to A concerns A (its warehouseAdmin receives it); then one of A's own lists
    const toA = await create(adminB, '/api/transfers/create', { from_warehouse: B, to_warehouse: A, trn: `TRN-${uniq()}` }, 'transfer');
    const ownList = await incoming(adminA, A);

    expect(await changesUntil(streamA, ownList)).toEqual([
      { kind: 'transfer', id: toA },
      { kind: 'incoming_list', id: ownList },
    ]);
    for (const record of elsewhere) expect((await t.http.get(`/api/${readRoute(record.kind)}/one/${record.id}`).set(bearer(adminA.token))).status).toBe(403);
    // finance, tied to no warehouse, reads them all and gets them all
    const all = await changesUntil(streamFinance, ownList);
    for (const record of [...elsewhere, { kind: 'transfer', id: toA }]) expect(all).toContainEqual(record);
    streamA.close();
    streamFinance.close();
  });

  it("sends a warehouseAdmin the counts of its warehouse, as its own reads answer them", async () => {
    // low stock in B (1 pcs against a buffer of 1): finance's bell counts it, A's does not
    await stockProduct(t, B, adminB.id, [{ name: 'pcs', value: 1 }]);
    const own = async (user: TestUser) => ({
      badges: (await t.http.get('/api/badges').set(bearer(user.token))).body.data,
      low_stock: (await t.http.get('/api/inventory/stock/low?page=1&limit=1').set(bearer(user.token))).body.data.total_count,
    });
    const [streamA, streamFinance] = [await openCounts(adminA), await openCounts(finance)];
    expect(streamA.counts).toEqual(await own(adminA));
    expect(streamFinance.counts).toEqual(await own(finance));
    expect(streamFinance.counts.low_stock).toBeGreaterThan(streamA.counts.low_stock);
    streamA.reader.close();
    streamFinance.reader.close();
  });
});

/** The GET route prefix of one record of each kind. */
function readRoute(kind: string): string {
  return { incoming_list: 'incomingLists', outgoing_list: 'outgoingLists', transfer: 'transfers', stock_count: 'stockCounts', adjustment: 'adjustments' }[kind]!;
}
