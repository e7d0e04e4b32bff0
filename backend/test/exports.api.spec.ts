import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Response } from 'superagent';
import { safeCellText } from '../src/common/export/safe-cell';
import type { CellValue, ExportColumn } from '../src/common/export/export-stream';
import { IsoDateTime } from '../src/common/export/iso-date-time';
import { ExportUnits } from '../src/common/export/unit-columns';
import type { Database } from '../src/database/database';
import { PRODUCT_EXPORT_COLUMNS } from '../src/catalog/products/products.export';
import { CUSTOMER_EXPORT_COLUMNS } from '../src/customers/customers.export';
import { stockTransactions } from '../src/database/schema';
import { INCOMING_EXPORT_COLUMNS } from '../src/incoming/incoming.export';
import { draftList, post } from '../src/incoming/testing';
import { inventoryExportColumns } from '../src/inventory/inventory.export';
import { createProduct, receive } from '../src/inventory/testing';
import { OUTGOING_EXPORT_COLUMNS } from '../src/outgoing/outgoing.export';
import { createList, insertCustomer } from '../src/outgoing/testing';
import { transactionExportColumns } from '../src/transactions/transactions.export';
import { staffExportColumns } from '../src/users/users.export';
import { WAREHOUSE_EXPORT_COLUMNS } from '../src/warehouses/warehouses.export';
import { CATEGORY_EXPORT_COLUMNS } from '../src/catalog/categories/categories.export';
import { adjustmentExportColumns } from '../src/adjustments/adjustments.export';
import { TRANSFER_EXPORT_COLUMNS } from '../src/transfers/transfers.export';
import { STOCK_COUNT_EXPORT_COLUMNS } from '../src/stock-counts/stock-counts.export';
import { IMPORT_EXPORT_COLUMNS } from '../src/imports/imports.export';
import { csvOf, upload } from '../src/imports/testing';
import { bearer, createListsApp, createWarehouse, uniq, type TestApp } from './test-app';
import type { IncomingFixture } from '../src/incoming/testing';

/** A text a spreadsheet would run as a formula. */
const EVIL = '=HYPERLINK("x")';
/** Ledger rows of the streaming check: more than two export pages (2,000 rows each). */
const BULK = 4500;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Row = Record<string, unknown>;

/** One list: its export route, the list route it must equal, and the screen's columns. */
interface Case {
  name: string;
  file: string;
  export: (format: string) => { method: 'get' | 'post'; url: string; body?: object };
  /** Every row of the list route for the same filters, in its order (paged through). */
  rows: (t: TestApp, token: string) => Promise<Row[]>;
  /** The columns, given the catalogue's units (the lists with a column per unit use them). */
  columns: (units: string[]) => ExportColumn<never>[];
  /** A role without the list's permission (none when every role reads it). */
  forbidden?: 'sales' | 'importAdmin';
  /** The warehouse a row belongs to, for the scope check (lists scoped by warehouse). */
  warehouseOf?: (row: Row) => string;
}

/** Pages through a GET list route with limit 100. */
async function allPages(t: TestApp, token: string, url: string, key: string, query: Record<string, string>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const res = await t.http.get(url).query({ ...query, page, limit: 100 }).set(bearer(token));
    expect(res.status).toBe(200);
    rows.push(...(res.body.data[key] as Row[]));
    if (rows.length >= res.body.data.total_count) return rows;
  }
}

/** A GET list route answering the whole list (no paging). */
async function whole(t: TestApp, token: string, url: string, query: Record<string, string>): Promise<Row[]> {
  const res = await t.http.get(url).query(query).set(bearer(token));
  expect(res.status).toBe(200);
  return res.body.data as Row[];
}

const get = (url: string, query: Record<string, string>) => (format: string) => ({
  method: 'get' as const,
  url: `${url}?${new URLSearchParams({ ...query, format })}`,
});

