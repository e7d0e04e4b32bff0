import { randomUUID } from 'node:crypto';
import { bearer, createTestApp, createUser, createWarehouse, uniq, type TestApp, type TestUser } from '../../test/test-app';
import { insertCustomer } from '../outgoing/testing';

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_MS = 300_000;

/** GET /api/next-number/{grn|gin|trn}: the next free number of a warehouse's series, on PGlite and PostgreSQL. */
describe('Next-number proposals', () => {
  let t: TestApp;
  /** A tag that keeps this run's numbers apart from any other suite's. */
  const tag = uniq().replace(/[^A-Za-z]/g, '').slice(0, 6).toUpperCase() || 'T';
  let A: string;
  let B: string;
  let adminA: TestUser;
  let adminB: TestUser;
  let sales: TestUser;
  let customer: string;

  beforeAll(async () => {
    t = await createTestApp();
    [A, B] = [await createWarehouse(t, `Addis Main ${uniq()}`), await createWarehouse(t, `Bole Depot ${uniq()}`)];
    [adminA, adminB, sales] = await Promise.all([createUser(t, 'warehouseAdmin', A), createUser(t, 'warehouseAdmin', B), createUser(t, 'sales')]);
    customer = await insertCustomer(t);
  }, SETUP_MS);
  afterAll(() => t.close());

  const next = (kind: string, user: TestUser, warehouse: string) => t.http.get(`/api/next-number/${kind}`).query({ warehouse }).set(bearer(user.token));
  async function proposed(kind: string, user: TestUser, warehouse: string): Promise<string> {
    const res = await next(kind, user, warehouse);
    if (res.status !== 200) throw new Error(`next ${kind}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.number;
  }
  async function incoming(user: TestUser, warehouse: string, grn: string) {
    return t.http.post('/api/incomingLists/create').set(bearer(user.token)).send({ warehouse, grn });
  }
  async function receive(user: TestUser, warehouse: string, grn: string): Promise<void> {
    const res = await incoming(user, warehouse, grn);
    if (res.status !== 201) throw new Error(`create ${grn}: ${res.status} ${JSON.stringify(res.body)}`);
  }

  it('starts a warehouse without numbers at <KIND>-<code of its name>-0001, per warehouse', async () => {
    expect(await proposed('grn', adminA, A)).toBe('GRN-ADD-0001');
    expect(await proposed('grn', adminB, B)).toBe('GRN-BOL-0001');
    expect(await proposed('gin', sales, A)).toBe('GIN-ADD-0001');
    expect(await proposed('trn', adminB, B)).toBe('TRN-BOL-0001');
  });

  it('counts up the last number each warehouse used, in its own pattern and width', async () => {
    await receive(adminA, A, `${tag}-A-0041`);
    await receive(adminB, B, `${tag}/B/2026/0099`);
    expect(await proposed('grn', adminA, A)).toBe(`${tag}-A-0042`);
    expect(await proposed('grn', adminB, B)).toBe(`${tag}/B/2026/0100`);
    // the newest number counts, not the highest
    await receive(adminA, A, `${tag}-A-0007`);
    expect(await proposed('grn', adminA, A)).toBe(`${tag}-A-0008`);
  });

  it('skips numbers already used, by any warehouse and in any status, and never proposes a used one', async () => {
    // A's own S-0005 is cancelled (it keeps its number); B took S-0002 and S-0003; A's newest is S-0001
    const cancelled = await incoming(adminA, A, `${tag}-S-0005`);
    const cancel = await t.http.post('/api/incomingLists/cancel').set(bearer(adminA.token)).send({ list_id: cancelled.body.data.incoming_list[0]._id, remark: 'Typed in error' });
    expect(cancel.status).toBe(200);
    await receive(adminA, A, `${tag}-S-0001`);
    await receive(adminB, B, `${tag}-S-0002`);
    await receive(adminB, B, `${tag}-S-0003`);
    expect(await proposed('grn', adminA, A)).toBe(`${tag}-S-0004`);
    // taking each proposal in turn: every one is accepted, so none was used before
    const taken: string[] = [];
    for (let i = 0; i < 3; i++) {
      const number = await proposed('grn', adminA, A);
      expect((await incoming(adminA, A, number)).status).toBe(201);
      taken.push(number);
    }
    expect(taken).toEqual([`${tag}-S-0004`, `${tag}-S-0006`, `${tag}-S-0007`]);
  });

  it('proposes GINs from the warehouse’s outgoing lists and TRNs from its transfers out', async () => {
    const gin = await t.http.post('/api/outgoingLists/create').set(bearer(sales.token)).send({ warehouse: B, customer, gin: `${tag}-GIN-12` });
    expect(gin.status).toBe(201);
    expect(await proposed('gin', sales, B)).toBe(`${tag}-GIN-13`);
    expect(await proposed('gin', sales, A)).toBe('GIN-ADD-0001');
    const trn = await t.http.post('/api/transfers/create').set(bearer(adminA.token)).send({ from_warehouse: A, to_warehouse: B, trn: `${tag}-TRN-0001` });
    expect(trn.status).toBe(201);
    expect(await proposed('trn', adminA, A)).toBe(`${tag}-TRN-0002`);
    // the destination's series is its own
    expect(await proposed('trn', adminB, B)).toBe('TRN-BOL-0001');
  });

  it('answers 400 naming the warehouse (missing, not an id, removed), 404 for an unknown one, 403 for another warehouse or role', async () => {
    for (const warehouse of [undefined, 'not-an-id']) {
      const res = await t.http.get('/api/next-number/grn').query(warehouse ? { warehouse } : {}).set(bearer(adminA.token));
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('warehouse must be a valid id');
    }
    expect((await next('gin', sales, randomUUID())).status).toBe(404);
    const removed = await createWarehouse(t);
    expect((await t.http.delete(`/api/warehouses/remove/${removed}`).set(bearer(t.adminToken))).status).toBe(200);
    const res = await next('gin', sales, removed);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('warehouse must be an active warehouse');
    expect((await next('grn', adminA, B)).status).toBe(403);
    expect((await next('grn', sales, A)).status).toBe(403);
    expect((await next('gin', adminA, A)).status).toBe(403);
    expect((await next('nrn', adminA, A)).status).toBe(404);
  });
});
