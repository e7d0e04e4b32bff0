import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Response } from 'superagent';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { seedCategory, seedInventory, seedProduct, seedWarehouse } from '../stats/testing';

/** Collects a binary body (supertest buffers only text by default). */
function binary(res: Response, cb: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

/** Names a spreadsheet would take for formulas (OWASP CSV injection), one per text column. */
const HOSTILE = {
  product: '=HYPERLINK("http://x","y")',
  code: '-2+3',
  category: '+1+1',
  warehouse: '@SUM(1)',
};

/** No exported text is ever a formula. */
describe('Reports API: formula injection in the Excel export', () => {
  let t: TestApp;
  let warehouseId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const categoryId = await seedCategory(t.db, HOSTILE.category, ['kg']);
    warehouseId = await seedWarehouse(t.db, HOSTILE.warehouse);
    const productId = await seedProduct(t.db, categoryId, { name: HOSTILE.product, code: HOSTILE.code, units: ['kg'] });
    await seedInventory(t.db, { productId, warehouseId, categoryId, purchasedPrice: '10.00', depreciationRate: '10', purchasedDate: new Date('2024-01-15T00:00:00Z'), levels: { kg: '2' } });
  });
  afterAll(() => t.close());

  const download = async (): Promise<Buffer> => {
    const res = await t.http.post('/api/reports/asset/valuations/excel').set(bearer(t.adminToken)).send({ warehouseId }).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };

  it('writes no formula element and keeps every hostile name as text behind a single quote', async () => {
    const file = await download();
    const zip = await JSZip.loadAsync(file);
    const sheets = Object.keys(zip.files).filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name));
    expect(sheets).toHaveLength(1);
    const xml = await zip.file(sheets[0])!.async('string');
    expect(xml).not.toMatch(/<f[\s>]/);
    expect(xml).toContain('<v>&apos;=HYPERLINK(&quot;http://x&quot;,&quot;y&quot;)</v>');
    // every text cell (t="str", no <f>) starts with something no spreadsheet evaluates
    expect(xml).not.toMatch(/t="str"><v>[=+\-@\t\r]/);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ExcelJS.Buffer);
    const row = book.worksheets[0].getRow(2);
    const cells = { product: row.getCell(1), code: row.getCell(2), category: row.getCell(3), warehouse: row.getCell(4) };
    for (const [key, cell] of Object.entries(cells) as [keyof typeof HOSTILE, ExcelJS.Cell][]) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(`'${HOSTILE[key]}`);
      expect(cell.numFmt).toBe('@'); // Text: editing the cell in Excel keeps it text
    }
  });
});
