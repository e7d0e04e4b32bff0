import { eq } from 'drizzle-orm';
import type { Role } from '@inventory/common';
import { outgoingListItems, outgoingListReturns } from '../database/schema';
import { bearer, createRoleUsers, createTestApp, createWarehouse, type TestApp, type TestUser } from '../../test/test-app';
import { addLine, advance, createList, insertCustomer, stockProduct, type StepTokens, type StockedProduct } from './testing';
import { errorOf, fetchPdf, readPdf } from './documents/testing';

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_TIMEOUT = 300_000;

type Q = { name: string; value: number };
const FIVE_PCS_ONE_BOX: Q[] = [{ name: 'pcs', value: 5 }, { name: 'box', value: 1 }];

describe('Outgoing lists: a price for every delivered unit', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let tokens: StepTokens;
  let warehouse: string;
  let customer: string;
  let mixed: StockedProduct;

  beforeAll(async () => {
    t = await createTestApp();
    warehouse = await createWarehouse(t);
    u = await createRoleUsers(t, warehouse);
    tokens = { sales: u.sales.token, salesSupervisor: u.salesSupervisor.token, finance: u.finance.token, warehouseAdmin: u.warehouseAdmin.token };
    customer = await insertCustomer(t, 'Hirut Bekele');
    mixed = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 1000 }, { name: 'box', value: 100 }], 'Tile adhesive');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close());

  const post = (route: string, body: object, token = u.sales.token) => t.http.post(`/api/outgoingLists/${route}`).set(bearer(token)).send(body);
  const add = (listId: string, quantity: Q[], prices: object) => post('product/add', { list_id: listId, product: mixed.productId, inventory: mixed.inventoryId, quantity, ...prices });
  const one = async (id: string) => (await t.http.get(`/api/outgoingLists/one/${id}`).set(bearer(t.adminToken))).body.data.outgoing_list;
  const row = async (gin: string) => {
    const res = await t.http.get(`/api/outgoingLists/all?search=${encodeURIComponent(gin)}`).set(bearer(t.adminToken));
    return res.body.data.outgoing_list_all.find((l: { gin: string }) => l.gin === gin);
  };
  const creditNote = (id: string, returnId: string) =>
    t.http
      .get(`/api/outgoingLists/${id}/credit-note?return_id=${returnId}`)
      .set(bearer(u.warehouseAdmin.token))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });

  it('keeps a price per unit: the line view, its row total and the list page total sum every unit', async () => {
    const id = await createList(t, u.sales.token, { warehouse, customer });
    const res = await add(id, FIVE_PCS_ONE_BOX, { unitPrices: [{ name: 'box', price: 140 }, { name: 'pcs', price: 12.5 }] });
    expect(res.status).toBe(200);
    // 5 × 12.50 + 1 × 140.00 = 202.50
    expect(res.body.data.line).toMatchObject({ quantity: FIVE_PCS_ONE_BOX, unitPrice: 12.5, unitPrices: [{ name: 'pcs', price: 12.5 }, { name: 'box', price: 140 }] });
    expect(res.body.data.list.total_price).toBe('202.50');
    const list = await one(id);
    expect((await row(list.gin)).total_price).toBe('202.50');
    // more pcs at the same pcs price go on the same line (its box price stays)
    const more = await add(id, [{ name: 'pcs', value: 2 }], { unitPrice: 12.5 });
    expect(more.body.data.line).toMatchObject({ _id: res.body.data.line._id, quantity: [{ name: 'pcs', value: 7 }, { name: 'box', value: 1 }] });
    expect(more.body.data.list).toMatchObject({ line_count: 1, total_price: '227.50' });
  });

  it('answers the single-price wire shape as before: unitPrice prices the first unit, null clears every price', async () => {
    const id = await createList(t, u.sales.token, { warehouse, customer });
    const res = await add(id, [{ name: 'pcs', value: 4 }], { unitPrice: 10.25 });
    expect(res.status).toBe(200);
    expect(res.body.data.line).toMatchObject({ unitPrice: 10.25, unitPrices: [{ name: 'pcs', price: 10.25 }] });
    const lineId = res.body.data.line._id as string;
    // a box added to the line by update keeps the pcs price; its own price is set by unitPrices
    const both = await post('product/update', { list_id: id, product_id: lineId, quantity: [{ name: 'pcs', value: 4 }, { name: 'box', value: 2 }] });
    expect(both.body.data.line).toMatchObject({ unitPrice: 10.25, unitPrices: [{ name: 'pcs', price: 10.25 }] });
    expect(both.body.data.list.total_price).toBe('41.00');
    const priced = await post('product/update', { list_id: id, product_id: lineId, quantity: [{ name: 'pcs', value: 4 }, { name: 'box', value: 2 }], unitPrices: [{ name: 'box', price: 99.99 }, { name: 'pcs', price: 10.25 }] });
    expect(priced.body.data.list.total_price).toBe('240.98');
    const cleared = await post('product/update', { list_id: id, product_id: lineId, quantity: [{ name: 'pcs', value: 4 }, { name: 'box', value: 2 }], unitPrice: null });
    expect(cleared.body.data.line.unitPrice).toBeUndefined();
    expect(cleared.body.data.line.unitPrices).toEqual([]);
    expect(cleared.body.data.list.total_price).toBe('0.00');
  });

  it('refuses prices it cannot apply with a 400 naming the field, and changes nothing', async () => {
    const id = await createList(t, u.sales.token, { warehouse, customer });
    const cases: [object, string][] = [
      [{ unitPrices: [{ name: 'crate', price: 5 }] }, 'unitPrices.0.name'],
      [{ quantity: [{ name: 'pcs', value: 1 }], unitPrices: [{ name: 'box', price: 5 }] }, 'unitPrices.0.name'],
      [{ unitPrices: [{ name: 'pcs', price: 5 }, { name: 'pcs', price: 6 }] }, 'unitPrices.1.name'],
      [{ unitPrices: [{ name: 'pcs', price: 5.001 }] }, 'unitPrices.0.price'],
      [{ unitPrices: [{ name: 'pcs', price: -1 }] }, 'unitPrices.0.price'],
      [{ unitPrices: [{ name: 'pcs' }] }, 'unitPrices.0.price'],
      [{ unitPrices: 'pcs=5' }, 'unitPrices'],
      [{ unitPrice: 5, unitPrices: [{ name: 'pcs', price: 5 }] }, 'unitPrices'],
    ];
    for (const [body, field] of cases) {
      const res = await add(id, FIVE_PCS_ONE_BOX, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await one(id)).inventory_list).toEqual([]);
  });

  it('prints the invoice over every unit: 409 naming the unit without a price, then a row and a total for each unit', async () => {
    const id = await createList(t, u.sales.token, { warehouse, customer });
    const lineId = (await add(id, FIVE_PCS_ONE_BOX, { unitPrice: 12.5 })).body.data.line._id;
    const refused = await fetchPdf(t, id, 'invoice', t.adminToken);
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toBe(`Set a unit price on every line to print the invoice: Tile adhesive (${mixed.code}) per box`);
    const update = await post('product/update', { list_id: id, product_id: lineId, quantity: FIVE_PCS_ONE_BOX, unitPrices: [{ name: 'pcs', price: 12.5 }, { name: 'box', price: 140 }] });
    expect(update.status).toBe(200);
    await advance(t, tokens, id, ['submit', 'verify', 'approve', 'deliver']);
    const pdf = await fetchPdf(t, id, 'invoice', u.warehouseAdmin.token);
    expect(pdf.status).toBe(200);
    const { text } = await readPdf(pdf);
    // 5 × 12.50 = 62.50; 1 × 140.00 = 140.00; 202.50 with VAT 26.41 (202.50 × 15 / 115)
    for (const field of ['Tile adhesive', '62.50', '140.00', 'box', 'Total excl. VAT', '176.09 ETB', '26.41 ETB', '202.50 ETB']) expect(text).toContain(field);
    expect((await row((await one(id)).gin)).total_price).toBe('202.50');
  });

  it('credits every returned unit at its price on a numbered credit note (CN-n in the API, the PDF and the audit trail)', async () => {
    const id = await createList(t, u.sales.token, { warehouse, customer });
    const lineId = (await add(id, FIVE_PCS_ONE_BOX, { unitPrices: [{ name: 'pcs', price: 12.5 }, { name: 'box', price: 140 }] })).body.data.line._id;
    await advance(t, tokens, id, ['submit', 'verify', 'approve', 'deliver']);
    const res = await post('customer-return', { list_id: id, lines: [{ line_id: lineId, quantity: [{ name: 'pcs', value: 2 }, { name: 'box', value: 1 }] }], remark: 'Wrong batch' }, u.warehouseAdmin.token);
    expect(res.status).toBe(201);
    const ret = res.body.data.customer_return;
    expect(ret.credit_note).toMatch(/^CN-\d+$/);
    expect(ret.lines[0].unitPrices).toEqual([{ name: 'pcs', price: 12.5 }, { name: 'box', price: 140 }]);
    const pdf = await creditNote(id, ret._id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(ret.credit_note);
    const { text } = await readPdf(pdf);
    // 2 × 12.50 = 25.00; 1 × 140.00 = 140.00; credit -165.00
    for (const field of [`Credit note No.: ${ret.credit_note}`, '2 pcs', '-25.00', '1 box', '-140.00', '-165.00 ETB']) expect(text).toContain(field);
    const audit = await t.http.get(`/api/audit/outgoing_list/${id}?limit=100`).set(bearer(t.adminToken));
    const changes = audit.body.data.events.flatMap((e: { changes: { field: string; after: unknown }[] }) => e.changes);
    expect(changes).toContainEqual(expect.objectContaining({ field: 'credit_note', after: ret.credit_note }));
  });

  it('numbers credit notes from one sequence: parallel returns on different lists each get their own number', async () => {
    const lists = await Promise.all(
      [1, 2, 3, 4, 5].map(async () => {
        const id = await createList(t, u.sales.token, { warehouse, customer });
        const lineId = (await addLine(t, u.sales.token, id, mixed, [{ name: 'pcs', value: 3 }], 1)).body.data.line._id as string;
        await advance(t, tokens, id, ['submit', 'verify', 'approve', 'deliver']);
        return { id, lineId };
      }),
    );
    const results = await Promise.all(
      lists.map((l) => post('customer-return', { list_id: l.id, lines: [{ line_id: l.lineId, quantity: [{ name: 'pcs', value: 1 }] }], remark: 'Race' }, u.warehouseAdmin.token)),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const numbers = results.map((r) => r.body.data.customer_return.credit_note as string);
    expect(new Set(numbers).size).toBe(5);
    const stored = await t.db.select({ n: outgoingListReturns.creditNoteNumber }).from(outgoingListReturns);
    expect(new Set(stored.map((r) => r.n)).size).toBe(stored.length);
  });

  it('stores the prices as one map per line (the unique line per stock and prices holds in the database)', async () => {
    const id = await createList(t, u.sales.token, { warehouse, customer });
    await add(id, FIVE_PCS_ONE_BOX, { unitPrices: [{ name: 'box', price: 140 }, { name: 'pcs', price: 12.5 }] });
    const [stored] = await t.db.select().from(outgoingListItems).where(eq(outgoingListItems.listId, id));
    expect(stored.unitPrices).toEqual({ pcs: 12.5, box: 140 });
    await expect(
      t.db.insert(outgoingListItems).values({ listId: id, productId: mixed.productId, inventoryId: mixed.inventoryId, quantity: [{ name: 'pcs', value: 1 }], unitPrices: { box: 140, pcs: 12.5 } }),
    ).rejects.toThrow();
  });
});
