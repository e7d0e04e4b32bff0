/**
 * The incoming and outgoing list pages: GET /api/incomingLists/all and
 * /api/outgoingLists/all page, search, filter by status, warehouse and created days, answer slim
 * rows with total_count, refuse bad input naming the field, keep the warehouse scope, and their
 * exports hold exactly the rows of the pages for the same filters and sort.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { safeCellText } from '../src/common/export/safe-cell';
import type { CellValue, ExportColumn } from '../src/common/export/export-stream';
import { customers, incomingLists, outgoingLists } from '../src/database/schema';
import { INCOMING_SORT_FIELDS } from '../src/incoming/dto/incoming-list.dto';
import { INCOMING_EXPORT_COLUMNS } from '../src/incoming/incoming.export';
import { draftList, listAt, post, type IncomingFixture } from '../src/incoming/testing';
import { OUTGOING_SORT_FIELDS } from '../src/outgoing/dto/outgoing.dto';
import { OUTGOING_EXPORT_COLUMNS } from '../src/outgoing/outgoing.export';
import { addLine, advance, stockProduct, type StockedProduct } from '../src/outgoing/testing';
import { bearer, createListsApp, STRONG_PASSWORD, uniq, type TestApp } from './test-app';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const SETUP_MS = 300_000;

/** One of the two list kinds, as the generic checks need it. */
interface Kind {
  name: string;
  path: string;
  key: string;
  sortFields: readonly string[];
  columns: ExportColumn<never>[];
  /** All lists of this kind the setup made, by letter. */
  ids: Record<string, string>;
}

