/**
 * Sorting of every list route: for each route and each documented sort field, both
 * orders come back correctly ordered (ties broken by the row id), paging with limit 3 returns
 * every row exactly once, an unknown field or order answers 400 naming it, and a sort changes
 * only the order. Inventory and low-stock rows carry on_hand/reserved/available from stock_levels.
 */
import { createListsApp, createUser, createWarehouse, bearer, uniq, type TestApp } from './test-app';
import type { IncomingFixture } from '../src/incoming/testing';
import { draftList, listAt } from '../src/incoming/testing';
import { createCategory, createProduct } from '../src/catalog/catalog.fixtures';
import { addLine, advance, createList, insertCustomer, levelsOf, stockProduct, type StockedProduct } from '../src/outgoing/testing';
import { USER_SORT_FIELDS } from '../src/users/dto/user.dto';
import { PRODUCT_SORT_FIELDS } from '../src/catalog/products/dto/product.dto';
import { CATEGORY_SORT_FIELDS } from '../src/catalog/categories/dto/category.dto';
import { WAREHOUSE_SORT_FIELDS } from '../src/warehouses/dto/warehouse.dto';
import { CUSTOMER_SORT_FIELDS } from '../src/customers/dto/customer.dto';
import { INVENTORY_SORT_FIELDS } from '../src/inventory/dto/inventory-query.dto';
import { TRANSACTION_SORT_FIELDS } from '../src/transactions/dto/transaction-search.dto';
import { INCOMING_SORT_FIELDS } from '../src/incoming/dto/incoming-list.dto';
import { OUTGOING_SORT_FIELDS } from '../src/outgoing/dto/outgoing.dto';
import { VALUATION_SORT_FIELDS } from '@inventory/common';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Value = string | number | null | undefined;
type Params = { sort?: string; order?: string; page?: number; limit?: number; query?: string; search?: string };

/** One list route: how to ask it, where its rows are, and what each sort field reads of a row. */
interface ListRoute {
  name: string;
  fields: readonly string[];
  /** Paged routes take page/limit and answer total_count. */
  paged: boolean;
  /** Fields compared only by value: timestamps (the JSON has ms, the database µs) and names read through joins of equal text. */
  coarse?: readonly string[];
  fetch(p: Params): Promise<{ status: number; body: Row; rows: Row[]; total?: number }>;
  value(row: Row, field: string): Value;
  id?(row: Row): string;
}

const TIMESTAMPS = ['createdAt', 'updatedAt', 'transaction_date', 'purchasedDate'];

/** PostgreSQL's order for our values: numbers numerically, texts by code unit (C collation), NULLs last ascending. */
function cmp(a: Value, b: Value): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

