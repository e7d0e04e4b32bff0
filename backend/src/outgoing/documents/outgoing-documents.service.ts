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
import { companyInfo, renderPdf } from './pdf-render';

/** A rendered document: PDF bytes and the download file name. */
export interface RenderedDocument {
  pdf: Buffer;
  filename: string;
}

/**
 * The delivery note and invoice PDFs of an outgoing list (spec 1), rendered on the server
 * with the company details from configuration. Access follows the list's warehouse scope.
 * Labels and dates follow the request's {@link DocumentLocale} (issue 18).
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

  /** The delivery note, saved as invoice.pdf (spec 1); 409 unless the list is delivered. */
  async deliveryNote(user: AuthUser, id: string, locale: DocumentLocale = ENGLISH): Promise<RenderedDocument> {
    const list = await this.outgoing.one(user, id);
    if (list.status !== 'delivered') {
      throw new ConflictException(`The delivery note exists once the list is delivered: the list is ${list.status}`);
    }
    return { pdf: await renderPdf(deliveryNote(list, this.company, locale)), filename: 'invoice.pdf' };
  }

  /**
   * The invoice (a quotation before delivery) with prices, totals and VAT in ETB. 409 naming
   * the lines (product name and code) without a unit price until every line has one, so the
   * grand total never leaves a line out (issue 12, point 20).
   */
  async invoice(user: AuthUser, id: string, locale: DocumentLocale = ENGLISH): Promise<RenderedDocument> {
    const list = await this.outgoing.one(user, id);
    const unpriced = list.inventory_list.filter((line) => line.unitPrice == null);
    if (unpriced.length) {
      const names = unpriced.map((line) => `${line.product.name} (${line.product.code})`);
      throw new ConflictException(`Set a unit price on every line to print the invoice: ${names.join(', ')}`);
    }
    const safeGin = list.gin.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);
    return { pdf: await renderPdf(invoice(list, this.company, locale)), filename: `invoice-${safeGin}.pdf` };
  }

  /**
   * The credit note of one customer return of the list (issue 14): the returned lines at their
   * unit prices, VAT included, and the negative total in ETB. 404 unknown list or return; 409
   * when the return belongs to another list, or naming the returned lines without a unit price.
   */
  async creditNote(user: AuthUser, id: string, returnId: string, locale: DocumentLocale = ENGLISH): Promise<RenderedDocument> {
    const list = await this.outgoing.one(user, id);
    const found = await this.repo.findCustomerReturn(returnId);
    if (!found) throw new NotFoundException('Customer return not found');
    const ret = list.customer_returns.find((r) => r._id === returnId);
    if (found.listId !== list._id || !ret) throw new ConflictException(`The list ${list.gin} has no customer return ${returnId}`);
    const unpriced = ret.lines.filter((line) => line.unitPrice == null);
    if (unpriced.length) {
      const names = unpriced.map((line) => `${line.product.name} (${line.product.code})`);
      throw new ConflictException(`Set a unit price on every returned line to print the credit note: ${names.join(', ')}`);
    }
    const safeGin = list.gin.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);
    return { pdf: await renderPdf(creditNote(list, ret, this.company, locale)), filename: `credit-note-${safeGin}-${returnId.slice(0, 8)}.pdf` };
  }
}
