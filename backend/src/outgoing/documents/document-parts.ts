import type { Content, DynamicContent, TableCell } from 'pdfmake/interfaces';
import type { OutgoingListView, PersonRef } from '../dto/outgoing-view';
import { formatPhone } from '@inventory/common';

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
/** The UTC calendar date of an ISO timestamp: 2026-01-31. */
export const day = (iso: string | null) => (iso ?? new Date().toISOString()).slice(0, 10);

/**
 * The logo and company name (the name printed once, under the logo when there is one), the
 * company address, TIN and registration, and the document title.
 */
export function letterhead(company: CompanyInfo, title: string): Content {
  const brand: Content[] = company.logo
    ? [{ image: company.logo, fit: [120, 60] }, { text: company.name, bold: true, margin: [0, 4, 0, 0] }]
    : [{ text: company.name, style: 'brand' }];
  return {
    columns: [
      [...brand, company.address],
      [
        { text: title, style: 'title', alignment: 'right' },
        { text: `TIN: ${company.tin}`, alignment: 'right' },
        { text: `Reg: ${company.registration}`, alignment: 'right' },
      ],
    ],
    margin: [0, 0, 0, 12],
  };
}

/** Date, GIN, FS number and the customer the goods go to (phones as +251 9XX XXX XXX). */
export function listDetails(list: OutgoingListView, date: string): Content {
  const c = list.customer;
  const to = [c.name, c.company, c.address ?? '', c.phone_no.map(formatPhone).join(', '), c.email].filter(Boolean).join('\n');
  return {
    columns: [
      { stack: [{ text: 'Delivery to', bold: true }, to] },
      {
        stack: [`Date: ${date}`, `GIN: ${list.gin}`, `FS No.: ${list.fs_number ?? ''}`, `Warehouse: ${list.warehouse.name}`],
        alignment: 'right',
      },
    ],
    margin: [0, 0, 0, 12],
  };
}

/** A bold header row cell. */
export const th = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({ text, style: 'th', alignment });

/**
 * Bank details (left empty for the company to fill in) and the three signatures: prepared by
 * the list's creator, checked by its verifier, approved by `approver` (the delivery note: the
 * warehouseAdmin who oversaw the delivery, spec 1; the invoice: the finance approver).
 */
export function signatures(list: OutgoingListView, approver: PersonRef | null): Content {
  const sign = (label: string, p: PersonRef | null): Content => ({
    stack: [{ text: label, bold: true }, name(p) || ' ', { text: 'Signature: ____________', margin: [0, 8, 0, 0] }],
  });
  return {
    stack: [
      { text: 'Bank details', bold: true, margin: [0, 12, 0, 2] },
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

/** 'Page x of y' and the provider credit on every page. */
export function footer(company: CompanyInfo): DynamicContent {
  return (current: number, total: number) => ({
    columns: [{ text: company.providerCredit }, { text: `Page ${current} of ${total}`, alignment: 'right' }],
    margin: [40, 10, 40, 0],
    fontSize: 8,
  });
}

export const styles = {
  brand: { fontSize: 16, bold: true },
  title: { fontSize: 18, bold: true },
  th: { bold: true, fillColor: '#eeeeee' },
};
