import type { Content, ContentStack, ContentText, DynamicContent, TableCell } from 'pdfmake/interfaces';
import type { OutgoingListView, PersonRef } from '../dto/outgoing-view';
import { formatPhone } from '@inventory/common';
import { amharic } from '../../common/i18n/amharic';
import { ENGLISH, localDay, type DocumentLocale } from '../../common/i18n/document-locale';

/** Company details printed on every document (from configuration, .env.example). */
export interface CompanyInfo {
  name: string;
  address: string;
  tin: string;
  registration: string;
  /** Logo as a data URL, when configured. */
  logo?: string;
  providerCredit: string;
}

const name = (p: PersonRef | null) => (p ? `${p.first_name} ${p.last_name}` : '');
/** The UTC calendar day of an ISO timestamp (now when null) in the locale's calendar: 2026-01-31, or 23/05/2018 AM. */
export const day = (iso: string | null, locale: DocumentLocale = ENGLISH) => localDay(locale, iso ?? new Date());

/** Size of an English label printed beneath its Amharic one. */
const BENEATH = { fontSize: 7, color: '#555555', bold: false, italics: false };

/**
 * A label in the document's language: English as before, or for `am` the Amharic
 * label with the English one beneath, in small grey type (`props`, e.g. bold or a style, apply
 * to the label; a label without an Amharic entry stays English).
 */
export function label(locale: DocumentLocale, english: string, props: Omit<ContentText, 'text'> = {}): ContentText | ContentStack {
  const am = locale.language === 'am' ? amharic(english) : undefined;
  if (!am) return { text: english, ...props };
  const { style, fontSize, bold, italics, ...layout } = props;
  return { stack: [{ text: am, style, fontSize, bold, italics }, { text: english, ...BENEATH }], ...layout };
}

/** `Label: value` in the document's language: for `am`, `ቀን: value` with `Date` beneath. */
export function field(locale: DocumentLocale, english: string, value: string): ContentText | ContentStack {
  const am = locale.language === 'am' ? amharic(english) : undefined;
  return am ? { stack: [`${am}: ${value}`, { text: english, ...BENEATH }] } : { text: `${english}: ${value}` };
}

/**
 * The logo and company name (the name printed once, under the logo when there is one), the
 * company address, TIN and registration, and the document title.
 */
export function letterhead(company: CompanyInfo, title: string, locale: DocumentLocale = ENGLISH): Content {
  const brand: Content[] = company.logo
    ? [{ image: company.logo, fit: [120, 60] }, { text: company.name, bold: true, margin: [0, 4, 0, 0] }]
    : [{ text: company.name, style: 'brand' }];
  return {
    columns: [
      [...brand, company.address],
      [
        label(locale, title, { style: 'title', alignment: 'right' }),
        { ...field(locale, 'TIN', company.tin), alignment: 'right' },
        { ...field(locale, 'Reg', company.registration), alignment: 'right' },
      ],
    ],
    margin: [0, 0, 0, 12],
  };
}

/**
 * Date, GIN, FS number and the customer the goods go to (phones as +251 9XX XXX XXX), with the
 * customer's TIN when `withTin` and the customer has one (the invoice).
 */
export function listDetails(list: OutgoingListView, date: string, locale: DocumentLocale = ENGLISH, withTin = false): Content {
  const c = list.customer;
  const to: Content[] = [[c.name, c.company, c.address ?? '', c.phone_no.map(formatPhone).join(', '), c.email].filter(Boolean).join('\n')];
  if (withTin && c.tin) to.push(field(locale, 'TIN', c.tin));
  return {
    columns: [
      { stack: [label(locale, 'Delivery to', { bold: true }), ...to] },
      {
        stack: [
          field(locale, 'Date', date),
          field(locale, 'GIN', list.gin),
          field(locale, 'FS No.', list.fs_number ?? ''),
          field(locale, 'Warehouse', list.warehouse.name),
        ],
        alignment: 'right',
      },
    ],
    margin: [0, 0, 0, 12],
  };
}

/** A bold header row cell, in the document's language. */
export const th = (text: string, alignment: 'left' | 'right' = 'left', locale: DocumentLocale = ENGLISH): TableCell => ({
  ...label(locale, text, { bold: true }),
  style: 'th',
  alignment,
});

/** A signature block: the label, the person's name (or a blank) and a signature line, in the document's language. */
export function signature(locale: DocumentLocale, english: string, person: string, extra: Content[] = []): Content {
  const line = locale.language === 'am' ? `${amharic('Signature')} / Signature: ____________` : 'Signature: ____________';
  return { stack: [label(locale, english, { bold: true }), person || ' ', ...extra, { text: line, margin: [0, 8, 0, 0] }] };
}

/**
 * Bank details (left empty for the company to fill in) and the three signatures: prepared by
 * the list's creator, checked by its verifier, approved by `approver` (the delivery note: the
 * warehouseAdmin who oversaw the delivery, spec 1; the invoice: the finance approver).
 */
export function signatures(list: OutgoingListView, approver: PersonRef | null, locale: DocumentLocale = ENGLISH): Content {
  const sign = (english: string, p: PersonRef | null): Content => signature(locale, english, name(p));
  return {
    stack: [
      label(locale, 'Bank details', { bold: true, margin: [0, 12, 0, 2] }),
      { text: ' ', margin: [0, 0, 0, 12] },
      {
        columns: [
          sign('Prepared by', list.created_by),
          sign('Checked by', list.verified_by),
          sign('Approved by', approver),
        ],
      },
    ],
    unbreakable: true,
  };
}

/** 'Page x of y' (for `am`: `ገጽ x ከ y` with `Page x of y` beneath) and the provider credit on every page. */
export function footer(company: CompanyInfo, locale: DocumentLocale = ENGLISH): DynamicContent {
  return (current: number, total: number) => ({
    columns: [
      { text: company.providerCredit },
      locale.language === 'am'
        ? { stack: [`${amharic('Page')} ${current} ${amharic('of')} ${total}`, { text: `Page ${current} of ${total}`, ...BENEATH }], alignment: 'right' }
        : { text: `Page ${current} of ${total}`, alignment: 'right' },
    ],
    margin: [40, 10, 40, 0],
    fontSize: 8,
  });
}

export const styles = {
  brand: { fontSize: 16, bold: true },
  title: { fontSize: 18, bold: true },
  th: { bold: true, fillColor: '#eeeeee' },
};
