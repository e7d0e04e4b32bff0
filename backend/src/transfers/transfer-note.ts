import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { ENGLISH, localDay, type DocumentLocale } from '../common/i18n/document-locale';
import { footer, label, letterhead, signature, styles, th, type CompanyInfo } from '../outgoing/documents/document-parts';
import { formatQuantity } from '../outgoing/quantities';
import type { TransferView } from './dto/transfer-view';

const person = (p: { first_name: string; last_name: string } | null) => (p ? `${p.first_name} ${p.last_name}` : ' ');

/**
 * The transfer note, in the delivery note's style: TRN, from and to warehouses, the
 * lines (code, product, dispatched, received) with the header row repeated on every page,
 * dispatched by and received by with dates and signature lines, and a 'Page x of y' footer.
 * Labels and dates follow `locale`.
 */
export function transferNote(t: TransferView, company: CompanyInfo, locale: DocumentLocale = ENGLISH): TDocumentDefinitions {
  const rows: TableCell[][] = t.lines.map((line, i) => [String(i + 1), line.product.code, line.product.name, formatQuantity(line.quantity), line.received ? formatQuantity(line.received) : '']);
  const sign = (english: string, p: TransferView['dispatched_by'], at: string | null): Content => signature(locale, english, person(p), [at ? localDay(locale, at) : '']);
  return {
    info: { title: `Transfer Note ${t.trn}` },
    pageMargins: [40, 40, 40, 50],
    content: [
      letterhead(company, 'Transfer Note', locale),
      {
        columns: [
          { stack: [label(locale, 'From', { bold: true }), t.from_warehouse.name] },
          { stack: [label(locale, 'To', { bold: true }), t.to_warehouse.name] },
          { stack: [label(locale, 'TRN', { bold: true }), t.trn, label(locale, 'Status', { bold: true, margin: [0, 4, 0, 0] }), t.status.replace('_', ' ')] },
        ],
        margin: [0, 10, 0, 10],
      },
      {
        table: { headerRows: 1, widths: [24, 80, '*', 90, 90], body: [['No.', 'Code', 'Description', 'Dispatched', 'Received'].map((h) => th(h, 'left', locale)), ...rows] },
        layout: 'lightHorizontalLines',
      },
      { columns: [sign('Dispatched by', t.dispatched_by, t.dispatchedAt), sign('Received by', t.received_by, t.receivedAt)], margin: [0, 20, 0, 0] },
    ],
    footer: footer(company, locale),
    styles,
  };
}