const CASES: Case[] = [
  {
    name: 'staff',
    file: 'staff',
    export: get('/api/users/export', { search: 'test', sort: 'email', order: 'desc' }),
    rows: (t, token) => allPages(t, token, '/api/users', 'users', { search: 'test', sort: 'email', order: 'desc' }),
    columns: () => staffExportColumns('admin') as ExportColumn<never>[],
  },
  {
    name: 'products',
    file: 'products',
    export: get('/api/products/export', { sort: 'name' }),
    rows: (t, token) => allPages(t, token, '/api/products', 'products', { sort: 'name' }),
    columns: () => PRODUCT_EXPORT_COLUMNS as ExportColumn<never>[],
  },
  {
    name: 'customers',
    file: 'customers',
    export: get('/api/customers/export', { search: 'PLC' }),
    rows: (t, token) => allPages(t, token, '/api/customers/all', 'customers', { search: 'PLC' }),
    columns: () => CUSTOMER_EXPORT_COLUMNS as ExportColumn<never>[],
    forbidden: 'importAdmin',
  },
  {
    name: 'inventory',
    file: 'inventory',
    export: get('/api/inventory/export', {}),
    rows: (t, token) => allPages(t, token, '/api/inventory', 'inventories', {}),
    columns: (units) => inventoryExportColumns(units) as ExportColumn<never>[],
    warehouseOf: (r) => (r.warehouse as { _id: string })._id,
  },
  {
    name: 'low stock',
    file: 'low_stock',
    export: get('/api/inventory/stock/low/export', {}),
    rows: (t, token) => allPages(t, token, '/api/inventory/stock/low', 'inventories', {}),
    columns: (units) => inventoryExportColumns(units) as ExportColumn<never>[],
    warehouseOf: (r) => (r.warehouse as { _id: string })._id,
  },
  {
    name: 'incoming lists',
    file: 'incoming_lists',
    export: get('/api/incomingLists/export', { status: 'draft', sort: 'grn', order: 'desc' }),
    rows: (t, token) => allPages(t, token, '/api/incomingLists/all', 'incoming_list_all', { status: 'draft', sort: 'grn', order: 'desc' }),
    columns: () => INCOMING_EXPORT_COLUMNS as ExportColumn<never>[],
    forbidden: 'sales',
    warehouseOf: (r) => (r.warehouse as { _id: string })._id,
  },
  {
    name: 'outgoing lists',
    file: 'outgoing_lists',
    export: get('/api/outgoingLists/export', { status: 'draft', sort: 'warehouse' }),
    rows: (t, token) => allPages(t, token, '/api/outgoingLists/all', 'outgoing_list_all', { status: 'draft', sort: 'warehouse' }),
    columns: () => OUTGOING_EXPORT_COLUMNS as ExportColumn<never>[],
    forbidden: 'importAdmin',
    warehouseOf: (r) => (r.warehouse as { _id: string })._id,
  },
  {
    name: 'transactions',
    file: 'transactions',
    export: (format) => ({ method: 'post', url: `/api/transactions/export?format=${format}`, body: { transactionType: 'incoming' } }),
    rows: async (t, token) => {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const res = await t.http.post('/api/transactions/search').set(bearer(token)).send({ transactionType: 'incoming', page, limit: 100 });
        rows.push(...(res.body.data.transactionsList as Row[]));
        if (rows.length >= res.body.data.total_count) return rows;
      }
    },
    columns: (units) => transactionExportColumns(units) as ExportColumn<never>[],
    warehouseOf: (r) => (r.warehouse as { _id: string })._id,
  },
  {
    name: 'warehouses',
    file: 'warehouses',
    export: get('/api/warehouses/export', { sort: 'name', order: 'desc' }),
    rows: (t, token) => whole(t, token, '/api/warehouses', { sort: 'name', order: 'desc' }),
    columns: () => WAREHOUSE_EXPORT_COLUMNS as ExportColumn<never>[],
  },
  {
    name: 'categories',
    file: 'categories',
    export: get('/api/productCategories/export', { sort: 'name' }),
    rows: (t, token) => whole(t, token, '/api/productCategories', { sort: 'name' }),
    columns: () => CATEGORY_EXPORT_COLUMNS as ExportColumn<never>[],
  },
  {
    name: 'adjustments',
    file: 'adjustments',
    export: get('/api/adjustments/export', { status: 'pending_approval' }),
    rows: (t, token) => allPages(t, token, '/api/adjustments/all', 'adjustment_all', { status: 'pending_approval' }),
    columns: (units) => adjustmentExportColumns(units) as ExportColumn<never>[],
    forbidden: 'sales',
    warehouseOf: (r) => (r.warehouse as { _id: string })._id,
  },
  {
    name: 'transfers',
    file: 'transfers',
    export: get('/api/transfers/export', { status: 'draft', sort: 'trn' }),
    rows: (t, token) => allPages(t, token, '/api/transfers/all', 'transfer_all', { status: 'draft', sort: 'trn' }),
    columns: () => TRANSFER_EXPORT_COLUMNS as ExportColumn<never>[],
    forbidden: 'sales',
    warehouseOf: (r) => (r.from_warehouse as { _id: string })._id,
  },
  {
    name: 'stock counts',
    file: 'stock_counts',
    export: get('/api/stockCounts/export', {}),
    rows: (t, token) => allPages(t, token, '/api/stockCounts/all', 'stock_count_all', {}),
    columns: () => STOCK_COUNT_EXPORT_COLUMNS as ExportColumn<never>[],
    forbidden: 'sales',
    warehouseOf: (r) => (r.warehouse as { _id: string })._id,
  },
  {
    name: 'import history',
    file: 'imports',
    export: get('/api/imports/export', { status: 'previewed' }),
    rows: (t, token) => allPages(t, token, '/api/imports', 'import_all', { status: 'previewed' }),
    columns: () => IMPORT_EXPORT_COLUMNS as ExportColumn<never>[],
  },
];

