import { sql } from 'drizzle-orm';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { inventories, products, stockLevels } from '../database/schema';
import { seedCategory, seedWarehouse } from '../stats/testing';

/** More than two export batches (5,000 rows each), with repeated names so the id breaks ties. */
const ROWS = 10_200;
const EXCEL = '/api/reports/asset/valuations/excel';

/** An HTTP answer read over the Unix socket. */
interface Answer {
  status: number;
  body: Buffer;
}

/**
 * The Excel export while its download is paused (issue: a slow client must not stall the app).
 * The export waits for the client between batches; it must hold no transaction meanwhile, or on
 * PGlite (one serialised connection) every other request would wait for the download.
 *
 * The app is served on a Unix socket here: its kernel buffers are small and fixed (loopback TCP
 * autotunes to megabytes), so a paused reader makes the server wait for `drain` after a few
 * hundred kilobytes of the workbook.
 */
describe('Reports API: Excel export streaming', () => {
  let t: TestApp;
  let server: http.Server;
  let socketPath: string;
  let warehouseId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const categoryId = await seedCategory(t.db, 'Bulk', ['kg']);
    warehouseId = await seedWarehouse(t.db, 'Bulk store');
    for (let start = 0; start < ROWS; start += 500) {
      const batch = Array.from({ length: Math.min(500, ROWS - start) }, (_, k) => start + k);
      // random hex barely compresses, so the workbook outgrows the socket buffers
      const rows = await t.db
        .insert(products)
        .values(batch.map((n) => ({ categoryId, name: `Item ${n % 7} ${randomBytes(100).toString('hex')}`.slice(0, n % 5 === 0 ? 6 : 200), code: `BULK-${n}`, units: ['kg'], bufferUnit: 'kg' })))
        .returning({ id: products.id });
      const invs = await t.db
        .insert(inventories)
        .values(rows.map((p, k) => ({ productId: p.id, warehouseId, categoryId, purchasedPrice: `${100 + k}.25`, depreciationRate: '10', purchasedDate: new Date('2024-01-15T00:00:00Z') })))
        .returning({ id: inventories.id });
      await t.db
        .insert(stockLevels)
        .values(invs.map((i, k) => ({ inventoryId: i.id, unit: 'kg', onHand: `${k + 1}.5` })))
        .onConflictDoUpdate({ target: [stockLevels.inventoryId, stockLevels.unit], set: { onHand: sql`excluded.on_hand` } });
    }
    socketPath = path.join(t.dataDir, 'api.sock');
    const fastify = t.app.getHttpAdapter().getInstance();
    server = http.createServer((req, res) => fastify.routing(req, res));
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  }, 240_000);
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  /** Sends a request over the socket; resolves with the response as soon as its headers arrive. */
  const open = (method: string, url: string, body?: object) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const payload = body ? JSON.stringify(body) : undefined;
      const req = http.request({ socketPath, method, path: url, headers: { ...bearer(t.adminToken), ...(payload ? { 'Content-Type': 'application/json' } : {}) } }, resolve);
      req.on('error', reject);
      req.end(payload);
    });
  const readAll = (res: http.IncomingMessage) =>
    new Promise<Answer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
      res.resume();
    });
  /** The whole answer, or a rejection after `ms` (the request is stalled). */
  const within = <T>(ms: number, p: Promise<T>) =>
    Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

  it('answers other requests while a download is paused, then completes the same rows as the JSON report', async () => {
    const download = await open('POST', EXCEL, { warehouseId });
    expect(download.statusCode).toBe(200);
    download.pause();
    let received = 0;
    download.once('data', (c: Buffer) => (received += c.length)); // nothing is read while paused
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the server fills the socket and waits for drain

    const ready = await within(10_000, open('GET', '/api/health/ready').then(readAll));
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body.toString())).toMatchObject({ status: 'ok' });
    const json = await within(20_000, open('POST', '/api/reports/asset/valuations', { warehouseId }).then(readAll));
    expect(json.status).toBe(200);
    expect(received).toBe(0);

    const file = await within(120_000, readAll(download));
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ExcelJS.Buffer);
    const ws = book.worksheets[0];
    const valuations = (JSON.parse(json.body.toString()) as { data: { valuations: { productCode: string }[] } }).data.valuations;
    expect(valuations).toHaveLength(ROWS);
    expect(ws.rowCount).toBe(ROWS + 2);
    const codes = Array.from({ length: ROWS }, (_, i) => ws.getRow(i + 2).getCell(2).value);
    expect(codes).toEqual(valuations.map((v) => v.productCode)); // same rows, same order, none twice
    expect(ws.getRow(ROWS + 2).getCell(2).value).toBe(`${ROWS} records`);
  }, 240_000);
});
