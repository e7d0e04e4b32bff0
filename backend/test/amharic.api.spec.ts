import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { formatCalendarDay, type Role } from '@inventory/common';
import type { Response } from 'superagent';
import { createCategory, createProduct } from '../src/catalog/catalog.fixtures';
import { createList } from '../src/outgoing/testing';
import { bearer, createRoleUsers, createTestApp, createWarehouse, type TestApp, type TestUser } from './test-app';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Collects a binary response body (an xlsx file) as a Buffer. */
const binary = (res: Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/**
 * Amharic text in search, sort and exports. Search is ILIKE on both databases, which
 * matches Ethiopic substrings (Ethiopic has no case). Sorting uses the database's collation:
 * PGlite has no ICU and the server's default is C.UTF-8 here, both Unicode code point order,
 * which for Ethiopic is the traditional fidel order (ሀ ለ ሐ መ ሠ ረ ሰ … አ), docs/api.md.
 */
describe('Amharic text: search, sort and exports (issue 18)', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let warehouse: string;
  const tag = `${Date.now().toString(36)}`;
  // in fidel order: ሀ (U+1200) < ለ < ሐ < ሰ < በ < አ (U+12A0)
  const names = ['ሀይሉ ገብሬ', 'ለማ ታደሰ', 'ሐረገወይን ካሳ', 'ሰላም ተስፋዬ', 'በቀለ ሞገስ', 'አበበ ቢቂላ'];

  beforeAll(async () => {
    t = await createTestApp();
    warehouse = await createWarehouse(t, 'ቦሌ መጋዘን');
    u = await createRoleUsers(t, warehouse);
    // created out of order, so neither creation time nor id gives the sorted order
    for (const [i, name] of [3, 0, 5, 1, 4, 2].map((k) => [k, names[k]] as const)) {
      const res = await t.http
        .post('/api/customers/create')
        .set(bearer(u.sales.token))
        .send({ name, company: `${tag} ንግድ ድርጅት ${i}`, address: 'አዲስ አበባ', phone_no: [`91100020${i}`], email: `am${i}.${tag}@example.et` });
      expect(res.status).toBe(201);
    }
  }, 300_000);
  afterAll(() => t.close());

  const customers = async (query: string) => {
    const res = await t.http.get(`/api/customers/all?limit=100&${query}`).set(bearer(u.sales.token));
    expect(res.status).toBe(200);
    return (res.body.data.customers as { name: string; company: string }[]).filter((c) => c.company.startsWith(tag));
  };

  it('finds customers by an Ethiopic substring of the name or company', async () => {
    expect((await customers(`search=${encodeURIComponent('በቀለ')}`)).map((c) => c.name)).toEqual(['በቀለ ሞገስ']);
    expect((await customers(`search=${encodeURIComponent('ላም ተስ')}`)).map((c) => c.name)).toEqual(['ሰላም ተስፋዬ']);
    expect(await customers(`search=${encodeURIComponent(`${tag} ንግድ`)}`)).toHaveLength(names.length);
    expect(await customers(`search=${encodeURIComponent('ጨጨጨ')}`)).toHaveLength(0);
  });

  it('sorts customers by name in fidel order, both directions', async () => {
    expect((await customers('sort=name&order=asc')).map((c) => c.name)).toEqual(names);
    expect((await customers('sort=name&order=desc')).map((c) => c.name)).toEqual([...names].reverse());
  });

  it('finds and sorts products with Amharic names', async () => {
    const client = { http: t.http, token: u.warehouseAdmin.token };
    const category = await createCategory(client, { name: `የቢሮ ዕቃዎች ${tag}` });
    const products = ['ሀገር ሰራሽ ወንበር', 'መደርደሪያ', 'ጠረጴዛ', 'ወረቀት'];
    for (const name of [products[2], products[0], products[3], products[1]]) await createProduct(client, category._id, { name, description: 'የቢሮ ዕቃ' });
    const list = async (query: string) => {
      const res = await t.http.get(`/api/products/search?limit=100&${query}`).set(bearer(u.sales.token));
      expect(res.status).toBe(200);
      return (res.body.data.products as { name: string }[]).map((p) => p.name);
    };
    expect(await list(`query=${encodeURIComponent('ወንበር')}`)).toEqual(['ሀገር ሰራሽ ወንበር']);
    // the category's Amharic name finds its products, sorted by name in fidel order (ሀ < መ < ወ < ጠ)
    expect(await list(`query=${encodeURIComponent(`የቢሮ ዕቃዎች ${tag}`)}&sort=name&order=asc`)).toEqual(['ሀገር ሰራሽ ወንበር', 'መደርደሪያ', 'ወረቀት', 'ጠረጴዛ']);
  });

  it('keeps Amharic text in CSV (UTF-8 with BOM) and Excel exports; Accept-Language: am puts Amharic headers over English ones', async () => {
    const csv = await t.http.get(`/api/customers/export?format=csv&sort=name&search=${encodeURIComponent(tag)}`).set(bearer(u.sales.token)).set('Accept-Language', 'am');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    const rows = parse(csv.text.slice(1)) as string[][];
    expect(rows[0].slice(0, 3)).toEqual(['ሙሉ ስም\nFull name', 'የድርጅት ስም\nCompany name', 'አድራሻ\nAddress']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(names);
    expect(rows[1][2]).toBe('አዲስ አበባ');

    const english = await t.http.get(`/api/customers/export?format=csv&search=${encodeURIComponent(tag)}`).set(bearer(u.sales.token));
    expect((parse(english.text.slice(1)) as string[][])[0][0]).toBe('Full name');

    const xlsx = await t.http.get(`/api/customers/export?format=xlsx&sort=name&search=${encodeURIComponent(tag)}`).set(bearer(u.sales.token)).set('Accept-Language', 'am').buffer(true).parse(binary);
    expect(xlsx.headers['content-type']).toBe(XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('ሙሉ ስም\nFull name');
    expect(sheet.getRow(2).getCell(1).value).toBe(names[0]);
    expect(sheet.getRow(2).getCell(2).value).toBe(`${tag} ንግድ ድርጅት 0`);
  });

  it("dates exports in the user's calendar: Ethiopian as text, Gregorian as before", async () => {
    const customer = (await customers('sort=name'))[0] as unknown as { _id: string };
    await createList(t, u.sales.token, { warehouse, customer: customer._id, gin: `GIN-AM-${tag}` });
    const exportCsv = async () => {
      const res = await t.http.get(`/api/outgoingLists/export?format=csv&search=${encodeURIComponent(`GIN-AM-${tag}`)}`).set(bearer(u.sales.token));
      expect(res.status).toBe(200);
      const [header, ...rows] = parse(res.text.slice(1)) as string[][];
      return { header, row: rows.find((r) => r.includes(`GIN-AM-${tag}`))! };
    };
    const gregorian = await exportCsv();
    const at = gregorian.row[gregorian.header.indexOf('Created At')];
    expect(at).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect((await t.http.put('/api/users/me/preferences').set(bearer(u.sales.token)).send({ calendar: 'ethiopian' })).status).toBe(200);
    const ethiopian = await exportCsv();
    expect(ethiopian.row[ethiopian.header.indexOf('Created At')]).toBe(`${formatCalendarDay(at, 'ethiopian')} ${at.slice(11, 16)}`);
    // the API's JSON keeps ISO dates
    const json = await t.http.get(`/api/outgoingLists/all?search=${encodeURIComponent(`GIN-AM-${tag}`)}`).set(bearer(u.sales.token));
    expect(JSON.stringify(json.body.data)).toContain(at);
    await t.http.put('/api/users/me/preferences').set(bearer(u.sales.token)).send({ calendar: 'gregorian' });
  });
});
