import type { CompanyInfo } from '../outgoing/documents/document-parts';
import { renderPdf } from '../outgoing/documents/pdf-render';
import { readPdf } from '../outgoing/documents/testing';
import type { TransferView } from './dto/transfer-view';
import { transferNote } from './transfer-note';

const company: CompanyInfo = { name: 'ሰላም ትሬዲንግ', address: 'አዲስ አበባ', tin: '0012345678', registration: 'AA/1', providerCredit: 'P' };
const person = { _id: 'u1', first_name: 'ከበደ', last_name: 'ሚካኤል' };
const transfer = {
  trn: 'TRN-1',
  status: 'received',
  from_warehouse: { _id: 'w1', name: 'መርካቶ መጋዘን' },
  to_warehouse: { _id: 'w2', name: 'ቦሌ መጋዘን' },
  lines: [{ product: { _id: 'p1', code: 'CH-1', name: 'የቢሮ ወንበር' }, quantity: [{ name: 'pcs', value: 4 }], received: [{ name: 'pcs', value: 4 }] }],
  dispatched_by: person,
  dispatchedAt: '2026-01-31T08:00:00.000Z',
  received_by: null,
  receivedAt: '2026-02-01T08:00:00.000Z',
} as unknown as TransferView;

/** The transfer note in Amharic and the Ethiopian calendar, rendered with the embedded Noto Sans Ethiopic. */
describe('transfer note (issue 18)', () => {
  it('prints Amharic labels over English ones, Amharic data intact and Ethiopian dates', async () => {
    const { text } = await readPdf({ body: await renderPdf(transferNote(transfer, company, { language: 'am', calendar: 'ethiopian' })) });
    for (const s of ['የዕቃ ዝውውር ሰነድ\nTransfer Note', 'የላከው\nDispatched by', 'መርካቶ መጋዘን', 'ቦሌ መጋዘን', 'የቢሮ ወንበር', 'ከበደ ሚካኤል', '23/05/2018 AM', '24/05/2018 AM']) {
      expect(text).toContain(s);
    }
  });

  it('stays English with Gregorian dates by default', async () => {
    const { text } = await readPdf({ body: await renderPdf(transferNote(transfer, company)) });
    expect(text).toContain('Transfer Note');
    expect(text).toContain('2026-01-31');
    expect(text).not.toContain('የዕቃ ዝውውር ሰነድ');
    expect(text).toContain('የቢሮ ወንበር');
  });
});
