import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { CustomerReturnView, OutgoingListView, PersonRef } from '../dto/outgoing-view';
import { formatCents, includedVatCents, lineTotalCents, toCents } from '../money';
import { ENGLISH, type DocumentLocale } from '../../common/i18n/document-locale';
import { day, footer, label, letterhead, listDetails, signature, styles, th, type CompanyInfo } from './document-parts';
import { VAT_PERCENT } from './invoice';

/** -123456n → "-1,234.56" (a credit is negative). */
const money = (cents: bigint) => (cents < 0n ? `-${formatCents(-cents)}` : formatCents(cents));
const name = (p: PersonRef) => `${p.first_name} ${p.last_name}`;

/** One returned unit of a line on the credit note, with its credit in cents (negative). */
interface CreditRow {
  line: CustomerReturnView['lines'][number];
  no: number;
  first: boolean;
  unit: string;
  quantity: number;
  unitCents: bigint;
  cents: bigint;
}

/**
 * A row per returned unit: the line's price of that unit × the returned quantity, half-up to
 * the cent as on the invoice, negative. Every returned unit must have a price (the service
 * answers 409 naming it first).
 */
export function creditRows(ret: CustomerReturnView): CreditRow[] {
  return ret.lines.flatMap((line, i) =>
    line.quantity.map((q, j) => {
      const price = line.unitPrices.find((p) => p.name === q.name)?.price;
      if (price == null) throw new Error(`credit note: line ${line.line_id} has no unit price for ${q.name}`);
      const text = price.toFixed(2);
      return { line, no: i + 1, first: j === 0, unit: q.name, quantity: q.value, unitCents: toCents(text), cents: -lineTotalCents(text, String(q.value)) };
    }),
  );
}

function totals(creditCentsTotal: bigint, locale: DocumentLocale): Content {
  const vat = -includedVatCents(-creditCentsTotal, VAT_PERCENT);
  const row = (english: string, cents: bigint, bold = false): TableCell[] => [
    label(locale, english, { bold }),
    { text: `${money(cents)} ETB`, alignment: 'right', bold },
  ];
  return {
    columns: [
      { stack: [label(locale, 'All prices include 15% VAT', { italics: true }), label(locale, 'Credited to the customer for the goods returned', { italics: true })] },
      {
        table: {
          widths: ['*', 100],
          body: [row('Total excl. VAT', creditCentsTotal - vat), row('VAT (15%)', vat), row('Grand total (VAT incl.)', creditCentsTotal, true)],
        },
        layout: 'noBorders',
      },
    ],
    margin: [0, 10, 0, 0],
    unbreakable: true,
  };
}

/**
 * The credit note of one customer return, laid out like the invoice: letterhead,
 * its own number (CN-n), the list's GIN, FS number and customer, the date of the return and its reason, the returned
 * units (a row per returned unit of each line: code, name, returned quantity, that unit's price
 * and the negative total) and the
 * negative total in ETB with the VAT it contains; received back by the warehouseAdmin. Labels
 * and the date follow `locale`.
 */
export function creditNote(list: OutgoingListView, ret: CustomerReturnView, company: CompanyInfo, locale: DocumentLocale = ENGLISH): TDocumentDefinitions {
  const lines = creditRows(ret);
  const total = lines.reduce((sum, l) => sum + l.cents, 0n);
  const rows: TableCell[][] = lines.map(({ line, no, first, unit, quantity, unitCents, cents }) => [
    first ? String(no) : '',
    first ? line.product.code : '',
    first ? line.product.name : '',
    `${quantity} ${unit}`,
    { text: formatCents(unitCents), alignment: 'right' },
    { text: money(cents), alignment: 'right' },
  ]);
  return {
    info: { title: `Credit Note ${ret.credit_note} ${list.gin}` },
    pageMargins: [40, 40, 40, 50],
    content: [
      letterhead(company, 'Credit Note', locale),
      locale.language === 'am'
        ? { columns: [{ ...label(locale, 'Credit note No.', { bold: true }), width: 'auto' }, { text: ret.credit_note }], columnGap: 6, margin: [0, 0, 0, 4] }
        : { text: [{ text: 'Credit note No.: ', bold: true }, ret.credit_note], margin: [0, 0, 0, 4] },
      listDetails(list, day(ret.returned_at, locale), locale),
      locale.language === 'am'
        ? { columns: [{ ...label(locale, 'Customer return', { bold: true }), width: 'auto' }, { text: ret.reason }], columnGap: 6, margin: [0, 0, 0, 8] }
        : { text: [{ text: 'Customer return: ', bold: true }, ret.reason], margin: [0, 0, 0, 8] },
      {
        table: {
          headerRows: 1,
          widths: [24, 70, '*', 80, 70, 80],
          body: [[...['No.', 'Code', 'Description', 'Returned'].map((h) => th(h, 'left', locale)), th('Unit price (ETB)', 'right', locale), th('Total (ETB)', 'right', locale)], ...rows],
        },
        layout: 'lightHorizontalLines',
      },
      totals(total, locale),
      {
        columns: [signature(locale, 'Received back by', name(ret.returned_by)), signature(locale, 'Approved by', '')],
        margin: [0, 16, 0, 0],
        unbreakable: true,
      },
    ],
    footer: footer(company, locale),
    styles,
  };
}
