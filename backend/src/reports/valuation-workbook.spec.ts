import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { ValuationView } from './dto/report.dto';
import { ExportWorkbook } from '../common/export/export-workbook';
import { VALUATION_COLUMNS, VALUATION_SHEET } from './valuation-workbook';

const row = (i: number): ValuationView => ({
  _id: `id-${i}`,
  productId: `p-${i}`,
  productName: randomBytes(60).toString('hex'),
  productCode: `C-${i}`,
  categoryId: 'c',
  categoryName: 'Category',
  warehouseId: 'w',
  warehouseName: 'Warehouse',
  quantity: { name: 'kg', value: i },
  purchasedPrice: '10.00',
  depreciationRate: 10,
  purchasedDate: '2024-01-01T00:00:00.000Z',
  years: 1,
  currentValue: '9.00',
  valuation: '9.00',
});
const settled = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => 'resolved', () => 'rejected'), new Promise((resolve) => setTimeout(() => resolve('pending'), ms))]);

const valuationWorkbook = (out: PassThrough, maxBacklog?: number) => new ExportWorkbook(out, VALUATION_SHEET, VALUATION_COLUMNS, maxBacklog);

/** The workbook's backpressure: memory stays flat however slowly the file is taken (docs/api.md Reports). */
describe('ExportWorkbook.drained (valuation sheet)', () => {
  it('holds the writer back while the file is not taken, and lets it go once it is', async () => {
    const out = new PassThrough(); // nobody reads yet
    const book = valuationWorkbook(out, 64 * 1024);
    let batches = 0;
    while (batches < 10) {
      for (let i = 0; i < 500; i++) book.addRow(row(i));
      batches++;
      // exceljs compresses asynchronously: the response alone would not push back yet
      if ((await settled(book.drained(), 300)) === 'pending') break;
    }
    expect(batches).toBe(1);
    out.resume(); // the client reads
    expect(await settled(book.drained(), 10_000)).toBe('resolved');
  });

  it('lets the writer go at once when nothing is held', async () => {
    const out = new PassThrough();
    out.resume();
    const book = valuationWorkbook(out);
    book.addRow(row(1));
    expect(await settled(book.drained(), 1_000)).toBe('resolved');
  });

  it('throws when the client went away', async () => {
    const out = new PassThrough();
    const book = valuationWorkbook(out, 64 * 1024);
    for (let i = 0; i < 3_000; i++) book.addRow(row(i));
    const wait = book.drained();
    out.destroy();
    await expect(wait).rejects.toThrow('The client closed the download');
  });
});
