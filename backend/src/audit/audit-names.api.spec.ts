import { bearer, createTestApp, createUser, createWarehouse, uniq, type TestApp } from '../../test/test-app';
import { createCategory, createProduct } from '../catalog/catalog.fixtures';

interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

/** The audit trail names the records its events refer to by id (a page's `names`, the export's names in place of ids). */
describe('Audit trail: names of the records referred to by id', () => {
  let t: TestApp;
  const warehouses = { from: { id: '', name: `Bole store ${uniq()}` }, to: { id: '', name: `Merkato store ${uniq()}` } };
  let staffId: string;

  beforeAll(async () => {
    t = await createTestApp();
    for (const w of Object.values(warehouses)) w.id = await createWarehouse(t, w.name);
    const staff = await createUser(t, 'warehouseAdmin', warehouses.from.id);
    staffId = staff.id;
    const fields = { first_name: 'Test', last_name: 'warehouseAdmin', phone: '911223344', email: staff.email, role: 'warehouseAdmin', warehouse: warehouses.to.id };
    expect((await t.http.patch(`/api/users/updateuser/${staffId}`).set(bearer(t.adminToken)).send(fields)).status).toBe(200);
  });
  afterAll(() => t.close());

  it("a staff member's history names both warehouses of the move and the staff member, by their names", async () => {
    const res = await t.http.get(`/api/audit/user/${staffId}`).set(bearer(t.adminToken));
    expect(res.status).toBe(200);
    const update = res.body.data.events.find((e: { action: string }) => e.action === 'update');
    expect(update.changes).toEqual(expect.arrayContaining([{ field: 'warehouse', before: warehouses.from.id, after: warehouses.to.id }]));
    expect(res.body.data.names).toMatchObject({
      [warehouses.from.id]: warehouses.from.name,
      [warehouses.to.id]: warehouses.to.name,
      [staffId]: 'Test warehouseAdmin',
    });
  });

  it("a product's history names its category and the product as `name (code)`; the Audit Log page carries the names of its events", async () => {
    const wa = await createUser(t, 'warehouseAdmin', warehouses.to.id);
    const category = await createCategory({ http: t.http, token: wa.token });
    const product = await createProduct({ http: t.http, token: wa.token }, category._id, { name: 'Hex bolt' });
    const history = await t.http.get(`/api/audit/product/${product._id}`).set(bearer(t.adminToken));
    const created: Change[] = history.body.data.events[0].changes;
    expect(created.some((c) => JSON.stringify(c.after).includes(category._id))).toBe(true);
    expect(history.body.data.names).toMatchObject({ [category._id]: category.name, [product._id]: `Hex bolt (${product.code})` });

    const page = await t.http.get('/api/audit?limit=25').set(bearer(t.adminToken));
    expect(page.status).toBe(200);
    expect(page.body.data.names).toMatchObject({ [product._id]: `Hex bolt (${product.code})`, [warehouses.to.id]: warehouses.to.name });
  });

  it('the export writes the record by its name and names in place of the ids in the changes', async () => {
    const res = await t.http.get(`/api/audit/export?format=csv&entity=user&entity_id=${staffId}&action=update`).set(bearer(t.adminToken));
    expect(res.status).toBe(200);
    const [header, row, ...rest] = res.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(rest).toEqual([]);
    expect(header.split(',')).toContain('Record name');
    expect(row).toContain('Test warehouseAdmin');
    expect(row).toContain(`warehouse: ${warehouses.from.name} -> ${warehouses.to.name}`);
    expect(row).not.toContain(warehouses.from.id);
  });
});
