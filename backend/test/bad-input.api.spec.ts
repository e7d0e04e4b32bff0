import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Role } from '@inventory/common';
import { draftList, type IncomingFixture } from '../src/incoming/testing';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createListsApp, STRONG_PASSWORD, uniq, type TestApp } from './test-app';

const SETUP_MS = 240_000;

type Body = Record<string, unknown>;
type Operation = { method: 'post' | 'put' | 'patch'; path: string; roles: string[] };
/** One malformed request: a raw JSON text and, for field cases, the field the answer must name. */
type Attack = { name: string; text: string; field?: string };

/** Every POST/PUT/PATCH operation of the OpenAPI document with the roles of its x-roles. */
async function operations(t: TestApp): Promise<Operation[]> {
  const doc = (await t.http.get('/api/docs-json')).body as { paths: Record<string, Record<string, { 'x-roles'?: string[] }>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['post', 'put', 'patch'].includes(method))
      .map(([method, op]) => ({ method: method as Operation['method'], path, roles: op['x-roles'] ?? [] })),
  );
}

/** Row counts of every table: a fingerprint of "nothing changed". */
async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rows<{ tablename: string }>(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) counts[tablename] = (await rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM "${tablename}"`)))[0].n;
  return counts;
}

/** Paths of every string in `value` (`quantity.0.name`), in field order. */
function stringPaths(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => stringPaths(v, path ? `${path}.${k}` : k));
}

/** Paths of every field of `body`, nested ones included (`quantity`, `quantity.0`, `quantity.0.name`). */
function fieldPaths(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const p = path ? `${path}.${k}` : k;
    return [p, ...fieldPaths(v, p)];
  });
}

/** A copy of `body` with the value at `path` replaced. */
function withValue(body: Body, path: string, value: unknown): Body {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let at = copy as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[keys[keys.length - 1]] = value;
  return copy;
}

/** `body` with an own `key` property (e.g. "__proto__") on its first nested object, else on the body; and that object's path. */
function withKey(body: Body, key: string): { text: string; field: string } {
  const copy = structuredClone(body);
  const nested = (value: unknown, path: string): { obj: object; path: string } | undefined => {
    for (const [k, v] of Object.entries(value as object)) {
      if (v === null || typeof v !== 'object') continue;
      const p = path ? `${path}.${k}` : k;
      if (!Array.isArray(v)) return { obj: v, path: p };
      const inner = nested(v, p);
      if (inner) return inner;
    }
    return undefined;
  };
  const target = nested(copy, '') ?? { obj: copy, path: '' };
  Object.defineProperty(target.obj, key, { value: { polluted: true }, enumerable: true });
  return { text: JSON.stringify(copy), field: target.path ? `${target.path}.${key}` : key };
}

/** The malformed requests sent to every route. */
function attacks(body: Body): Attack[] {
  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  const first = Object.keys(body)[0] ?? 'name';
  const proto = withKey(body, '__proto__');
  const ctor = withKey(body, 'constructor');
  return [
    { name: 'malformed JSON', text: '{"a":' },
    { name: 'trailing comma', text: '{"a":1,}' },
    { name: 'bare null', text: 'null' },
    { name: 'bare number', text: '5' },
    { name: 'bare string', text: '"x"' },
    { name: 'array', text: '[]' },
    { name: 'nested 5,000 deep', text: JSON.stringify({ ...body, [first]: '__DEEP__' }).replace('"__DEEP__"', deep), field: first },
    { name: '__proto__ key', text: proto.text, field: proto.field },
    { name: 'constructor key', text: ctor.text, field: ctor.field },
    ...stringPaths(body).flatMap((path) => [
      { name: `NUL in ${path}`, text: JSON.stringify(withValue(body, path, 'a\u0000b')), field: path },
      { name: `lone surrogate in ${path}`, text: JSON.stringify(withValue(body, path, 'a\ud800b')), field: path },
    ]),
  ];
}

describe('every route refuses malformed bodies: 400, never a 500 or a 404 (issue 12, points 11, 12, 14)', () => {
  let t: TestApp;
  let fx: IncomingFixture;
  const ids: Record<string, string> = {};
  let bodies: Record<string, Body>;

  beforeAll(async () => {
    ({ t, fx } = await createListsApp());
    const wa = fx.users.warehouseAdmin;
    const [product] = fx.products;
    const receipt = await t.http.post('/api/inventory/incoming').set(bearer(wa.token)).send({ warehouse: fx.warehouse, product: product._id, quantity: [{ name: 'pcs', value: 50 }], grn: `GRN-${uniq()}` });
    const customer = await t.http.post('/api/customers/create').set(bearer(fx.users.sales.token)).send({ name: 'Abebe', company: 'Abebe PLC', phone_no: ['911223344'], email: `c.${uniq()}@test.local` });
    const incoming = await draftList(fx, 1);
    const outgoing = await t.http.post('/api/outgoingLists/create').set(bearer(fx.users.sales.token)).send({ warehouse: fx.warehouse, customer: customer.body.data._id, gin: `GIN-${uniq()}` });
    const category = (await t.http.get(`/api/products/${product._id}`).set(bearer(wa.token))).body.data.category._id as string;
    Object.assign(ids, {
      warehouse: fx.warehouse, product: product._id, category, inventory: receipt.body.data.inventory._id, customer: customer.body.data._id,
      user: fx.users.sales.id, incoming: incoming.id, outgoing: outgoing.body.data.outgoing_list._id,
    });
    const line = { quantity: [{ name: 'pcs', value: 1 }] };
    const step = { remark: { content: 'ok' } };
    const person = { first_name: 'Almaz', last_name: 'Kebede', phone: '911223355', email: `p.${uniq()}@test.local`, role: 'sales' };
    const customerBody = { name: 'Abebe', company: 'Abebe PLC', address: 'Bole', phone_no: ['911223366'], email: `c.${uniq()}@test.local`, tin: '0012345678' };
    const categoryBody = { name: `Cat ${uniq()}`, description: 'd', specifications: ['Color'], quantity_measurement: ['pcs'] };
    bodies = {
      'post /api/warehouses': { name: `W ${uniq()}`, address: 'Addis Ababa' },
      'patch /api/warehouses/update/{id}': { name: `W ${uniq()}`, address: 'Addis Ababa' },
      'post /api/inventory/incoming': { warehouse: ids.warehouse, product: ids.product, ...line, grn: `G-${uniq()}`, remarks: 'r', purchasedPrice: 10, depreciationRate: 5, purchasedDate: '2020-01-01' },
      'post /api/inventory/outgoing': { id: ids.inventory, ...line, gin: `G-${uniq()}`, taken_by: 'Kebede' },
      'post /api/inventory/search': { query: 'x', warehouseId: ids.warehouse },
      'post /api/users/login': { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      'post /api/users/register': { ...person, password: STRONG_PASSWORD },
      'patch /api/users/updateuser/{id}': person,
      'put /api/users/resetpassword': { user_id: ids.user, password: STRONG_PASSWORD },
      'put /api/users/me/password': { current_password: STRONG_PASSWORD, new_password: `${STRONG_PASSWORD}2` },
      'put /api/users/me/preferences': { calendar: 'ethiopian' },
      'post /api/productCategories/add': categoryBody,
      'put /api/productCategories/update/{id}': categoryBody,
      'post /api/products': { category: ids.category, name: `P ${uniq()}`, code: `C-${uniq()}`, description: 'd', specifications: [{ name: 'Color', value: 'Red' }], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 } },
      'post /api/products/search': { query: 'x', page: 1, limit: 10 },
      'patch /api/products/{id}': { name: `P ${uniq()}`, description: 'd' },
      'post /api/customers/create': customerBody,
      'patch /api/customers/{id}': customerBody,
      'post /api/transactions/search': { grnSearchQuery: 'g', ginSearchQuery: 'g', customerSearchQuery: 'c', productSearchQuery: 'p', specificDate: '2024-01-01' },
      'post /api/transactions/daily': { date: '2024-01-01' },
      'post /api/transactions/export': { grnSearchQuery: 'g', ginSearchQuery: 'g', customerSearchQuery: 'c', productSearchQuery: 'p', specificDate: '2024-01-01' },
      'post /api/transactions/range': { startDate: '2024-01-01', endDate: '2024-01-31' },
      // an unknown movement (404): a valid-ish body must not reverse the fixture's receipt
      'post /api/transactions/reverse': { transaction_id: randomUUID(), remark: 'Received twice' },
      'post /api/incomingLists/create': { warehouse: ids.warehouse, grn: `G-${uniq()}`, remarks: { content: 'r' } },
      'post /api/incomingLists/product/add': { list_id: ids.incoming, product: ids.product, ...line, purchasedPrice: 10, depreciationRate: 5 },
      'post /api/incomingLists/product/update': { list_id: ids.incoming, product_id: ids.product, ...line, purchasedPrice: 10 },
      'post /api/incomingLists/product/remove': { list_id: ids.incoming, product_id: ids.product },
      'post /api/incomingLists/submit': { list_id: ids.incoming, ...step },
      'post /api/incomingLists/import-admin/approve-and-submit-for-finance-approval': { list_id: ids.incoming, ...step },
      'post /api/incomingLists/approve': { list_id: ids.incoming, ...step },
      'post /api/incomingLists/return': { list_id: ids.incoming, remark: 'Wrong supplier' },
      'post /api/incomingLists/cancel': { list_id: ids.incoming, remark: 'Duplicate' },
      'post /api/outgoingLists/create': { warehouse: ids.warehouse, customer: ids.customer, gin: `G-${uniq()}`, fs_number: 'FS-1', remarks: 'r' },
      'post /api/outgoingLists/product/add': { list_id: ids.outgoing, product: ids.product, inventory: ids.inventory, ...line, unitPrice: 5 },
      'post /api/outgoingLists/product/update': { list_id: ids.outgoing, product_id: ids.product, ...line, unitPrice: 5 },
      'post /api/outgoingLists/product/remove': { list_id: ids.outgoing, product_id: ids.product },
      'post /api/outgoingLists/submit-for-sales-supervisor-approval': { list_id: ids.outgoing, ...step },
      'post /api/outgoingLists/supervisor/approve-and-submit-for-finance-approval': { list_id: ids.outgoing, ...step },
      'post /api/outgoingLists/approve': { list_id: ids.outgoing, ...step },
      'post /api/outgoingLists/delivery/confirm': { list_id: ids.outgoing, ...step, remark_by: 'x' },
      'post /api/outgoingLists/return': { list_id: ids.outgoing, remark: 'Wrong price' },
      'post /api/outgoingLists/cancel': { list_id: ids.outgoing, remark: 'Customer withdrew' },
      // an unknown list (404): a valid-ish body must not take stock back into the fixture
      'post /api/outgoingLists/customer-return': { list_id: randomUUID(), lines: [{ line_id: randomUUID(), quantity: [{ name: 'pcs', value: 1 }] }], remark: 'Damaged' },
      // A request for the fixture's record (pending, moves nothing); decisions on an unknown adjustment (404)
      'post /api/adjustments/create': { inventory: ids.inventory, quantity: [{ name: 'pcs', value: -1 }], reason: 'damaged', remark: { content: 'Broken' } },
      'post /api/adjustments/approve': { adjustment_id: randomUUID(), remark: 'Checked' },
      'post /api/adjustments/reject': { adjustment_id: randomUUID(), remark: 'Not found on the shelf' },
      // A transfer from the fixture warehouse to an unknown one (404) and steps of unknown transfers and counts (404)
      'post /api/transfers/create': { from_warehouse: ids.warehouse, to_warehouse: randomUUID(), trn: `TRN-${uniq()}`, remark: 'To the branch' },
      'post /api/transfers/product/add': { transfer_id: randomUUID(), inventory: ids.inventory, ...line },
      'post /api/transfers/product/update': { transfer_id: randomUUID(), line_id: randomUUID(), ...line },
      'post /api/transfers/product/remove': { transfer_id: randomUUID(), line_id: randomUUID() },
      'post /api/transfers/dispatch': { transfer_id: randomUUID(), remark: 'On the truck' },
      'post /api/transfers/receive': { transfer_id: randomUUID(), lines: [{ line_id: randomUUID(), ...line }], remark: 'One short' },
      'post /api/transfers/cancel': { transfer_id: randomUUID(), remark: 'Not needed' },
      'post /api/stockCounts/create': { warehouse: randomUUID(), category: ids.category, blind: true },
      'post /api/stockCounts/line/update': { count_id: randomUUID(), line_id: randomUUID(), counted: [{ name: 'pcs', value: 1 }] },
      'post /api/stockCounts/submit': { count_id: randomUUID(), remark: 'Counted' },
      'post /api/stockCounts/approve': { count_id: randomUUID(), remark: 'Checked' },
      'post /api/stockCounts/return': { count_id: randomUUID(), remark: 'Recount aisle 3' },
      'post /api/stockCounts/cancel': { count_id: randomUUID(), remark: 'Started by mistake' },
      'post /api/stats/rank/products': { startDate: '2024-01-01', endDate: '2024-12-31', warehouseId: ids.warehouse },
      'post /api/stats/rank/products/outgoing/periodic/numbers': { startDate: '2024-01-01', endDate: '2024-01-31', period: 'daily' },
      'post /api/reports/asset/valuations': { warehouseId: ids.warehouse },
      'post /api/reports/asset/valuations/excel': { warehouseId: ids.warehouse },
      'post /api/reports/asset/valuations/totals': { warehouseId: ids.warehouse },
    };
  }, SETUP_MS);
  afterAll(() => t.close());

  /** The id a path parameter takes: the fixture's record of that resource, else an unknown id. */
  const url = (path: string) => {
    const resource = ['warehouses', 'users', 'productCategories', 'products', 'customers', 'images', 'one'].find((r) => path.startsWith(`/api/${r}/`));
    const id = { warehouses: ids.warehouse, users: ids.user, productCategories: ids.category, products: ids.product, customers: ids.customer, images: ids.product, one: ids.product }[resource ?? ''] ?? randomUUID();
    return path.replace(/\{[^}]+\}/g, id);
  };
  /** A token of a role the operation allows (the fixture warehouse's admin for warehouseAdmin), none for public routes. */
  const tokenFor = (op: Operation) => (op.roles.includes('public') ? undefined : fx.users[op.roles[0] as Role].token);

  it('answers 400 naming the field to every malformed body on every route, and changes nothing', async () => {
    const ops = await operations(t);
    const before = await rowCounts(t);
    const wrong: string[] = [];
    let sent = 0;
    for (const op of ops) {
      const base = bodies[`${op.method} ${op.path}`] ?? {};
      const token = tokenFor(op);
      for (const attack of attacks(base)) {
        const req = t.http[op.method](url(op.path)).set('Content-Type', 'application/json');
        const res = await (token ? req.set(bearer(token)) : req).send(attack.text);
        sent++;
        const named = attack.field === undefined || res.body.errors?.[0]?.field === attack.field;
        if (res.status !== 400 || !named) wrong.push(`${op.method.toUpperCase()} ${op.path} ${attack.name}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    expect(await rowCounts(t)).toEqual(before);
  }, 300_000);

  it('never answers 500 to a value of the wrong type or size in any field', async () => {
    const values: unknown[] = [true, 0, -1, 12345, 1e308, 1e-9, '', ' ', 'x'.repeat(5000), null, {}, [], [null], { a: 1 }, ['x', 'x']];
    const crashes: string[] = [];
    let sent = 0;
    for (const op of await operations(t)) {
      const base = bodies[`${op.method} ${op.path}`];
      if (!base) continue;
      const token = tokenFor(op);
      for (const path of fieldPaths(base)) {
        for (const value of values) {
          const req = t.http[op.method](url(op.path)).send(withValue(base, path, value));
          const res = await (token ? req.set(bearer(token)) : req);
          sent++;
          if (res.status >= 500 || (res.status === 404 && /^Cannot /.test(res.body.message))) {
            crashes.push(`${op.method.toUpperCase()} ${op.path} ${path}=${JSON.stringify(value).slice(0, 20)}: ${res.status} ${JSON.stringify(res.body)}`);
          }
        }
      }
    }
    expect(crashes).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
  }, 600_000);

  it('never answers 500 to an odd query string on any GET route (routes that read it answer 400)', async () => {
    const doc = (await t.http.get('/api/docs-json')).body as { paths: Record<string, Record<string, unknown>> };
    const gets = Object.entries(doc.paths).filter(([, item]) => 'get' in item).map(([path]) => path);
    const queries = ['page=1e5', 'page=99999999999999999999', 'limit=0', 'page=1&page=2', 'search=a&search=b', 'search=a%00b', 'query=a%00b', 'warehouseId=abc', 'a[b]=1', 'date=2024-W01', `query=${'x'.repeat(3000)}`, '__proto__=1'];
    const wrong: string[] = [];
    for (const path of gets) {
      for (const query of queries) {
        const res = await t.http.get(`${url(path)}?${query}`).set(bearer(t.adminToken));
        if (res.status >= 500 || (res.status === 404 && /^Cannot /.test(res.body.message))) wrong.push(`GET ${path}?${query.slice(0, 30)}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(gets.length).toBeGreaterThan(20);
  }, 300_000);

  it('has a valid-ish body for every JSON route, so the field cases reach every DTO', async () => {
    const missing = (await operations(t)).filter((op) => !(`${op.method} ${op.path}` in bodies)).map((op) => `${op.method} ${op.path}`);
    // routes without a JSON body: activation, image upload, the count sheet upload and the import upload
    // (multipart), the import steps (the id is the whole request) and the event ticket
    expect(missing.filter((m) => !/\/activate\/|\/images\/|\/one\/product\/|\/stockCounts\/\{id\}\/upload|post \/api\/imports(\/\{id\}\/(commit|revert))?$|post \/api\/events\/ticket$/.test(m))).toEqual([]);
  });
});
