import { bearer, createRoleUsers, createTestApp, createWarehouse, uniq, type TestApp, type TestUser } from '../../test/test-app';
import type { Role } from '@inventory/common';
import { ledgerMismatches } from '../inventory/testing';
import { levelsOf, stockProduct, type StockedProduct } from '../outgoing/testing';

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_MS = 300_000;

type Q = { name: string; value: number }[];
type Line = { _id: string; inventory: { _id: string }; expected: Q; counted: Q | null; movements_before_count: Q; movements_after_count: Q; difference: Q | null };
type Count = { _id: string; status: string; lines: Line[] };

/**
 * The count rule with movements posted while counting, on PGlite and PostgreSQL: a unit's
 * difference is counted - (expected + its movements before it was counted), and the level after
 * approval is counted + the movements after it was counted.
 */
describe('Stock count rule: movements during the count', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let W: string;

  beforeAll(async () => {
    t = await createTestApp({ STATS_MEMO_SECONDS: '0' });
    W = await createWarehouse(t);
    u = await createRoleUsers(t, W);
  }, SETUP_MS);
  afterAll(() => t.close());

  const post = (path: string, token: string, body: unknown) => t.http.post(`/api/${path}`).set(bearer(token)).send(body as object);
  const receive = async (s: StockedProduct, quantity: Q) => expect((await post('inventory/incoming', u.warehouseAdmin.token, { warehouse: W, product: s.productId, quantity, grn: `GRN-${uniq()}` })).status).toBe(201);
  const issue = async (s: StockedProduct, quantity: Q) => expect((await post('inventory/outgoing', u.warehouseAdmin.token, { id: s.inventoryId, quantity, gin: `GIN-${uniq()}`, taken_by: 'Abebe' })).status).toBe(201);
  const onHand = async (s: StockedProduct) => Object.fromEntries(Object.entries(await levelsOf(t, s.inventoryId)).map(([unit, l]) => [unit, l.onHand]));
  async function start(): Promise<Count> {
    const res = await post('stockCounts/create', u.warehouseAdmin.token, { warehouse: W });
    expect(res.status).toBe(201);
    return res.body.data.stock_count;
  }
  const lineOf = (c: Count, s: StockedProduct) => c.lines.find((l) => l.inventory._id === s.inventoryId)!;
  async function count(c: Count, s: StockedProduct, counted: Q): Promise<Line> {
    const res = await post('stockCounts/line/update', u.warehouseAdmin.token, { count_id: c._id, line_id: lineOf(c, s)._id, counted });
    expect(res.status).toBe(200);
    return res.body.data.line;
  }
  /** Submits and approves; answers the posted count. */
  async function approve(c: Count): Promise<Count> {
    expect((await post('stockCounts/submit', u.warehouseAdmin.token, { count_id: c._id })).status).toBe(200);
    const res = await post('stockCounts/approve', u.finance.token, { count_id: c._id });
    expect(res.status).toBe(200);
    return res.body.data.stock_count;
  }

  it('a shelf of 10 counted at 12 after +5 and -2 ends at 12 (not 15)', async () => {
    const s = await stockProduct(t, W, u.warehouseAdmin.id, [{ name: 'pcs', value: 10 }]);
    const c = await start();
    await receive(s, [{ name: 'pcs', value: 5 }]);
    await issue(s, [{ name: 'pcs', value: 2 }]);
    const line = await count(c, s, [{ name: 'pcs', value: 12 }]);
    expect(line).toMatchObject({ expected: [{ name: 'pcs', value: 10 }], movements_before_count: [{ name: 'pcs', value: 3 }], movements_after_count: [{ name: 'pcs', value: 0 }], difference: [{ name: 'pcs', value: -1 }] });
    const posted = await approve(c);
    expect(lineOf(posted, s).difference).toEqual([{ name: 'pcs', value: -1 }]);
    expect(await onHand(s)).toEqual({ pcs: 12 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('movements after the count stay on top; each unit is split at its own count time', async () => {
    const s = await stockProduct(t, W, u.warehouseAdmin.id, [
      { name: 'pcs', value: 20 },
      { name: 'box', value: 5 },
    ]);
    const c = await start();
    await receive(s, [{ name: 'pcs', value: 3 }, { name: 'box', value: 2 }]); // before both counts
    await count(c, s, [{ name: 'box', value: 7 }]); // box counted: as expected + 2
    await receive(s, [{ name: 'pcs', value: 4 }, { name: 'box', value: 1 }]); // before the pcs count, after the box count
    const line = await count(c, s, [{ name: 'pcs', value: 26 }]); // pcs counted one short of 20 + 3 + 4
    await issue(s, [{ name: 'pcs', value: 1 }]); // after both counts
    expect(line).toMatchObject({ counted: [{ name: 'pcs', value: 26 }, { name: 'box', value: 7 }], movements_before_count: [{ name: 'pcs', value: 7 }, { name: 'box', value: 2 }], difference: [{ name: 'pcs', value: -1 }, { name: 'box', value: 0 }] });
    const pending: Count = (await t.http.get(`/api/stockCounts/one/${c._id}`).set(bearer(u.finance.token))).body.data.stock_count;
    expect(lineOf(pending, s)).toMatchObject({ movements_before_count: [{ name: 'pcs', value: 7 }, { name: 'box', value: 2 }], movements_after_count: [{ name: 'pcs', value: -1 }, { name: 'box', value: 1 }] });
    const posted = await approve(c);
    // counted + the movements after each unit's count
    expect(await onHand(s)).toEqual({ pcs: 26 - 1, box: 7 + 1 });
    expect(lineOf(posted, s)).toMatchObject({ movements_before_count: [{ name: 'pcs', value: 7 }, { name: 'box', value: 2 }], movements_after_count: [{ name: 'pcs', value: -1 }, { name: 'box', value: 1 }], difference: [{ name: 'pcs', value: -1 }, { name: 'box', value: 0 }] });
    // movements after the approval are no part of the count
    await receive(s, [{ name: 'pcs', value: 9 }]);
    const later: Count = (await t.http.get(`/api/stockCounts/one/${c._id}`).set(bearer(u.finance.token))).body.data.stock_count;
    expect(lineOf(later, s).movements_after_count).toEqual([{ name: 'pcs', value: -1 }, { name: 'box', value: 1 }]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('a recount moves the count time: movements before the recount are taken into its difference', async () => {
    const s = await stockProduct(t, W, u.warehouseAdmin.id, [{ name: 'pcs', value: 8 }]);
    const c = await start();
    expect(await count(c, s, [{ name: 'pcs', value: 8 }])).toMatchObject({ difference: [{ name: 'pcs', value: 0 }] });
    await receive(s, [{ name: 'pcs', value: 5 }]);
    const first: Count = (await t.http.get(`/api/stockCounts/one/${c._id}`).set(bearer(u.finance.token))).body.data.stock_count;
    expect(lineOf(first, s)).toMatchObject({ movements_before_count: [{ name: 'pcs', value: 0 }], movements_after_count: [{ name: 'pcs', value: 5 }] });
    // recounted after the receipt: 12 of the 13 the shelf should hold
    expect(await count(c, s, [{ name: 'pcs', value: 12 }])).toMatchObject({ movements_before_count: [{ name: 'pcs', value: 5 }], movements_after_count: [{ name: 'pcs', value: 0 }], difference: [{ name: 'pcs', value: -1 }] });
    await approve(c);
    expect(await onHand(s)).toEqual({ pcs: 12 });
  });

  it('a count returned by finance and recounted takes the movements up to the recount', async () => {
    const s = await stockProduct(t, W, u.warehouseAdmin.id, [{ name: 'pcs', value: 30 }]);
    const c = await start();
    await count(c, s, [{ name: 'pcs', value: 30 }]);
    expect((await post('stockCounts/submit', u.warehouseAdmin.token, { count_id: c._id })).status).toBe(200);
    await issue(s, [{ name: 'pcs', value: 6 }]);
    expect((await post('stockCounts/return', u.finance.token, { count_id: c._id, remark: 'Recount' })).status).toBe(200);
    await count(c, s, [{ name: 'pcs', value: 25 }]);
    await approve(c);
    expect(await onHand(s)).toEqual({ pcs: 25 });
  });
});
