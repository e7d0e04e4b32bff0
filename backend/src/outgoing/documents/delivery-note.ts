import type { TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { OutgoingListView } from '../dto/outgoing-view';
import { formatQuantity } from '../quantities';
import { ENGLISH, type DocumentLocale } from '../../common/i18n/document-locale';
import { day, footer, label, letterhead, listDetails, signatures, styles, th, type CompanyInfo } from './document-parts';

/**
 * The delivery note: title Delivery Note, date of delivery, company TIN and
 * registration, the customer, items (code, name, quantity with units) with the header row
 * repeated on every page, empty bank details and grand total, the three signatures (approved by
 * the overseer: the warehouseAdmin who confirmed delivery) and a
 * 'Page x of y' footer with the provider credit. Labels and the date follow `locale`.
 */
export function deliveryNote(list: OutgoingListView, company: CompanyInfo, locale: DocumentLocale = ENGLISH): TDocumentDefinitions {
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
      letterhead(company, 'Delivery Note', locale),
      listDetails(list, day(list.outgoing_delivered_on, locale), locale),
      {
        table: {
          headerRows: 1,
          widths: [24, 90, '*', 120],
          body: [['No.', 'Code', 'Description', 'Quantity'].map((h) => th(h, 'left', locale)), ...rows],
        },
        layout: 'lightHorizontalLines',
      },
      label(locale, 'Grand total:', { bold: true, margin: [0, 10, 0, 0] }),
      signatures(list, list.outgoing_delivery_overseen_by, locale),
    ],
    footer: footer(company, locale),
    styles,
  };
}
