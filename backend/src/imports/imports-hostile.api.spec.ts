import { once } from 'node:events';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import type { Role } from '@inventory/common';
import { createRoleUsers, createTestApp, createWarehouse, uniq, type TestApp, type TestUser } from '../../test/test-app';
import { peakGrowth } from '../../test/zip-bomb';
import { csvOf, upload } from './testing';

const SETUP_MS = 300_000;
const MB = 1024 * 1024;

/** A .csv.gz made at run time: the header, then `bytes` of `fill` produced by `chunk` (streamed through gzip, never held whole). */
async function gzipOf(header: string, bytes: number, chunk: Buffer): Promise<Buffer> {
  const gz = zlib.createGzip({ level: 9 });
  const out: Buffer[] = [];
  gz.on('data', (b: Buffer) => out.push(b));
  gz.write(header);
  for (let written = 0; written < bytes; written += chunk.length) if (!gz.write(chunk)) await once(gz, 'drain');
  gz.end('\n');
  await once(gz, 'end');
  return Buffer.concat(out);
}

/** Imports of hostile files: compression bombs, huge fields, other encodings, repeated headers. */
describe('Imports API: hostile files', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;

  beforeAll(async () => {
    t = await createTestApp();
    u = await createRoleUsers(t, await createWarehouse(t));
  }, SETUP_MS);
  afterAll(() => t.close());

  const counts = async () =>
    ((await t.db.execute(sql`SELECT (SELECT count(*) FROM imports)::int AS imports, (SELECT count(*) FROM import_rows)::int AS staged, (SELECT count(*) FROM customers)::int AS customers`)) as unknown as { rows: unknown[] }).rows[0];

  it('refuses a .csv.gz whose one field inflates to 2 GiB with 413 naming the unpacked limit, while streaming, and writes nothing', async () => {
    const bomb = await gzipOf('Name,Email\n"', 2048 * MB, Buffer.alloc(MB, 'a'));
    expect(bomb.length).toBeLessThan(3 * MB);
    const before = await counts();
    const { result: res, growth } = await peakGrowth(() => upload(t, u.admin.token, bomb, 'customers.csv.gz', { kind: 'customers' }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('the file unpacks to more than 200 MB');
    expect(growth).toBeLessThan(300 * MB);
    expect(await counts()).toEqual(before);
  }, 120_000);

  it('refuses a field over 64 KB and a row over 1 MB with 413 naming the limit', async () => {
    const res = await upload(t, u.admin.token, csvOf([['Name', 'Email'], ['x'.repeat(64 * 1024 + 1), 'a@b.et']]), 'c.csv', { kind: 'customers' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('line 2: a field may hold at most 65,536 characters');
    const wide = await upload(t, u.admin.token, csvOf([['Name', 'Email'], ['ok', 'a@b.et'], Array.from({ length: 20 }, () => 'y'.repeat(60 * 1024))]), 'c.csv', { kind: 'customers' });
    expect(wide.status).toBe(413);
    expect(wide.body.message).toBe('line 3: a row may hold at most 1,048,576 characters');
  });

  it('refuses a .csv.gz unpacking to more than 200 MB of ordinary rows with 413, before any row is staged', async () => {
    const rows = Buffer.from('Abebe Kebede,abebe@example.com\n'.repeat(32 * 1024));
    const bomb = await gzipOf('Name,Email\n', 210 * MB, rows);
    const before = await counts();
    const res = await upload(t, u.admin.token, bomb, 'customers.csv.gz', { kind: 'customers' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('the file unpacks to more than 200 MB');
    expect(await counts()).toEqual(before);
  }, 120_000);

  it('reads Windows-1252 (Latin-1) and UTF-16 (LE with BOM, BE with BOM, LE without) CSV files as the text they hold, and says how it read them', async () => {
    const name = `José Müller ${uniq()}`;
    const text = `Name,Email,Address\n${name},jose@example.com,Straße 5 – Café\n`;
    const files: [string, Buffer, string][] = [
      ['windows-1252', iconv.encode(text, 'windows-1252'), 'Windows-1252 (Latin-1)'],
      ['utf-16le', Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]), 'UTF-16 (little-endian)'],
      ['utf-16be', Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf-16be')]), 'UTF-16 (big-endian)'],
      ['utf-16le without BOM', iconv.encode(text, 'utf-16le'), 'UTF-16 (little-endian)'],
    ];
    for (const [label, file, named] of files) {
      const res = await upload(t, u.admin.token, file, 'customers.csv', { kind: 'customers' });
      expect([label, res.status, res.status === 201 || res.body.message]).toEqual([label, 201, true]);
      const imp = res.body.data.import;
      expect([label, imp.error_count, imp.sample[0].name, imp.sample[0].address]).toEqual([label, 0, name, 'Straße 5 – Café']);
      expect(imp.notices).toContain(`The file was read as ${named} text`);
    }
    const utf8 = await upload(t, u.admin.token, Buffer.from(text), 'customers.csv', { kind: 'customers' });
    expect(utf8.body.data.import.sample[0].name).toBe(name);
    expect(utf8.body.data.import.notices.join(' ')).not.toContain('was read as');
  });

  it('never stores a replacement character: a cell holding one is refused with 400 naming the line and the encoding', async () => {
    const res = await upload(t, u.admin.token, Buffer.from('Name,Email\nJos\uFFFD M\uFFFDller,a@b.et\n'), 'c.csv', { kind: 'customers' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('line 2 holds characters that cannot be read as UTF-8: save the file as CSV UTF-8 and upload it again');
  });

  it('refuses a header repeating a column a field reads (400 naming it), unless the mapping reads that field from another column', async () => {
    const before = await counts();
    const file = csvOf([['name', 'phone', 'email', 'email', 'name'], ['Abebe', '', 'first@example.com', 'second@example.com', 'Other']]);
    const res = await upload(t, u.admin.token, file, 'c.csv', { kind: 'customers' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('column "name" appears 2 times in the header: rename the copies, or map name to a column named once');
    expect(await counts()).toEqual(before);
    const mapped = csvOf([['Full name', 'email', 'email', 'Mail'], ['Abebe', 'first@example.com', 'second@example.com', 'chosen@example.com']]);
    const ok = await upload(t, u.admin.token, mapped, 'c.csv', { kind: 'customers', mapping: { name: 'Full name', email: 'Mail' } });
    expect([ok.status, ok.body.message]).toEqual([201, expect.any(String)]);
    expect(ok.body.data.import.sample[0].email).toBe('chosen@example.com');
  });
});
