/**
 * Line edits of incoming and outgoing lists: product/add, product/update and
 * product/remove answer `{list, line}`, the list's row exactly as GET /all shows it and the
 * changed line exactly as GET one/{id} shows it (for remove `{_id, removed: true}`), never every
 * line; a refused edit (4xx) changes nothing.
 */
import { draftList, getList, listAt, post as incomingPost, type IncomingFixture } from '../src/incoming/testing';
import { addLine, createList, insertCustomer, stockProduct, type StockedProduct } from '../src/outgoing/testing';
import { bearer, createListsApp, type TestApp } from './test-app';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const SETUP_MS = 300_000;

describe('Line edits answer the list row and the changed line (issue 13)', () => {
  let t: TestApp;
  let fx: IncomingFixture;
  let customer: string;
  let stock: StockedProduct[];

  beforeAll(async () => {
    ({ t, fx } = await createListsApp());
    customer = await insertCustomer(t);
    stock = [];
    for (let i = 0; i < 3; i++) stock.push(await stockProduct(t, fx.warehouse, fx.users.warehouseAdmin.id, [{ name: 'pcs', value: 50 }]));
  }, SETUP_MS);
  afterAll(() => t.close());

  /** The row of list `id` in GET /all (searched by its reference). */
  async function rowOf(kind: 'incoming' | 'outgoing', id: string, ref: string): Promise<Row> {
    const res = await t.http.get(`/api/${kind}Lists/all`).query({ search: ref }).set(bearer(t.adminToken));
    expect(res.status).toBe(200);
    return res.body.data[`${kind}_list_all`].find((r: Row) => r._id === id);
  }
  const outgoingOne = async (id: string): Promise<Row> => (await t.http.get(`/api/outgoingLists/one/${id}`).set(bearer(t.adminToken))).body.data.outgoing_list;
  const outgoingPost = (path: string, body: object, token = fx.users.sales.token) => t.http.post(`/api/outgoingLists/${path}`).set(bearer(token)).send(body);

  it('incoming: add, update and remove answer {list, line} as GET /all and one/{id} show them', async () => {
    const { id, grn } = await draftList(fx, 0);
    const [p1, p2] = fx.products;
    const wa = fx.users.warehouseAdmin;
    const added = await incomingPost(fx, 'product/add', wa, { list_id: id, product: p1._id, quantity: [{ name: 'pcs', value: 4 }], purchasedPrice: 12.5 });
    expect(added.status).toBe(200);
    expect(Object.keys(added.body.data).sort()).toEqual(['line', 'list']);
    let full = await getList(fx, id);
    expect(added.body.data.line).toEqual(full.inventory_list[0]);
    expect(added.body.data.list).toEqual(await rowOf('incoming', id, grn));
    expect(added.body.data.list).toMatchObject({ line_count: 1, latest_remark: { content: 'New list' } });
    expect(added.body.data.list).not.toHaveProperty('inventory_list');

    // the same product again adds to its line: the answer is that line
    const again = await incomingPost(fx, 'product/add', wa, { list_id: id, product: p1._id, quantity: [{ name: 'pcs', value: 1 }] });
    expect(again.body.data.line).toMatchObject({ _id: added.body.data.line._id, quantity: [{ name: 'pcs', value: 5 }], purchasedPrice: 12.5 });
    const second = await incomingPost(fx, 'product/add', wa, { list_id: id, product: p2._id, quantity: [{ name: 'box', value: 2 }] });
    expect(second.body.data.list.line_count).toBe(2);

    const updated = await incomingPost(fx, 'product/update', wa, { list_id: id, product_id: p2._id, quantity: [{ name: 'box', value: 3 }], depreciationRate: 10 });
    expect(updated.status).toBe(200);
    full = await getList(fx, id);
    expect(updated.body.data.line).toEqual(full.inventory_list[1]);
    expect(updated.body.data.list).toEqual(await rowOf('incoming', id, grn));

    const removed = await incomingPost(fx, 'product/remove', wa, { list_id: id, product_id: p1._id });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Incoming List Removed Successfully');
    expect(removed.body.data.line).toEqual({ _id: added.body.data.line._id, removed: true });
    expect(removed.body.data.list).toEqual(await rowOf('incoming', id, grn));
    expect(removed.body.data.list.line_count).toBe(1);
    expect((await getList(fx, id)).inventory_list.map((l: Row) => l._id)).toEqual([updated.body.data.line._id]);
  });

  it('incoming: a refused edit (400, 403, 404, 409) changes neither the lines nor the row', async () => {
    const { id, grn } = await listAt(fx, 'pending_finance_approval');
    const draft = await draftList(fx, 1);
    const before = [await getList(fx, id), await rowOf('incoming', id, grn), await getList(fx, draft.id), await rowOf('incoming', draft.id, draft.grn)];
    const [p1] = fx.products;
    const tries = [
      [409, incomingPost(fx, 'product/add', fx.users.warehouseAdmin, { list_id: id, product: p1._id, quantity: [{ name: 'pcs', value: 1 }] })],
      [409, incomingPost(fx, 'product/remove', fx.users.warehouseAdmin, { list_id: id, product_id: p1._id })],
      [400, incomingPost(fx, 'product/update', fx.users.warehouseAdmin, { list_id: draft.id, product_id: p1._id, quantity: [{ name: 'pcs', value: -1 }] })],
      [400, incomingPost(fx, 'product/add', fx.users.warehouseAdmin, { list_id: draft.id, product: p1._id, quantity: [{ name: 'crate', value: 1 }] })],
      [403, incomingPost(fx, 'product/add', fx.otherAdmin, { list_id: draft.id, product: p1._id, quantity: [{ name: 'pcs', value: 1 }] })],
      [403, incomingPost(fx, 'product/remove', fx.users.importAdmin, { list_id: draft.id, product_id: p1._id })],
      [404, incomingPost(fx, 'product/remove', fx.users.warehouseAdmin, { list_id: draft.id, product_id: fx.products[1]._id })],
    ] as const;
    for (const [status, req] of tries) expect((await req).status).toBe(status);
    expect([await getList(fx, id), await rowOf('incoming', id, grn), await getList(fx, draft.id), await rowOf('incoming', draft.id, draft.grn)]).toEqual(before);
  });

  it('outgoing: add, update (also merging into another line) and remove answer {list, line} as GET /all and one/{id} show them', async () => {
    const gin = `GIN-EDIT-${Date.now()}`;
    const id = await createList(t, fx.users.sales.token, { warehouse: fx.warehouse, customer, gin });
    const [a, b] = stock;
    const added = await addLine(t, fx.users.sales.token, id, a, [{ name: 'pcs', value: 2 }], 10);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Product Added Successfully');
    expect(Object.keys(added.body.data).sort()).toEqual(['line', 'list']);
    expect(added.body.data.line).toEqual((await outgoingOne(id)).inventory_list[0]);
    expect(added.body.data.list).toEqual(await rowOf('outgoing', id, gin));
    expect(added.body.data.list).toMatchObject({ line_count: 1, total_price: '20.00', latest_remark: { content: 'New list' } });

    const other = await addLine(t, fx.users.sales.token, id, a, [{ name: 'pcs', value: 1 }], 12.25);
    const third = await addLine(t, fx.users.sales.token, id, b, [{ name: 'pcs', value: 3 }]);
    expect(third.body.data.list).toMatchObject({ line_count: 3, total_price: '32.25' });

    const updated = await outgoingPost('product/update', { list_id: id, product_id: third.body.data.line._id, quantity: [{ name: 'pcs', value: 4 }], unitPrice: 1.5 });
    expect(updated.status).toBe(200);
    expect(updated.body.data.line).toEqual((await outgoingOne(id)).inventory_list[2]);
    expect(updated.body.data.list).toEqual(await rowOf('outgoing', id, gin));
    expect(updated.body.data.list.total_price).toBe('38.25');

    // repriced to the price of the first line: merged into it, the answer's line is that one
    const merged = await outgoingPost('product/update', { list_id: id, product_id: other.body.data.line._id, quantity: [{ name: 'pcs', value: 1 }], unitPrice: 10 });
    expect(merged.status).toBe(200);
    const lines = (await outgoingOne(id)).inventory_list;
    expect(merged.body.data.line).toEqual(lines[0]);
    expect(merged.body.data.line).toMatchObject({ _id: added.body.data.line._id, quantity: [{ name: 'pcs', value: 3 }] });
    expect(merged.body.data.list).toMatchObject({ line_count: 2, total_price: '36.00' });

    const removed = await outgoingPost('product/remove', { list_id: id, product_id: updated.body.data.line._id });
    expect(removed.status).toBe(200);
    expect(removed.body.data.line).toEqual({ _id: updated.body.data.line._id, removed: true });
    expect(removed.body.data.list).toEqual(await rowOf('outgoing', id, gin));
    expect(removed.body.data.list).toMatchObject({ line_count: 1, total_price: '30.00' });
  });

  it('outgoing: a refused edit (400, 403, 404, 409) changes neither the lines nor the row', async () => {
    const gin = `GIN-REFUSED-${Date.now()}`;
    const id = await createList(t, fx.users.sales.token, { warehouse: fx.warehouse, customer, gin });
    const [a, b] = stock;
    expect((await addLine(t, fx.users.sales.token, id, a, [{ name: 'pcs', value: 2 }], 10)).status).toBe(200);
    const before = [await outgoingOne(id), await rowOf('outgoing', id, gin)];
    const tries = [
      [409, addLine(t, fx.users.sales.token, id, b, [{ name: 'pcs', value: 51 }])],
      [400, addLine(t, fx.users.sales.token, id, b, [{ name: 'pcs', value: 1 }], 1.234)],
      [400, outgoingPost('product/update', { list_id: id, product_id: a.productId, quantity: [] })],
      [403, outgoingPost('product/update', { list_id: id, product_id: a.productId, quantity: [{ name: 'pcs', value: 1 }] }, fx.users.salesSupervisor.token)],
      [404, outgoingPost('product/remove', { list_id: id, product_id: b.productId })],
    ] as const;
    for (const [status, req] of tries) expect((await req).status).toBe(status);
    expect([await outgoingOne(id), await rowOf('outgoing', id, gin)]).toEqual(before);
  });

  it('answers only the changed line of a long list', async () => {
    const { id } = await draftList(fx, 2);
    const res = await incomingPost(fx, 'product/update', fx.users.warehouseAdmin, { list_id: id, product_id: fx.products[0]._id, quantity: [{ name: 'pcs', value: 2 }] });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(fx.products[1]._id);
    expect(res.body.data.list.line_count).toBe(2);
  });
});
