import { parse } from 'csv-parse/sync';
import type { Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createWarehouse, uniq, type TestApp, type TestUser } from '../../test/test-app';
import { csvOf, importFile } from './testing';

const SETUP_MS = 300_000;
const ETHIOPIC = /[\u1200-\u137F]/;
const am = { 'Accept-Language': 'am' };

type RowError = { row: number; column: string; message: string };

/**
 * An import's preview speaks the reader's language, on PGlite and PostgreSQL: its row errors and
 * notices are stored in English and written in the request's language (Accept-Language: am →
 * Amharic) on every read: the preview's answer, the import, the history and the errors file. A
 * column's header stays as the file has it. The event stream's refusal follows the header too.
 */
describe('Imports API: row errors and notices in the request’s language', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let category: string;

  beforeAll(async () => {
    t = await createTestApp();
    u = await createRoleUsers(t, await createWarehouse(t));
    category = `Lang ${uniq()}`;
    await importFile(t, u.warehouseAdmin.token, csvOf([['Name', 'Units'], [category, 'pcs']]), 'c.csv', { kind: 'categories' });
  }, SETUP_MS);
  afterAll(() => t.close());

  it('writes the preview’s row errors and notices in Amharic for Accept-Language: am, in English otherwise', async () => {
    const code = `LG-${uniq()}`;
    const missing = `Nowhere ${uniq()}`;
    // row 2: a number that is not one, under a header with spaces; row 3: an unknown category; codes differing only by case
    const file = csvOf([
      ['Code', 'Name', 'Category', 'Units', 'Buffer stock quantity'],
      [`${code}-a`, 'One', category, 'pcs', 'abc'],
      [`${code}-A`, 'Two', missing, 'pcs', '1'],
    ]);
    const upload = (headers: Record<string, string>) =>
      t.http.post('/api/imports').set(bearer(u.warehouseAdmin.token)).set(headers).attach('file', file, 'p.csv').field('kind', 'products');
    const english: RowError[] = [
      { row: 2, column: 'Buffer stock quantity', message: 'Buffer stock quantity must be a number, got "abc"' },
      { row: 3, column: 'Category', message: `Category "${missing}" does not exist (choose "Create missing records" to create it)` },
    ];
    const amharic: RowError[] = [
      { row: 2, column: 'Buffer stock quantity', message: 'Buffer stock quantity ቁጥር መሆን አለበት፤ የተገኘው "abc" ነው' },
      { row: 3, column: 'Category', message: `ምድቡ "${missing}" የለም (ለመፍጠር «የሌሉ መዝገቦችን ፍጠር» ይምረጡ)` },
    ];

    const en = await upload({});
    expect(en.status).toBe(201);
    expect(en.body.data.import.errors).toEqual(english);
    expect(en.body.data.import.notices).toEqual([`1 product codes differ only by case and are kept apart (matched case-sensitively): ${code}-a / ${code}-A`]);

    const res = await upload(am);
    expect(res.status).toBe(201);
    const id = res.body.data.import._id;
    expect(res.body.data.import.errors).toEqual(amharic);
    expect(res.body.data.import.notices).toEqual([expect.stringMatching(ETHIOPIC)]);
    expect(res.body.data.import.notices[0]).toContain(`${code}-a / ${code}-A`);

    // read again: the same rows in the reader's language
    const one = (headers: Record<string, string>) => t.http.get(`/api/imports/${id}`).set(bearer(u.warehouseAdmin.token)).set(headers);
    expect((await one(am)).body.data.import.errors).toEqual(amharic);
    expect((await one({})).body.data.import.errors).toEqual(english);
    const history = await t.http.get('/api/imports?limit=100').set(bearer(u.warehouseAdmin.token)).set(am);
    expect(history.body.data.import_all.find((i: { _id: string }) => i._id === id).notices).toEqual([expect.stringMatching(ETHIOPIC)]);
    const errorsFile = await t.http.get(`/api/imports/${id}/errors?format=csv`).set(bearer(u.warehouseAdmin.token)).set(am);
    expect(errorsFile.status).toBe(200);
    const messages = (parse(errorsFile.text, { bom: true, from_line: 2 }) as string[][]).map((r) => r[r.length - 1]);
    expect(messages).toEqual(amharic.map((e) => e.message));
  });

  it('refuses the event stream without a ticket in the request’s language', async () => {
    const refused = await t.http.get('/api/events?ticket=nope').set(am);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(ETHIOPIC);
    expect((await t.http.get('/api/events?ticket=nope')).body.message).toBe('Open the event stream with a ticket from POST /api/events/ticket');
  });
});
