import { ConflictException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../common/auth/auth-user';
import { ENGLISH, type DocumentLocale } from '../common/i18n/document-locale';
import { AppConfig } from '../config/app-config';
import type { CompanyInfo } from '../outgoing/documents/document-parts';
import { companyInfo, renderPdf } from '../outgoing/documents/pdf-render';
import { transferNote } from './transfer-note';
import { TransfersService } from './transfers.service';

/** The transfer note PDF, with the company details from configuration. */
@Injectable()
export class TransferDocuments {
  private readonly company: CompanyInfo;

  constructor(
    private readonly transfers: TransfersService,
    config: AppConfig,
  ) {
    this.company = companyInfo(config);
  }

  /**
   * `transfer_<TRN>.pdf` of a dispatched or received transfer, labels and dates in `locale`;
   * 403/404 as reading it; 409 draft or cancelled.
   */
  async transferNote(user: AuthUser, id: string, locale: DocumentLocale = ENGLISH): Promise<{ pdf: Buffer; filename: string }> {
    const transfer = await this.transfers.one(user, id);
    if (transfer.status === 'draft' || transfer.status === 'cancelled') throw new ConflictException(`The transfer note exists once the transfer is dispatched: the transfer is ${transfer.status}`);
    const safe = transfer.trn.replace(/[^A-Za-z0-9._-]+/g, '_');
    return { pdf: await renderPdf(transferNote(transfer, this.company, locale)), filename: `transfer_${safe}.pdf` };
  }
}
