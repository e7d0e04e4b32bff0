import { bearer, createListsApp, type TestApp } from '../../test/test-app';
import { draftList, FLOW, getList, post, type IncomingFixture } from './testing';

const SETUP_MS = 240_000;

/**
 * Purchase price and depreciation rate of incoming list lines: lines take
 * both, the view shows both, and the approval writes them to the inventory record as a direct
 * receipt does, so goods received through a GRN are valued in the asset report.
 */
describe('Incoming list lines: price and depreciation rate', () => {
  let t: TestApp;
  let fx: IncomingFixture;
  beforeAll(async () => {
    ({ t, fx } = await createListsApp());
  }, SETUP_MS);
  afterAll(() => t.close());

  const edit = (path: 'product/add' | 'product/update', body: object) => post(fx, path, fx.users.warehouseAdmin, body);
  const lineOf = async (listId: string) => (await getList(fx, listId)).inventory_list[0] as Record<string, unknown>;

  it('adds, shows, keeps, replaces and clears a line’s price and rate', async () => {
    const { id } = await draftList(fx, 0);
    const product = fx.products[0]._id;
    const added = await edit('product/add', { list_id: id, product, quantity: [{ name: 'pcs', value: 10 }], purchasedPrice: 120.5, depreciationRate: 10 });
    expect(added.status).toBe(200);
    expect(added.body.data.line).toMatchObject({ quantity: [{ name: 'pcs', value: 10 }], purchasedPrice: 120.5, depreciationRate: 10 });

    // the same product again without them: the quantity grows, price and rate stay
    await edit('product/add', { list_id: id, product, quantity: [{ name: 'pcs', value: 2 }] });
    expect(await lineOf(id)).toMatchObject({ quantity: [{ name: 'pcs', value: 12 }], purchasedPrice: 120.5, depreciationRate: 10 });

    await edit('product/update', { list_id: id, product_id: product, quantity: [{ name: 'pcs', value: 12 }], depreciationRate: 12.125 });
    expect(await lineOf(id)).toMatchObject({ purchasedPrice: 120.5, depreciationRate: 12.125 });

    // null clears (as outgoing unitPrice does): the line shows neither
    const cleared = await edit('product/update', { list_id: id, product_id: product, quantity: [{ name: 'pcs', value: 12 }], purchasedPrice: null, depreciationRate: null });
    expect(cleared.status).toBe(200);
    const line = await lineOf(id);
    expect(line).not.toHaveProperty('purchasedPrice');
    expect(line).not.toHaveProperty('depreciationRate');
  });

  it.each([
    [{ depreciationRate: 100.5 }, 'depreciationRate must be at most 100'],
    [{ depreciationRate: 1.2345 }, 'depreciationRate must be a number in plain decimal notation with at most 3 decimals'],
    [{ depreciationRate: '10' }, 'depreciationRate must be a number in plain decimal notation with at most 3 decimals'],
    [{ purchasedPrice: -1 }, 'purchasedPrice must not be negative'],
    [{ purchasedPrice: true }, 'purchasedPrice must be a number in plain decimal notation with at most 2 decimals'],
  ])('refuses %p with 400 naming the field and changes nothing', async (patch, message) => {
    const { id } = await draftList(fx, 1);
    const before = await getList(fx, id);
    const res = await edit('product/update', { list_id: id, product_id: fx.products[0]._id, quantity: [{ name: 'pcs', value: 3 }], ...patch });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: Object.keys(patch)[0], message }]);
    expect(await getList(fx, id)).toEqual(before);
  });

  it('writes both to the inventory record at approval: the asset valuation report values the goods', async () => {
    const { id } = await draftList(fx, 0);
    const product = fx.products[1]._id;
    await edit('product/add', { list_id: id, product, quantity: [{ name: 'pcs', value: 10 }], purchasedPrice: 120.5, depreciationRate: 10 });
    for (const step of FLOW) {
      const res = await post(fx, step.path, fx.users[step.role], { list_id: id });
      expect(res.status).toBe(200);
    }
    const stock = await t.http.get(`/api/inventory?warehouseId=${fx.warehouse}&limit=100`).set(bearer(fx.users.warehouseAdmin.token));
    const record = stock.body.data.inventories.find((i: { product: { _id: string } }) => i.product._id === product);
    expect(record).toMatchObject({ purchasedPrice: 120.5, depreciationRate: 10 });
    // the approval is the purchase date the goods depreciate from
    expect(Date.now() - Date.parse(record.purchasedDate)).toBeLessThan(60_000);

    const report = await t.http.post('/api/reports/asset/valuations').set(bearer(fx.users.finance.token)).send({ warehouseId: fx.warehouse });
    expect(report.status).toBe(200);
    const row = report.body.data.valuations.find((r: { productId: string }) => r.productId === product);
    expect(row).toMatchObject({ purchasedPrice: '120.50', depreciationRate: 10, quantity: { name: 'pcs', value: 10 }, currentValue: '120.50', valuation: '1205.00' });
  });
});
