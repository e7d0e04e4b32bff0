import { letterhead, type CompanyInfo } from './document-parts';

const company: CompanyInfo = { name: 'Selam Trading PLC', address: 'Addis Ababa', tin: '1', registration: 'R', providerCredit: 'P' };
/** How often `text` appears in a pdfmake content tree. */
const occurrences = (content: unknown, text: string) => JSON.stringify(content).split(text).length - 1;

describe('letterhead (issue 12, point 21: the company name once)', () => {
  it('prints the name once as the brand when there is no logo', () => {
    expect(occurrences(letterhead(company, 'Delivery Note'), company.name)).toBe(1);
  });

  it('prints the name once under the logo', () => {
    const head = letterhead({ ...company, logo: 'data:image/png;base64,AAAA' }, 'Invoice');
    expect(occurrences(head, company.name)).toBe(1);
    expect(occurrences(head, 'data:image/png;base64,AAAA')).toBe(1);
  });
});