describe('Incoming and outgoing list pages (issue 13)', () => {
  let t: TestApp;
  let fx: IncomingFixture;
  let pcs: StockedProduct;
  let kg: StockedProduct;
  let otherPcs: StockedProduct;
  const incoming: Kind = { name: 'incoming', path: '/api/incomingLists/all', key: 'incoming_list_all', sortFields: INCOMING_SORT_FIELDS, columns: INCOMING_EXPORT_COLUMNS as ExportColumn<never>[], ids: {} };
  const outgoing: Kind = { name: 'outgoing', path: '/api/outgoingLists/all', key: 'outgoing_list_all', sortFields: OUTGOING_SORT_FIELDS, columns: OUTGOING_EXPORT_COLUMNS as ExportColumn<never>[], ids: {} };
  const tag = uniq();

  /** Registers and signs in a user with a name of its own. */
  async function person(first: string, last: string, role: string, warehouse?: string) {
    const email = `${first.toLowerCase()}.${uniq()}@test.local`;
    const res = await t.http
      .post('/api/users/register')
      .set(bearer(t.adminToken))
      .send({ first_name: first, last_name: last, phone: '911223344', email, role, password: STRONG_PASSWORD, ...(warehouse ? { warehouse } : {}) });
    expect(res.status).toBe(201);
    const login = await t.http.post('/api/users/login').send({ email, password: STRONG_PASSWORD });
    return { id: res.body.data._id as string, token: login.body.data.token as string };
  }

  async function customer(name: string, phone: string): Promise<string> {
    const [row] = await t.db.insert(customers).values({ name, company: `${name} PLC`, phoneNo: [phone], email: `${uniq()}@test.local` }).returning();
    return row.id;
  }

  async function outgoingList(token: string, body: object): Promise<string> {
    const res = await t.http.post('/api/outgoingLists/create').set(bearer(token)).send(body);
    expect(res.status).toBe(201);
    return res.body.data.outgoing_list._id;
  }

  const created = (at: string) => ({ createdAt: new Date(at) });

  beforeAll(async () => {
    ({ t, fx } = await createListsApp());
    const wa = fx.users.warehouseAdmin;
    // incoming: A draft (W1), B at the import admin, C at finance, D approved (W1), E draft in W2 by Selamawit
    incoming.ids.A = (await draftList(fx, 2)).id;
    incoming.ids.B = (await listAt(fx, 'pending_import_admin_approval')).id;
    incoming.ids.C = (await listAt(fx, 'pending_finance_approval')).id;
    incoming.ids.D = (await listAt(fx, 'approved')).id;
    const selam = await person('Selamawit', 'Bekele', 'warehouseAdmin', fx.otherWarehouse);
    const e = await post(fx, 'create', selam, { warehouse: fx.otherWarehouse, grn: `GRN-100%-${tag}`, remarks: 'Other warehouse' });
    expect(e.status).toBe(201);
    incoming.ids.E = e.body.data.incoming_list[0]._id;
    const days = { A: '2025-03-01T00:00:00Z', B: '2025-03-02T12:00:00Z', C: '2025-03-02T23:59:59.999Z', D: '2025-03-03T00:00:00Z' };
    for (const [k, at] of Object.entries(days)) await t.db.update(incomingLists).set(created(at)).where(eq(incomingLists.id, incoming.ids[k]));

    // outgoing: O1 priced (W1, Abebech, FS), O2 at the supervisor (W1, Tigist, Meseret), O3 approved (W2), O4 draft (W2, Meseret)
    pcs = await stockProduct(t, fx.warehouse, wa.id, [{ name: 'pcs', value: 100 }]);
    kg = await stockProduct(t, fx.warehouse, wa.id, [{ name: 'kg', value: 100 }]);
    otherPcs = await stockProduct(t, fx.otherWarehouse, fx.otherAdmin.id, [{ name: 'pcs', value: 100 }]);
    const abebech = await customer(`Abebech Kassa ${tag}`, '955123456');
    const tigist = await customer(`Tigist Haile ${tag}`, '966987654');
    const meseret = await person('Meseret', 'Tadesse', 'sales');
    const sales = fx.users.sales.token;
    outgoing.ids.O1 = await outgoingList(sales, { warehouse: fx.warehouse, customer: abebech, gin: `GIN-A-${tag}`, fs_number: `FS-7788-${tag}`, remarks: 'First' });
    expect((await addLine(t, sales, outgoing.ids.O1, pcs, [{ name: 'pcs', value: 10 }], 2.5)).status).toBe(200);
    expect((await addLine(t, sales, outgoing.ids.O1, kg, [{ name: 'kg', value: 3.333 }], 0.35)).status).toBe(200);
    expect((await addLine(t, sales, outgoing.ids.O1, pcs, [{ name: 'pcs', value: 1 }])).status).toBe(200);
    outgoing.ids.O2 = await outgoingList(meseret.token, { warehouse: fx.warehouse, customer: tigist, gin: `GIN-B-${tag}` });
    expect((await addLine(t, meseret.token, outgoing.ids.O2, pcs, [{ name: 'pcs', value: 1 }])).status).toBe(200);
    const tokens = { sales, salesSupervisor: fx.users.salesSupervisor.token, finance: fx.users.finance.token, warehouseAdmin: wa.token };
    await advance(t, { ...tokens, sales: meseret.token }, outgoing.ids.O2, ['submit']);
    outgoing.ids.O3 = await outgoingList(sales, { warehouse: fx.otherWarehouse, customer: abebech, gin: `GIN-C-${tag}` });
    expect((await addLine(t, sales, outgoing.ids.O3, otherPcs, [{ name: 'pcs', value: 2 }], 10)).status).toBe(200);
    await advance(t, tokens, outgoing.ids.O3, ['submit', 'verify', 'approve']);
    outgoing.ids.O4 = await outgoingList(meseret.token, { warehouse: fx.otherWarehouse, customer: tigist, gin: `GIN-50%OFF-${tag}` });
    const outDays = { O1: '2025-03-01T00:00:00Z', O2: '2025-03-02T12:00:00Z', O3: '2025-03-02T23:59:59.999Z' };
    for (const [k, at] of Object.entries(outDays)) await t.db.update(outgoingLists).set(created(at)).where(eq(outgoingLists.id, outgoing.ids[k]));
  }, SETUP_MS);
  afterAll(() => t.close());

  const page = async (kind: Kind, query: Record<string, unknown> | string, token = t.adminToken) => {
    const res = await t.http.get(typeof query === 'string' ? `${kind.path}?${query}` : kind.path).query(typeof query === 'string' ? {} : query).set(bearer(token));
    return { status: res.status, body: res.body, rows: (res.body.data?.[kind.key] ?? []) as Row[], total: res.body.data?.total_count as number };
  };
  /** Every row for `query`, a page of 100 at a time. */
  const whole = async (kind: Kind, query: Record<string, unknown> = {}, token = t.adminToken) => {
    const rows: Row[] = [];
    for (let p = 1; ; p++) {
      const res = await page(kind, { ...query, page: p, limit: 100 }, token);
      expect(res.status).toBe(200);
      rows.push(...res.rows);
      if (rows.length >= res.total) return rows;
    }
  };
  const ids = (rows: Row[]) => rows.map((r) => r._id as string).sort();
  const of = (kind: Kind, ...letters: string[]) => letters.map((l) => kind.ids[l]).sort();

  describe.each([
    ['incoming', () => incoming],
    ['outgoing', () => outgoing],
  ])('%s', (_name, kindOf) => {
    it('pages without overlap under every sort field and order, total_count the whole', async () => {
      const kind = kindOf();
      const filter = { status: kind === incoming ? 'draft,pending_import_admin_approval,pending_finance_approval,approved' : 'draft,pending_sales_supervisor_approval,approved' };
      for (const sort of kind.sortFields) {
        for (const order of ['asc', 'desc']) {
          const all = await whole(kind, { ...filter, sort, order });
          expect(all.length).toBeGreaterThan(3);
          const seen: string[] = [];
          for (let p = 1; p <= Math.ceil(all.length / 2); p++) {
            const res = await page(kind, { ...filter, sort, order, page: p, limit: 2 });
            expect(res.total).toBe(all.length);
            seen.push(...res.rows.map((r) => r._id));
          }
          expect([sort, order, seen]).toEqual([sort, order, all.map((r) => r._id)]);
        }
      }
    }, 120_000);

    it('defaults to page 1 of 10, newest first', async () => {
      const kind = kindOf();
      const first = await page(kind, {});
      const all = await whole(kind);
      expect(first.status).toBe(200);
      expect(first.total).toBe(all.length);
      expect(first.rows).toEqual(all.slice(0, 10));
      const times = all.map((r) => r.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('filters by one status, several (repeated or comma-separated) and a warehouse', async () => {
      const kind = kindOf();
      const all = await whole(kind);
      const byStatus = (...s: string[]) => ids(all.filter((r) => s.includes(r.status)));
      const [s1, s2] = [...new Set(all.map((r) => r.status))];
      expect(ids(await whole(kind, { status: s1 }))).toEqual(byStatus(s1));
      expect(ids(await whole(kind, { status: `${s1},${s2}` }))).toEqual(byStatus(s1, s2));
      const repeated = await page(kind, `status=${s1}&status=${s2}&limit=100`);
      expect(ids(repeated.rows)).toEqual(byStatus(s1, s2));
      expect(repeated.total).toBe(byStatus(s1, s2).length);
      const other = await whole(kind, { warehouse: fx.otherWarehouse });
      expect(ids(other)).toEqual(ids(all.filter((r) => r.warehouse._id === fx.otherWarehouse)));
      expect(other.length).toBeGreaterThan(0);
      expect(ids(await whole(kind, { warehouse: fx.otherWarehouse, status: s1 }))).toEqual(ids(other.filter((r) => r.status === s1)));
    });

    it('filters by created days, from and to both included (UTC)', async () => {
      const kind = kindOf();
      const [a, b, c] = kind === incoming ? ['A', 'B', 'C'] : ['O1', 'O2', 'O3'];
      expect(ids(await whole(kind, { from: '2025-03-02', to: '2025-03-02' }))).toEqual(of(kind, b, c));
      expect(ids(await whole(kind, { to: '2025-03-01' }))).toEqual(of(kind, a));
      expect(ids(await whole(kind, { from: '2025-03-01', to: '2025-03-02' }))).toEqual(of(kind, a, b, c));
      const later = await whole(kind, { from: '2025-03-02' });
      expect(later.map((r) => r._id)).not.toContain(kind.ids[a]);
      expect(later.map((r) => r._id)).toEqual(expect.arrayContaining([kind.ids[b], kind.ids[c]]));
      expect(await whole(kind, { from: '2025-03-04', to: '2025-03-05' })).toEqual([]);
    });

    it.each([
      ['page', 'page=0'],
      ['page', 'page=x'],
      ['limit', 'limit=0'],
      ['limit', 'limit=101'],
      ['limit', 'limit=2.5'],
      ['status', 'status=closed'],
      ['status', 'status=draft,closed'],
      ['warehouse', 'warehouse=abc'],
      ['from', 'from=2025-13-01'],
      ['from', 'from=2025-02-30'],
      ['from', 'from=20250301'],
      ['to', 'to=2025-03-01T10:00:00Z'],
      ['to', 'from=2025-03-02&to=2025-03-01'],
      ['sort', 'sort=nope'],
      ['order', 'sort=status&order=up'],
      ['search', `search=${'x'.repeat(101)}`],
      ['search', 'search=a&search=b'],
    ])('answers 400 naming %s for %s', async (field, query) => {
      const res = await page(kindOf(), query);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    });

    it('answers slim rows: the header, the newest remark and the line count, no lines', async () => {
      const kind = kindOf();
      for (const row of await whole(kind)) {
        expect(row).not.toHaveProperty('inventory_list');
        expect(row).not.toHaveProperty('remarks');
        const one = await t.http.get(`${kind.path.replace('/all', '/one')}/${row._id}`).set(bearer(t.adminToken));
        const full = kind === incoming ? one.body.data.incoming_list[0] : one.body.data.outgoing_list;
        // customer returns belong to the detail view, as the lines and remarks do
        const { inventory_list: lines, remarks, customer_returns: _returns, ...header } = full;
        expect(row).toMatchObject(header);
        expect(row.line_count).toBe(lines.length);
        expect(row.latest_remark).toEqual(remarks.length ? remarks[remarks.length - 1] : null);
      }
    });

    it('keeps the warehouse scope: a warehouseAdmin gets its own lists (403 for another warehouse)', async () => {
      const kind = kindOf();
      const token = fx.users.warehouseAdmin.token;
      const own = await whole(kind, {}, token);
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((r) => r.warehouse._id === fx.warehouse)).toBe(true);
      expect(ids(own)).toEqual(ids((await whole(kind)).filter((r) => r.warehouse._id === fx.warehouse)));
      expect((await page(kind, { warehouse: fx.otherWarehouse }, token)).status).toBe(403);
      expect((await page(kind, { warehouse: fx.warehouse }, token)).status).toBe(200);
    });

    it('exports exactly the rows of the pages for the same search, filters and sort', async () => {
      const kind = kindOf();
      const query = { search: kind === incoming ? 'gRn-' : 'gIn-', status: 'draft,approved', from: '2025-03-01', sort: 'warehouse', order: 'desc' };
      const rows = await whole(kind, query);
      expect(rows.length).toBeGreaterThan(2);
      expect(rows.length).toBeLessThan((await whole(kind)).length);
      const expected = rows.map((r) => kind.columns.map((c) => cellText(c.value(r as never))));
      const res = await t.http
        .get(kind.path.replace('/all', '/export'))
        .query({ ...query, format: 'csv' })
        .set(bearer(t.adminToken))
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      const [header, ...cells] = parse((res.body as Buffer).subarray(3).toString('utf8')) as string[][];
      expect(header).toEqual(kind.columns.map((c) => c.header));
      expect(cells).toEqual(expected);
      const bad = await t.http.get(kind.path.replace('/all', '/export')).query({ format: 'csv', status: 'closed' }).set(bearer(t.adminToken));
      expect(bad.status).toBe(400);
    });
  });

  /** A cell as the CSV holds it: formula-safe text, ISO dates, '' for empty. */
  function cellText(v: CellValue): string {
    if (v === null) return '';
    if (v instanceof Date) return v.toISOString();
    return typeof v === 'string' ? safeCellText(v) : String(v);
  }

  it('incoming: search matches a part of the GRN or the creator’s name, case-insensitive, wildcards as text', async () => {
    const search = async (s: string) => ids(await whole(incoming, { search: s }));
    const grnA = (await whole(incoming)).find((r) => r._id === incoming.ids.A)!.grn as string;
    expect(await search(grnA.slice(4).toLowerCase())).toEqual(of(incoming, 'A'));
    expect(await search('100%')).toEqual(of(incoming, 'E'));
    expect(await search(`100%-${tag}`.toUpperCase())).toEqual(of(incoming, 'E'));
    expect(await search('selamawit')).toEqual(of(incoming, 'E'));
    expect(await search('SELAMAWIT BEK')).toEqual(of(incoming, 'E'));
    expect(await search('_')).toEqual([]);
    expect(await search('1_0')).toEqual([]);
    const blank = await page(incoming, { search: '  ', limit: 100 });
    expect(blank.total).toBe((await whole(incoming)).length);
  });

  it('outgoing: search matches the GIN, the customer’s name or phone, the creator’s name and the FS number', async () => {
    const search = async (s: string) => ids(await whole(outgoing, { search: s }));
    expect(await search(`gin-a-${tag}`)).toEqual(of(outgoing, 'O1'));
    expect(await search(`50%off-${tag}`)).toEqual(of(outgoing, 'O4'));
    expect(await search('abebech kassa')).toEqual(of(outgoing, 'O1', 'O3'));
    expect(await search('955123')).toEqual(of(outgoing, 'O1', 'O3'));
    expect(await search('+251 955 123 456')).toEqual(of(outgoing, 'O1', 'O3'));
    expect(await search('0966987654')).toEqual(of(outgoing, 'O2', 'O4'));
    expect(await search('meseret')).toEqual(of(outgoing, 'O2', 'O4'));
    expect(await search(`fs-7788-${tag}`)).toEqual(of(outgoing, 'O1'));
    expect(await search('_')).toEqual([]);
    // combined with a status
    expect(ids(await whole(outgoing, { search: 'tigist', status: 'draft' }))).toEqual(of(outgoing, 'O4'));
  });

  it('outgoing rows carry the priced total: unit price × first quantity per priced line, half-up to the cent', async () => {
    const rows = await whole(outgoing, { search: tag });
    const total = (letter: string) => rows.find((r) => r._id === outgoing.ids[letter])!;
    // 10 × 2.50 = 25.00 and 3.333 × 0.35 = 1.16655 → 1.17; the unpriced line adds nothing
    expect(total('O1')).toMatchObject({ total_price: '26.17', line_count: 3, fs_number: `FS-7788-${tag}` });
    expect(total('O1').customer).toMatchObject({ name: `Abebech Kassa ${tag}`, phone_no: ['955123456'] });
    expect(total('O2')).toMatchObject({ total_price: '0.00', line_count: 1, status: 'pending_sales_supervisor_approval' });
    expect(total('O3')).toMatchObject({ total_price: '20.00', line_count: 1, status: 'approved' });
    expect(total('O4')).toMatchObject({ total_price: '0.00', line_count: 0, latest_remark: null });
  });

  it('documents the query and the answers in Swagger', async () => {
    const doc = (await t.http.get('/api/docs-json')).body;
    for (const [path, statuses] of [
      ['/api/incomingLists/all', 'pending_import_admin_approval'],
      ['/api/outgoingLists/all', 'pending_sales_supervisor_approval'],
    ]) {
      const params: { name: string; schema?: { items?: { enum?: string[] } } }[] = doc.paths[path].get.parameters;
      expect(params.map((p) => p.name)).toEqual(expect.arrayContaining(['search', 'status', 'warehouse', 'from', 'to', 'sort', 'order']));
      expect(params.find((p) => p.name === 'status')!.schema!.items!.enum).toContain(statuses);
      expect(doc.paths[path].get.responses['200'].description).toMatch(/total_count/);
    }
    expect(doc.paths['/api/outgoingLists/product/update'].post.responses['200'].description).toMatch(/line/);
    expect(doc.paths['/api/incomingLists/product/remove'].post.responses['200'].description).toMatch(/removed: true/);
  });

  it('outgoing: GET /api/outgoingLists answers as /all; sales read every warehouse, importAdmin none', async () => {
    const alias = await t.http.get('/api/outgoingLists').query({ search: tag, limit: 100 }).set(bearer(t.adminToken));
    expect(alias.body.data).toEqual((await page(outgoing, { search: tag, limit: 100 })).body.data);
    expect(ids(await whole(outgoing, { search: tag }, fx.users.sales.token))).toEqual(of(outgoing, 'O1', 'O2', 'O3', 'O4'));
    expect((await page(outgoing, {}, fx.users.importAdmin.token)).status).toBe(403);
    expect((await page(incoming, {}, fx.users.sales.token)).status).toBe(403);
  });
});