describe('Sorting of every list route (issue 13)', () => {
  let t: TestApp;
  let fx: IncomingFixture;
  let reserved: StockedProduct;
  const admin = () => bearer(t.adminToken);
  const qs = (p: Params) => new URLSearchParams(Object.entries(p).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
  const get = async (path: string, key: string | null, p: Params, token?: string) => {
    const res = await t.http.get(`${path}?${qs(p)}`).set(bearer(token ?? t.adminToken));
    const data = res.body.data;
    return { status: res.status, body: res.body, rows: (key ? data?.[key] : data) ?? [], total: data?.total_count };
  };
  const post = async (path: string, key: string, p: Params, body: object = {}) => {
    const res = await t.http.post(path).set(admin()).send({ ...body, ...p });
    return { status: res.status, body: res.body, rows: res.body.data?.[key] ?? [], total: res.body.data?.total_count };
  };
  const unitValue = (list: { name: string; value: number }[], unit: string) => list.find((q) => q.name === unit)?.value ?? 0;

  beforeAll(async () => {
    ({ t, fx } = await createListsApp());
    const wa = fx.users.warehouseAdmin;
    const catalog = { http: t.http, token: wa.token };
    // ties everywhere: equal names, roles, companies, statuses, warehouses, quantities
    for (let i = 0; i < 4; i++) await createUser(t, 'sales');
    for (let i = 0; i < 2; i++) await createWarehouse(t);
    for (let i = 0; i < 3; i++) await createCategory(catalog, { name: `Sort category ${uniq()}` });
    for (let i = 0; i < 4; i++) await createProduct(catalog, (await createCategory(catalog))._id, { name: 'Same product' });
    for (let i = 0; i < 4; i++) await insertCustomer(t, 'Same customer');
    for (let i = 0; i < 3; i++) await insertCustomer(t, 'Kept customer');
    const stocked: StockedProduct[] = [];
    for (let i = 0; i < 4; i++) stocked.push(await stockProduct(t, fx.warehouse, wa.id, [{ name: 'pcs', value: 1 }], 'Tied stock'));
    for (let i = 0; i < 2; i++) await stockProduct(t, fx.otherWarehouse, fx.otherAdmin.id, [{ name: 'pcs', value: 1 }, { name: 'box', value: 2 }], 'Other stock');
    reserved = await stockProduct(t, fx.warehouse, wa.id, [{ name: 'pcs', value: 5 }], 'Reserved stock');
    await listAt(fx, 'approved');
    for (let i = 0; i < 3; i++) await draftList(fx, 0);
    const customer = await insertCustomer(t, 'List customer');
    for (let i = 0; i < 3; i++) await createList(t, fx.users.sales.token, { warehouse: fx.warehouse, customer });
    const approved = await createList(t, fx.users.sales.token, { warehouse: fx.warehouse, customer });
    expect((await addLine(t, fx.users.sales.token, approved, reserved, [{ name: 'pcs', value: 2 }], 10)).status).toBe(200);
    const tokens = { sales: fx.users.sales.token, salesSupervisor: fx.users.salesSupervisor.token, finance: fx.users.finance.token, warehouseAdmin: wa.token };
    await advance(t, tokens, approved, ['submit', 'verify', 'approve']);
    // removed rows for the removed/all routes
    for (const row of (await get('/api/users', 'users', { limit: 100 })).rows.filter((u: Row) => u.role === 'sales').slice(0, 4)) {
      expect((await t.http.delete(`/api/users/remove/${row._id}`).set(admin())).status).toBe(200);
    }
    for (const row of (await get('/api/products/search', 'products', { query: 'Same product' })).rows) {
      expect((await t.http.delete(`/api/products/${row._id}`).set(bearer(wa.token))).status).toBe(200);
    }
    for (const row of (await get('/api/customers/all', 'customers', { search: 'Same customer' })).rows) {
      expect((await t.http.delete(`/api/customers/remove/${row._id}`).set(admin())).status).toBe(200);
    }
  }, 300_000);
  afterAll(() => t.close());

  const userValue = (r: Row, f: string) => r[f];
  const inventoryValue = (r: Row, f: string): Value =>
    ({
      product_name: r.product.name,
      product_code: r.product.code,
      category: r.productCategory.name,
      warehouse: r.warehouse.name,
      available: unitValue(r.available, r.product.buffer_stock.unit_of_measurement),
      purchasedPrice: r.purchasedPrice,
      purchasedDate: r.purchasedDate,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    })[f];
  const productValue = (r: Row, f: string) => (f === 'category' ? r.category.name : r[f]);
  const routes: ListRoute[] = [
    { name: 'GET /api/users', fields: USER_SORT_FIELDS, paged: true, fetch: (p) => get('/api/users', 'users', p), value: userValue },
    { name: 'GET /api/users/removed/all', fields: USER_SORT_FIELDS, paged: true, fetch: (p) => get('/api/users/removed/all', 'users', p), value: userValue },
    { name: 'GET /api/products', fields: PRODUCT_SORT_FIELDS, paged: true, fetch: (p) => get('/api/products', 'products', p), value: productValue },
    { name: 'GET /api/products/removed/all', fields: PRODUCT_SORT_FIELDS, paged: true, fetch: (p) => get('/api/products/removed/all', 'products', p), value: productValue },
    { name: 'GET /api/products/search', fields: PRODUCT_SORT_FIELDS, paged: true, fetch: (p) => get('/api/products/search', 'products', { ...p }), value: productValue },
    { name: 'POST /api/products/search', fields: PRODUCT_SORT_FIELDS, paged: true, fetch: (p) => post('/api/products/search', 'products', p, { query: 'stock' }), value: productValue },
    { name: 'GET /api/productCategories', fields: CATEGORY_SORT_FIELDS, paged: false, fetch: (p) => get('/api/productCategories', null, p), value: userValue },
    { name: 'GET /api/warehouses', fields: WAREHOUSE_SORT_FIELDS, paged: false, fetch: (p) => get('/api/warehouses', null, p), value: userValue },
    { name: 'GET /api/customers/all', fields: CUSTOMER_SORT_FIELDS, paged: true, fetch: (p) => get('/api/customers/all', 'customers', p), value: userValue },
    { name: 'GET /api/customers/removed/all', fields: CUSTOMER_SORT_FIELDS, paged: true, fetch: (p) => get('/api/customers/removed/all', 'customers', p), value: userValue },
    { name: 'GET /api/inventory', fields: INVENTORY_SORT_FIELDS, paged: true, fetch: (p) => get('/api/inventory', 'inventories', p), value: inventoryValue },
    { name: 'GET /api/inventory/stock/low', fields: INVENTORY_SORT_FIELDS, paged: true, fetch: (p) => get('/api/inventory/stock/low', 'inventories', p), value: inventoryValue },
    {
      name: 'POST /api/transactions/search',
      fields: TRANSACTION_SORT_FIELDS,
      paged: true,
      fetch: (p) => post('/api/transactions/search', 'transactionsList', p),
      value: (r, f) => ({ product: r.product.name, category: r.product.category.name, warehouse: r.warehouse.name })[f as 'product'] ?? r[f],
    },
    {
      name: 'GET /api/incomingLists/all',
      fields: INCOMING_SORT_FIELDS,
      paged: true,
      fetch: (p) => get('/api/incomingLists/all', 'incoming_list_all', p),
      value: (r, f) => (f === 'warehouse' ? r.warehouse.name : r[f]),
    },
    {
      name: 'GET /api/outgoingLists/all',
      fields: OUTGOING_SORT_FIELDS,
      paged: true,
      fetch: (p) => get('/api/outgoingLists/all', 'outgoing_list_all', p),
      value: (r, f) => (f === 'warehouse' || f === 'customer' ? r[f].name : r[f]),
    },
    {
      name: 'POST /api/reports/asset/valuations',
      fields: VALUATION_SORT_FIELDS,
      paged: false,
      fetch: (p) => post('/api/reports/asset/valuations', 'valuations', p),
      value: (r, f) => (f === 'quantity' ? r.quantity.value : ['purchasedPrice', 'currentValue', 'valuation'].includes(f) && r[f] != null ? Number(r[f]) : r[f]),
    },
  ];

  describe.each(routes.map((r) => [r.name, r] as const))('%s', (_name, route) => {
    const idOf = (r: Row) => (route.id ? route.id(r) : r._id) as string;
    const all = async (p: Params) => {
      const res = await route.fetch(route.paged ? { ...p, limit: 100 } : p);
      expect(res.status).toBe(200);
      return res.rows;
    };

    it('orders by each field in both orders, ties by id, and changes nothing but the order', async () => {
      const unsorted = await all({});
      expect(unsorted.length).toBeGreaterThan(3);
      for (const field of route.fields) {
        for (const order of ['asc', 'desc'] as const) {
          const rows = await all({ sort: field, order });
          expect(rows.map(idOf).sort()).toEqual(unsorted.map(idOf).sort());
          const sign = order === 'asc' ? 1 : -1;
          for (let i = 1; i < rows.length; i++) {
            const byValue = sign * cmp(route.value(rows[i - 1], field), route.value(rows[i], field));
            const where = `${field} ${order} at ${i}: ${JSON.stringify(route.value(rows[i - 1], field))} then ${JSON.stringify(route.value(rows[i], field))}`;
            expect([where, byValue <= 0]).toEqual([where, true]);
            if (byValue === 0 && !TIMESTAMPS.includes(field)) {
              expect([where, sign * cmp(idOf(rows[i - 1]), idOf(rows[i])) < 0]).toEqual([where, true]);
            }
          }
        }
      }
      // order defaults to asc; without sort the usual order is kept
      const field = route.fields[0];
      expect((await all({ sort: field })).map(idOf)).toEqual((await all({ sort: field, order: 'asc' })).map(idOf));
      expect((await all({})).map(idOf)).toEqual(unsorted.map(idOf));
    }, 120_000);

    if (route.paged) {
      it('pages with limit 3 under every sort give every row exactly once', async () => {
        for (const field of route.fields) {
          for (const order of ['asc', 'desc'] as const) {
            const whole = (await all({ sort: field, order })).map(idOf);
            const seen: string[] = [];
            for (let page = 1; page <= Math.ceil(whole.length / 3); page++) {
              const res = await route.fetch({ sort: field, order, page, limit: 3 });
              expect(res.total).toBe(whole.length);
              seen.push(...res.rows.map(idOf));
            }
            expect([field, order, seen]).toEqual([field, order, whole]);
          }
        }
      }, 120_000);
    }

    it('answers 400 naming sort (with the allowed fields) or order, and changes nothing', async () => {
      const before = (await all({})).map(idOf);
      const bad = await route.fetch({ sort: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'sort', message: `sort must be one of: ${route.fields.join(', ')}` }]);
      const badOrder = await route.fetch({ sort: route.fields[0], order: 'sideways' });
      expect(badOrder.status).toBe(400);
      expect(badOrder.body.errors).toEqual([{ field: 'order', message: 'order must be asc or desc' }]);
      expect((await all({})).map(idOf)).toEqual(before);
    });
  });

  it('lists sort fields as enums in Swagger', async () => {
    const doc = (await t.http.get('/api/docs-json')).body;
    const sortParam = (path: string) => doc.paths[path].get.parameters.find((p: { name: string }) => p.name === 'sort');
    expect(sortParam('/api/users').schema.enum).toEqual([...USER_SORT_FIELDS]);
    expect(sortParam('/api/inventory/stock/low').schema.enum).toEqual([...INVENTORY_SORT_FIELDS]);
    expect(sortParam('/api/outgoingLists/all').schema.enum).toEqual([...OUTGOING_SORT_FIELDS]);
  });

  it('inventory and low-stock rows carry on_hand, reserved and available per unit matching stock_levels after a reservation', async () => {
    const levels = await levelsOf(t, reserved.inventoryId);
    expect(levels.pcs).toEqual({ onHand: 5, reserved: 2 });
    const inventory = (await get('/api/inventory', 'inventories', { limit: 100 })).rows.find((r: Row) => r._id === reserved.inventoryId)!;
    expect(inventory.on_hand).toEqual([{ name: 'pcs', value: 5 }]);
    expect(inventory.quantity).toEqual(inventory.on_hand);
    expect(inventory.reserved).toEqual([{ name: 'pcs', value: 2 }]);
    expect(inventory.available).toEqual([{ name: 'pcs', value: 3 }]);
    // every low-stock row agrees with its levels
    const low = (await get('/api/inventory/stock/low', 'inventories', { limit: 100 })).rows;
    expect(low.length).toBeGreaterThan(3);
    for (const row of low) {
      const l = await levelsOf(t, row._id);
      for (const unit of Object.keys(l)) {
        expect([unit, unitValue(row.on_hand, unit), unitValue(row.reserved, unit), unitValue(row.available, unit)]).toEqual([
          unit,
          l[unit].onHand,
          l[unit].reserved,
          l[unit].onHand - l[unit].reserved,
        ]);
      }
    }
  });
});
