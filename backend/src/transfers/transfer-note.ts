import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { footer, letterhead, styles, th, type CompanyInfo } from '../outgoing/documents/document-parts';
import { formatQuantity } from '../outgoing/quantities';
import type { TransferView } from './dto/transfer-view';

const person = (p: { first_name: string; last_name: string } | null) => (p ? `${p.first_name} ${p.last_name}` : ' ');
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/**
 * The transfer note (issue 15), in the delivery note's style: TRN, from and to warehouses, the
 * lines (code, product, dispatched, received) with the header row repeated on every page,
 * dispatched by and received by with dates and signature lines, and a 'Page x of y' footer.
 */
export function transferNote(t: TransferView, company: CompanyInfo): TDocumentDefinitions {
  const rows: TableCell[][] = t.lines.map((line, i) => [String(i + 1), line.product.code, line.product.name, formatQuantity(line.quantity), line.received ? formatQuantity(line.received) : '']);
  const sign = (label: string, p: TransferView['dispatched_by'], at: string | null): Content => ({ stack: [{ text: label, bold: true }, person(p), day(at), { text: 'Signature: ____________', margin: [0, 8, 0, 0] }] });
  return {
    info: { title: `Transfer Note ${t.trn}` },
    pageMargins: [40, 40, 40, 50],
    content: [
      letterhead(company, 'Transfer Note'),
      {
        columns: [
          { stack: [{ text: 'From', bold: true }, t.from_warehouse.name] },
          { stack: [{ text: 'To', bold: true }, t.to_warehouse.name] },
          { stack: [{ text: 'TRN', bold: true }, t.trn, { text: 'Status', bold: true, margin: [0, 4, 0, 0] }, t.status.replace('_', ' ')] },
        ],
        margin: [0, 10, 0, 10],
      },
      {
        table: { headerRows: 1, widths: [24, 80, '*', 90, 90], body: [[th('No.'), th('Code'), th('Description'), th('Dispatched'), th('Received')], ...rows] },
        layout: 'lightHorizontalLines',
      },
      { columns: [sign('Dispatched by', t.dispatched_by, t.dispatchedAt), sign('Received by', t.received_by, t.receivedAt)], margin: [0, 20, 0, 0] },
    ],
    footer: footer(company),
    styles,
  };
}