/** A cell as both files must hold it, as text: formula-safe text, ISO dates, '' for empty. */
function expectedCell(v: CellValue): string {
  if (v === null) return '';
  if (v instanceof Date) return v.toISOString();
  if (v instanceof IsoDateTime) return v.iso;
  return typeof v === 'string' ? safeCellText(v) : String(v);
}

/** The catalogue's units, read once the fixtures exist. */
let units: string[] = [];
const columnsOf = (c: Case) => c.columns(units);
const expectedRows = (c: Case, rows: Row[]) => rows.map((r) => columnsOf(c).map((col) => expectedCell(col.value(r as never))));

const binary = (res: Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

async function download(t: TestApp, token: string, c: Case, format: string) {
  const { method, url, body } = c.export(format);
  const req = t.http[method](url).set(bearer(token)).buffer(true).parse(binary);
  return method === 'post' ? req.send(body ?? {}) : req;
}

/** Header and rows of a CSV export (BOM checked and removed). */
function readCsv(buf: Buffer): string[][] {
  expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(buf.subarray(3).toString('utf8'), { relaxColumnCount: false }) as string[][];
}

/** Header and rows of an xlsx export, cells as text (dates as ISO 8601). */
async function readXlsx(buf: Buffer, columns: number): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buf as unknown as ArrayBuffer);
  const out: string[][] = [];
  book.worksheets[0].eachRow((row) => {
    out.push(
      Array.from({ length: columns }, (_, i) => {
        const v = row.getCell(i + 1).value;
        return v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v);
      }),
    );
  });
  return out;
}

