import { createListsApp, bearer, createUser, createWarehouse, uniq, type TestApp } from '../../test/test-app';
import { createCategory, createProduct } from '../catalog/catalog.fixtures';
import { getList, ledgerOf, onHand, post, type Actor, type IncomingFixture } from '../incoming/testing';
import { addLine, advance, createList, insertCustomer, levelsOf, type StepTokens } from '../outgoing/testing';

const SETUP_MS = 240_000;
type Qty = { name: string; value: number }[];

/**
 * Every open list stays postable (docs/api.md Products, Warehouses): a product on a list not yet
 * finished cannot be removed, a unit cannot be dropped while a line asks it or stock is held in
 * it, and a warehouse with such lists cannot be removed.
 */
describe('Products and warehouses in use by open lists', () => {
  let t: TestApp;
  let fx: IncomingFixture;
  let category: string;
  let tokens: StepTokens;

  beforeAll(async () => {
    ({ t, fx } = await createListsApp());
    const { users } = fx;
    category = (await createCategory({ http: t.http, token: users.warehouseAdmin.token }))._id;
    tokens = { sales: users.sales.token, salesSupervisor: users.salesSupervisor.token, finance: users.finance.token, warehouseAdmin: users.warehouseAdmin.token };
  }, SETUP_MS);
  afterAll(() => t.close());

  const wa = () => fx.users.warehouseAdmin;
  const newProduct = async () => (await createProduct({ http: t.http, token: wa().token }, category))._id;
  const product = async (id: string) => (await t.http.get(`/api/products/${id}`).set(bearer(wa().token))).body.data;
  const removeProduct = (id: string) => t.http.delete(`/api/products/${id}`).set(bearer(wa().token));
  const setUnits = (id: string, quantity: string[]) =>
    t.http.patch(`/api/products/${id}`).set(bearer(wa().token)).send({ quantity, buffer_stock: { unit_of_measurement: quantity[0], quantity: 1 } });

  /** An incoming list of `lines` in `warehouse`, created by `by` and taken through `steps`. */
  async function incomingList(lines: [string, Qty][], steps: ('submit' | 'confirm' | 'approve')[] = [], warehouse = fx.warehouse, by: Actor = wa()) {
    const grn = `GRN-USE-${uniq()}`;
    const id = (await post(fx, 'create', by, { warehouse, grn })).body.data.incoming_list[0]._id as string;
    for (const [productId, quantity] of lines) expect((await post(fx, 'product/add', by, { list_id: id, product: productId, quantity })).status).toBe(200);
    const routes = { submit: ['submit', by], confirm: ['import-admin/approve-and-submit-for-finance-approval', fx.users.importAdmin], approve: ['approve', fx.users.finance] } as const;
    for (const s of steps) expect((await post(fx, routes[s][0], routes[s][1], { list_id: id })).status).toBe(200);
    return { id, grn };
  }

  it('refuses to remove a product on an incoming list awaiting finance (409 naming it), so the list still posts; then it can go', async () => {
    const p = await newProduct();
    const { id, grn } = await incomingList([[p, [{ name: 'pcs', value: 4 }]]], ['submit', 'confirm']);
    const res = await removeProduct(p);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `This product is on lists that are not finished: incoming GRN "${grn}" (pending_finance_approval). Approve or deliver them, or take the product off them, first`,
    );
    expect((await product(p)).removed).toBe(false);

    expect((await post(fx, 'approve', fx.users.finance, { list_id: id })).status).toBe(200);
    expect(await onHand(fx, p, fx.warehouse)).toEqual({ pcs: 4, box: 0 });
    expect((await removeProduct(p)).status).toBe(200);
    expect((await product(p)).removed).toBe(true);
  });

  it('lets a draft line block removal until it is taken off the list', async () => {
    const p = await newProduct();
    const { id, grn } = await incomingList([[p, [{ name: 'pcs', value: 1 }]]]);
    const res = await removeProduct(p);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(`incoming GRN "${grn}" (draft)`);
    expect((await post(fx, 'product/remove', wa(), { list_id: id, product_id: p })).status).toBe(200);
    expect((await removeProduct(p)).status).toBe(200);
    expect((await post(fx, 'product/add', wa(), { list_id: id, product: p, quantity: [{ name: 'pcs', value: 1 }] })).status).toBe(404);
  });

  it('refuses to remove a product reserved by an outgoing list until it is delivered', async () => {
    const p = await newProduct();
    const received = await incomingList([[p, [{ name: 'pcs', value: 10 }]]], ['submit', 'confirm', 'approve']);
    const [{ inventoryId }] = await ledgerOf(fx, received.id);
    const customer = await insertCustomer(t);
    const gin = `GIN-USE-${uniq()}`;
    const out = await createList(t, tokens.sales, { warehouse: fx.warehouse, customer, gin });
    expect((await addLine(t, tokens.sales, out, { productId: p, inventoryId, code: '', name: '' }, [{ name: 'pcs', value: 3 }])).status).toBe(200);
    await advance(t, tokens, out, ['submit', 'verify', 'approve']);

    const res = await removeProduct(p);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(`outgoing GIN "${gin}" (approved)`);
    await advance(t, tokens, out, ['deliver']);
    expect(await levelsOf(t, inventoryId)).toMatchObject({ pcs: { onHand: 7, reserved: 0 } });
    expect((await removeProduct(p)).status).toBe(200);
  });

  it('refuses to drop a unit an open line asks or stock is held in (409), and allows other unit changes', async () => {
    const p = await newProduct();
    const { id, grn } = await incomingList([[p, [{ name: 'box', value: 2 }, { name: 'pcs', value: 1 }]]]);
    const onLine = await setUnits(p, ['pcs']);
    expect(onLine.status).toBe(409);
    expect(onLine.body.message).toBe(`Units "box" are used on lists that are not finished: incoming GRN "${grn}" (draft)`);
    expect((await product(p)).quantity).toEqual(['pcs', 'box']);

    for (const [route, by] of [['submit', wa()], ['import-admin/approve-and-submit-for-finance-approval', fx.users.importAdmin], ['approve', fx.users.finance]] as const) {
      expect((await post(fx, route, by, { list_id: id })).status).toBe(200);
    }
    expect((await getList(fx, id)).status).toBe('approved');
    const held = await setUnits(p, ['pcs']);
    expect(held.status).toBe(409);
    expect(held.body.message).toMatch(/^Units still hold stock: "box" in "[^"]+" \(on hand 2, reserved 0\)$/);
    expect((await product(p)).quantity).toEqual(['pcs', 'box']);

    const other = await newProduct();
    await incomingList([[other, [{ name: 'pcs', value: 5 }]]], ['submit', 'confirm', 'approve']);
    expect((await setUnits(other, ['pcs'])).status).toBe(200);
    expect((await setUnits(other, ['box', 'pcs'])).status).toBe(200);
    expect((await product(other)).quantity).toEqual(['box', 'pcs']);
  });

  it('refuses to remove a warehouse with an open list carrying lines; an empty draft does not block, and cannot grow afterwards', async () => {
    const w = await createWarehouse(t);
    const admin = await createUser(t, 'warehouseAdmin', w);
    const p = await newProduct();
    const { id, grn } = await incomingList([[p, [{ name: 'pcs', value: 1 }]]], ['submit'], w, admin);
    const remove = () => t.http.delete(`/api/warehouses/remove/${w}`).set(bearer(t.adminToken));
    const res = await remove();
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`This warehouse has lists that are not finished: incoming GRN "${grn}" (pending_import_admin_approval). Approve or deliver them first`);

    expect((await post(fx, 'product/remove', admin, { list_id: id, product_id: p })).status).toBe(200);
    expect((await remove()).status).toBe(200);
    const grow = await post(fx, 'product/add', admin, { list_id: id, product: p, quantity: [{ name: 'pcs', value: 1 }] });
    expect(grow.status).toBe(409);
    expect(grow.body.message).toMatch(/warehouse is removed/);
    expect((await getList(fx, id)).inventory_list).toEqual([]);
  });
});
