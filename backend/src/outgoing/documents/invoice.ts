import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { OutgoingLineView, OutgoingListView } from '../dto/outgoing-view';
import { formatCents, includedVatCents, lineTotalCents, toCents } from '../money';
import { ENGLISH, type DocumentLocale } from '../../common/i18n/document-locale';
import { day, footer, label, letterhead, listDetails, signatures, styles, th, type CompanyInfo } from './document-parts';

/** VAT rate included in every price. */
export const VAT_PERCENT = 15n;

/** One priced unit of a line on the invoice: every delivered unit is billed. */
interface InvoiceRow {
  line: OutgoingLineView;
  /** The line's number on the invoice (1-based), printed on its first unit's row. */
  no: number;
  first: boolean;
  unit: string;
  quantity: number;
  unitCents: bigint;
  totalCents: bigint;
}

/**
 * A row per delivered unit of each line with its price and total; every unit must have a
 * price (the service answers 409 naming the unit first).
 */
function priced(lines: OutgoingLineView[]): InvoiceRow[] {
  return lines.flatMap((line, i) =>
    line.quantity.map((q, j) => {
      const price = line.unitPrices.find((p) => p.name === q.name)?.price;
      if (price == null) throw new Error(`invoice: line ${line._id} has no unit price for ${q.name}`);
      const text = price.toFixed(2);
      return { line, no: i + 1, first: j === 0, unit: q.name, quantity: q.value, unitCents: toCents(text), totalCents: lineTotalCents(text, String(q.value)) };
    }),
  );
}

function itemRow({ line, no, first, unit, quantity, unitCents, totalCents }: InvoiceRow): TableCell[] {
  return [
    first ? String(no) : '',
    first ? line.product.code : '',
    first ? line.product.name : '',
    { text: String(quantity), alignment: 'right' },
    unit,
    { text: formatCents(unitCents), alignment: 'right' },
    { text: formatCents(totalCents), alignment: 'right' },
  ];
}

function totals(grossCents: bigint, locale: DocumentLocale): Content {
  const vat = includedVatCents(grossCents, VAT_PERCENT);
  const row = (english: string, cents: bigint, bold = false): TableCell[] => [
    label(locale, english, { bold }),
    { text: `${formatCents(cents)} ETB`, alignment: 'right', bold },
  ];
  return {
    columns: [
      { stack: [label(locale, 'All prices include 15% VAT', { italics: true }), label(locale, 'Terms: Full payment before delivery', { italics: true })] },
      {
        table: {
          widths: ['*', 100],
          body: [row('Total excl. VAT', grossCents - vat), row('VAT (15%)', vat), row('Grand total (VAT incl.)', grossCents, true)],
        },
        layout: 'noBorders',
      },
    ],
    margin: [0, 10, 0, 0],
    unbreakable: true,
  };
}

/**
 * The invoice (Quotation before delivery) of spec 1: company address and logo, date, TIN,
 * reg, delivery to, items with unit price and total (exact cents), the 15% VAT note, terms,
 * bank details, prepared/checked/approved by and the grand total in ETB with its VAT.
 * Each delivered unit of a line is a row at its own price, so the total bills every unit; every
 * unit must have a price (the service refuses the invoice before, naming it).
 * Labels and the date follow `locale`; the customer's TIN is printed when it has one.
 */
export function invoice(list: OutgoingListView, company: CompanyInfo, locale: DocumentLocale = ENGLISH): TDocumentDefinitions {
  const lines = priced(list.inventory_list);
  const gross = lines.reduce((sum, l) => sum + l.totalCents, 0n);
  const title = list.status === 'delivered' ? 'Invoice' : 'Quotation';
  const header = ['No.', 'Code', 'Description', 'Qty', 'Unit'].map((h) => th(h, 'left', locale));
  return {
    info: { title: `${title} ${list.gin}` },
    pageMargins: [40, 40, 40, 50],
    content: [
      letterhead(company, title, locale),
      listDetails(list, day(list.outgoing_delivered_on ?? list.approvedAt ?? list.createdAt, locale), locale, true),
      {
        table: {
          headerRows: 1,
          widths: [24, 70, '*', 50, 40, 70, 80],
          body: [[...header, th('Unit price (ETB)', 'right', locale), th('Total (ETB)', 'right', locale)], ...lines.map(itemRow)],
        },
        layout: 'lightHorizontalLines',
      },
      totals(gross, locale),
      signatures(list, list.approved_by, locale),
    ],
    footer: footer(company, locale),
    styles,
  };
}