/** The cells of an xlsx export's first sheet as exceljs reads them (numbers stay numbers). */
async function readXlsxCells(buf: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buf as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  book.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

const today = () => new Date().toISOString().slice(0, 10);

describe('List exports (issue 13)', () => {
  let t: TestApp;
  let fx: IncomingFixture;

  beforeAll(async () => {
    ({ t, fx } = await createListsApp());
    const wa = fx.users.warehouseAdmin.token;
    const evilProduct = await createProduct(t.db, { name: EVIL, bufferQuantity: '100' });
    const plain = await createProduct(t.db, { name: 'Ethiopic ቡና', bufferQuantity: '1' });
    const customer = await insertCustomer(t, EVIL);
    await insertCustomer(t, 'Customer ሰላም');
    const third = await createWarehouse(t);
    for (const p of [evilProduct, plain]) {
      const ours = await receive(t, wa, { product: p.id, warehouse: fx.warehouse, quantity: [{ name: 'pcs', value: 5 }] });
      expect(ours.status).toBe(201);
      const other = await receive(t, fx.otherAdmin.token, { product: p.id, warehouse: fx.otherWarehouse, quantity: [{ name: 'pcs', value: 2 }] });
      expect(other.status).toBe(201);
      // an adjustment, a draft transfer and a stock count in each warehouse
      for (const [token, received, from, to] of [[wa, ours, fx.warehouse, fx.otherWarehouse], [fx.otherAdmin.token, other, fx.otherWarehouse, third]] as const) {
        const adjustment = { inventory: received.body.data.inventory._id, quantity: [{ name: 'pcs', value: -1 }], reason: 'damaged', remark: 'Broken' };
        expect((await t.http.post('/api/adjustments/create').set(bearer(token)).send(adjustment)).status).toBe(201);
        expect((await t.http.post('/api/transfers/create').set(bearer(token)).send({ from_warehouse: from, to_warehouse: to, trn: `TRN-${uniq()}` })).status).toBe(201);
      }
    }
    for (const [token, warehouse] of [[wa, fx.warehouse], [fx.otherAdmin.token, fx.otherWarehouse]]) {
      expect((await t.http.post('/api/stockCounts/create').set(bearer(token)).send({ warehouse })).status).toBe(201);
    }
    expect((await upload(t, wa, csvOf([['name', 'Units', 'Specifications'], [`Imported ${uniq()}`, 'bag; kg', 'Grade']]), 'categories.csv', { kind: 'categories' })).status).toBe(201);
    const customers = csvOf([['Name', 'Company', 'Phone', 'Email'], [`Imported ${uniq()}`, 'Imported PLC', '0911234567', `imported.${uniq()}@example.com`]]);
    expect((await upload(t, t.adminToken, customers, 'customers.csv', { kind: 'customers' })).status).toBe(201);
    await draftList(fx);
    await draftList(fx);
    const otherDraft = await post(fx, 'create', fx.otherAdmin, { warehouse: fx.otherWarehouse, grn: `GRN-OTHER-${Date.now()}` });
    expect(otherDraft.status).toBe(201);
    await createList(t, fx.users.sales.token, { warehouse: fx.warehouse, customer });
    await createList(t, fx.users.sales.token, { warehouse: fx.otherWarehouse, customer });
    units = await new ExportUnits(t.db as Database).all();
  }, 120_000);
  afterAll(() => t.close());

  describe.each(CASES)('$name', (c) => {
    it.each(['csv', 'xlsx'])('%s equals the list route row for row, with the screen labels, file name and type', async (format) => {
      const expected = expectedRows(c, await c.rows(t, t.adminToken));
      expect(expected.length).toBeGreaterThan(0);
      const res = await download(t, t.adminToken, c, format);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${c.file}_${today()}.${format}"`);
      const [header, ...rows] = format === 'csv' ? readCsv(res.body) : await readXlsx(res.body, columnsOf(c).length);
      expect(header).toEqual(columnsOf(c).map((col) => col.header));
      expect(rows).toEqual(expected);
    });

    it('400 naming format for another format; 403 for a role without the list', async () => {
      if (c.forbidden) expect((await download(t, fx.users[c.forbidden].token, c, 'csv')).status).toBe(403);
      for (const format of ['pdf', '']) {
        const res = await download(t, t.adminToken, c, format);
        expect(res.status).toBe(400);
        expect(JSON.parse(res.body.toString()).errors).toEqual([{ field: 'format', message: 'format must be csv or xlsx' }]);
      }
    });

    if (c.warehouseOf) {
      it("a warehouseAdmin gets only their warehouse's rows", async () => {
        const token = fx.users.warehouseAdmin.token;
        const listed = await c.rows(t, token);
        expect(listed.every((r) => c.warehouseOf!(r) === fx.warehouse)).toBe(true);
        const [, ...rows] = readCsv((await download(t, token, c, 'csv')).body);
        expect(rows).toEqual(expectedRows(c, listed));
        expect(rows.length).toBeLessThan(expectedRows(c, await c.rows(t, t.adminToken)).length);
      });
    }
  });

  it('staff and customer phones come out in the one phone format, +251 9XX XXX XXX (issue 13)', async () => {
    const ONE_FORMAT = /^\+251 \d{3} \d{3} \d{3}(, \+251 \d{3} \d{3} \d{3})*$/;
    for (const c of [CASES[0], CASES[2]]) {
      const [header, ...rows] = readCsv((await download(t, t.adminToken, c, 'csv')).body);
      // a cell starting with + is a formula to a spreadsheet: the CSV keeps it behind the formula-safe quote
      const phones = rows.map((r) => r[header.indexOf('Phone Number')].replace(/^'/, ''));
      expect(phones.length).toBeGreaterThan(0);
      for (const phone of phones) expect(phone).toMatch(ONE_FORMAT);
    }
  });

  it('quantities come out as one numeric column per unit, the unit in the header; xlsx cells are numbers', async () => {
    expect(units).toContain('pcs');
    for (const [c, header] of [[CASES[3], 'On hand (pcs)'], [CASES[7], 'Quantity (pcs)']] as const) {
      const csv = readCsv((await download(t, t.adminToken, c, 'csv')).body);
      const col = csv[0].indexOf(header);
      expect(col).toBeGreaterThan(0);
      expect(csv.slice(1).map((r) => r[col])).toContain('5');
      expect(csv.flat().some((cell) => / : pcs/.test(cell))).toBe(false);

      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await download(t, t.adminToken, c, 'xlsx')).body as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      expect(sheet.getRow(1).getCell(col + 1).value).toBe(header);
      const values = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).getCell(col + 1).value);
      expect(values).toContain(5);
      expect(values.every((v) => v === null || typeof v === 'number')).toBe(true);
    }
    // the outgoing lists: FS No. and the total the screen shows, as a number
    const outgoing = await readXlsxCells((await download(t, t.adminToken, CASES[6], 'xlsx')).body);
    expect(outgoing[0]).toEqual(expect.arrayContaining(['FS No.', 'Lines', 'Total (ETB)']));
    const total = outgoing[0].indexOf('Total (ETB)');
    expect(outgoing.slice(1).every((r) => typeof r[total] === 'number')).toBe(true);
    const am = await t.http.get('/api/inventory/export?format=csv').set(bearer(t.adminToken)).set('Accept-Language', 'am');
    expect(am.text).toContain('"በእጅ ያለ (pcs)\nOn hand (pcs)"');
  });

  it('formula-like names come out behind a quote in both formats', async () => {
    const csv = readCsv((await download(t, t.adminToken, CASES[1], 'csv')).body);
    expect(csv.map((r) => r[0])).toContain(`'${EVIL}`);
    expect(csv.map((r) => r[0])).not.toContain(EVIL);
    const xlsx = await readXlsx((await download(t, t.adminToken, CASES[2], 'xlsx')).body, CUSTOMER_EXPORT_COLUMNS.length);
    expect(xlsx.map((r) => r[0])).toContain(`'${EVIL}`);
    expect(csv.map((r) => r[0])).toContain('Ethiopic ቡና');
  });

  it(`streams ${BULK} ledger rows with equal timestamps in keyset pages, none lost or repeated`, async () => {
    const [tx] = await t.db.select().from(stockTransactions).limit(1);
    const at = new Date('2024-03-01T10:00:00.123Z');
    for (let start = 0; start < BULK; start += 500) {
      await t.db.insert(stockTransactions).values(
        Array.from({ length: 500 }, (_, k) => ({
          ...tx,
          id: undefined,
          grn: `BULK-${start + k}`,
          // a run of equal dates across page boundaries: the id must break the ties
          transactionDate: new Date(at.getTime() - Math.floor((start + k) / 1000) * 1000),
        })),
      );
    }
    const c = CASES[7];
    for (const format of ['csv', 'xlsx']) {
      const res = await download(t, t.adminToken, c, format);
      const [, ...rows] = format === 'csv' ? readCsv(res.body) : await readXlsx(res.body, columnsOf(c).length);
      const ref = columnsOf(c).findIndex((col) => col.header === 'Ref');
      const refs = rows.map((r) => r[ref]).filter((r) => r.startsWith('GRN: BULK-'));
      expect(refs.length).toBe(BULK);
      expect(new Set(refs).size).toBe(BULK);
    }
  }, 120_000);
});
