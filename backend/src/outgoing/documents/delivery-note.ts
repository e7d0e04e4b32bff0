import type { TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { OutgoingListView } from '../dto/outgoing-view';
import { formatQuantity } from '../quantities';
import { day, footer, letterhead, listDetails, signatures, styles, th, type CompanyInfo } from './document-parts';

/**
 * The delivery note (spec 1): title Delivery Note, date of delivery, company TIN and
 * registration, the customer, items (code, name, quantity with units) with the header row
 * repeated on every page, empty bank details and grand total, the three signatures (approved by
 * the overseer: the warehouseAdmin who confirmed delivery, spec 1 and issue 12 point 21) and a
 * 'Page x of y' footer with the provider credit.
 */
export function deliveryNote(list: OutgoingListView, company: CompanyInfo): TDocumentDefinitions {
  const rows: TableCell[][] = list.inventory_list.map((line, i) => [
    String(i + 1),
    line.product.code,
    line.product.name,
    formatQuantity(line.quantity),
  ]);
  return {
    info: { title: `Delivery Note ${list.gin}` },
    pageMargins: [40, 40, 40, 50],
    content: [
      letterhead(company, 'Delivery Note'),
      listDetails(list, day(list.outgoing_delivered_on)),
      {
        table: {
          headerRows: 1,
          widths: [24, 90, '*', 120],
          body: [[th('No.'), th('Code'), th('Description'), th('Quantity')], ...rows],
        },
        layout: 'lightHorizontalLines',
      },
      { text: 'Grand total:', bold: true, margin: [0, 10, 0, 0] },
      signatures(list, list.outgoing_delivery_overseen_by),
    ],
    footer: footer(company),
    styles,
  };
}
