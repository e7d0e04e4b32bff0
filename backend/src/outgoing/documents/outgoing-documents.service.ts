import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import type { AuthUser } from '../../common/auth/auth-user';
import { ENGLISH, type DocumentLocale } from '../../common/i18n/document-locale';
import { OutgoingRepository } from '../outgoing.repository';
import { OutgoingService } from '../outgoing.service';
import { creditNote } from './credit-note';
import { deliveryNote } from './delivery-note';
import type { CompanyInfo } from './document-parts';
import { invoice } from './invoice';
import type { QuantityEntry } from '../../database/schema';
import { unpricedUnits, type UnitPriceEntry } from '../unit-prices';
import { companyInfo, renderPdf } from './pdf-render';

/**
 * The units of a line without a price, as a 409 names them: `Hex bolt (B-1)` when no unit has
 * one and the line has a single unit (as before lines had a price per unit), else one
 * `Hex bolt (B-1) per box` for each unpriced unit.
 */
function unpricedNames(product: { name: string; code: string }, prices: UnitPriceEntry[], quantity: QuantityEntry[]): string[] {
  const units = unpricedUnits(prices, quantity);
  const name = `${product.name} (${product.code})`;
  return quantity.length === 1 ? units.map(() => name) : units.map((u) => `${name} per ${u}`);
}

/** A rendered document: PDF bytes and the download file name. */
export interface RenderedDocument {
  pdf: Buffer;
  filename: string;
}

/**
 * The delivery note and invoice PDFs of an outgoing list, rendered on the server
 * with the company details from configuration. Access follows the list's warehouse scope.
 * Labels and dates follow the request's {@link DocumentLocale}.
 */
@Injectable()
export class OutgoingDocuments {
  private readonly company: CompanyInfo;

  constructor(
    private readonly outgoing: OutgoingService,
    private readonly repo: OutgoingRepository,
    config: AppConfig,
  ) {
    this.company = companyInfo(config);
  }

  /** The delivery note, saved as invoice.pdf; 409 unless the list is delivered. */
  async deliveryNote(user: AuthUser, id: string, locale: DocumentLocale = ENGLISH): Promise<RenderedDocument> {
    const list = await this.outgoing.one(user, id);
    if (list.status !== 'delivered') {
      throw new ConflictException(`The delivery note exists once the list is delivered: the list is ${list.status}`);
    }
    return { pdf: await renderPdf(deliveryNote(list, this.company, locale)), filename: 'invoice.pdf' };
  }

  /**
   * The invoice (a quotation before delivery) with prices, totals and VAT in ETB. 409 naming
   * the lines (product name and code, and the unit on a line of several units) without a unit
   * price until every delivered unit has one, so the grand total never leaves a unit out.
   */
  async invoice(user: AuthUser, id: string, locale: DocumentLocale = ENGLISH): Promise<RenderedDocument> {
    const list = await this.outgoing.one(user, id);
    const unpriced = list.inventory_list.flatMap((line) => unpricedNames(line.product, line.unitPrices, line.quantity));
    if (unpriced.length) throw new ConflictException(`Set a unit price on every line to print the invoice: ${unpriced.join(', ')}`);
    const safeGin = list.gin.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);
    return { pdf: await renderPdf(invoice(list, this.company, locale)), filename: `invoice-${safeGin}.pdf` };
  }

  /**
   * The credit note of one customer return of the list: the returned lines at their
   * unit prices, VAT included, and the negative total in ETB. 404 unknown list or return; 409
   * when the return belongs to another list, or naming the returned units without a price.
   */
  async creditNote(user: AuthUser, id: string, returnId: string, locale: DocumentLocale = ENGLISH): Promise<RenderedDocument> {
    const list = await this.outgoing.one(user, id);
    const found = await this.repo.findCustomerReturn(returnId);
    if (!found) throw new NotFoundException('Customer return not found');
    const ret = list.customer_returns.find((r) => r._id === returnId);
    if (found.listId !== list._id || !ret) throw new ConflictException(`The list ${list.gin} has no customer return ${returnId}`);
    const unpriced = ret.lines.flatMap((line) => unpricedNames(line.product, line.unitPrices, line.quantity));
    if (unpriced.length) throw new ConflictException(`Set a unit price on every returned line to print the credit note: ${unpriced.join(', ')}`);
    const safeGin = list.gin.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);
    return { pdf: await renderPdf(creditNote(list, ret, this.company, locale)), filename: `credit-note-${safeGin}-${ret.credit_note}.pdf` };
  }
}
