import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { CustomerReturnView, OutgoingListView, PersonRef } from '../dto/outgoing-view';
import { formatCents, includedVatCents, lineTotalCents, toCents } from '../money';
import { formatQuantity } from '../quantities';
import { ENGLISH, type DocumentLocale } from '../../common/i18n/document-locale';
import { day, footer, label, letterhead, listDetails, signature, styles, th, type CompanyInfo } from './document-parts';
import { VAT_PERCENT } from './invoice';

/** -123456n → "-1,234.56" (a credit is negative). */
const money = (cents: bigint) => (cents < 0n ? `-${formatCents(-cents)}` : formatCents(cents));
const name = (p: PersonRef) => `${p.first_name} ${p.last_name}`;

/**
 * A returned line's credit in cents, negative: the line's unit price × the returned quantity of
 * the unit the price is for (the line's first quantity entry), half-up to the cent as on the
 * invoice; 0 when that unit was not returned. Every returned line must have a price (the
 * service answers 409 first).
 */
export function creditCents(list: OutgoingListView, line: CustomerReturnView['lines'][number]): bigint {
  if (line.unitPrice == null) throw new Error(`credit note: line ${line.line_id} has no unit price`);
  const pricedUnit = list.inventory_list.find((l) => l._id === line.line_id)?.quantity[0]?.name;
  const returned = line.quantity.find((q) => q.name === pricedUnit);
  return returned ? -lineTotalCents(line.unitPrice.toFixed(2), String(returned.value)) : 0n;
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
 * The credit note of one customer return (issue 14), laid out like the invoice: letterhead,
 * the list's GIN, FS number and customer, the date of the return and its reason, the returned
 * lines (code, name, returned quantity, unit price and the negative line total) and the
 * negative total in ETB with the VAT it contains; received back by the warehouseAdmin. Labels
 * and the date follow `locale` (issue 18).
 */
export function creditNote(list: OutgoingListView, ret: CustomerReturnView, company: CompanyInfo, locale: DocumentLocale = ENGLISH): TDocumentDefinitions {
  const lines = ret.lines.map((line) => ({ line, cents: creditCents(list, line) }));
  const total = lines.reduce((sum, l) => sum + l.cents, 0n);
  const rows: TableCell[][] = lines.map(({ line, cents }, i) => [
    String(i + 1),
    line.product.code,
    line.product.name,
    formatQuantity(line.quantity),
    { text: formatCents(toCents(line.unitPrice!.toFixed(2))), alignment: 'right' },
    { text: money(cents), alignment: 'right' },
  ]);
  return {
    info: { title: `Credit Note ${list.gin}` },
    pageMargins: [40, 40, 40, 50],
    content: [
      letterhead(company, 'Credit Note', locale),
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
