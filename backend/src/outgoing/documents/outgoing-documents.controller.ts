import { Controller, Get, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CreditNoteQueryDto } from '../dto/outgoing.dto';
import { Allow, CurrentUser } from '../../common/auth/auth.decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { ApiDocumentLanguage, Locale, type DocumentLocale } from '../../common/i18n/document-locale';
import { ParseIdPipe } from '../../common/http/id.pipe';
import { OutgoingDocuments, type RenderedDocument } from './outgoing-documents.service';

const download = ({ pdf, filename }: RenderedDocument): StreamableFile =>
  new StreamableFile(pdf, { type: 'application/pdf', disposition: `attachment; filename="${filename}"`, length: pdf.length });

/**
 * PDF documents of an outgoing list (delivery note, invoice and credit note).
 * `Accept-Language: am` prints Amharic labels with the English ones beneath; dates follow the
 * user's calendar.
 */
@ApiTags('Outgoing lists')
@Controller('outgoingLists')
export class OutgoingDocumentsController {
  constructor(private readonly documents: OutgoingDocuments) {}

  @Get(':id/delivery-note')
  @Allow('outgoing.documents')
  @ApiProduces('application/pdf')
  @ApiDocumentLanguage()
  @ApiOperation({ summary: 'Delivery note PDF, downloaded as invoice.pdf. Delivered lists only.' })
  @ApiConflictResponse({ description: 'The list is not delivered' })
  async deliveryNote(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string, @Locale() locale: DocumentLocale): Promise<StreamableFile> {
    return download(await this.documents.deliveryNote(user, id, locale));
  }

  @Get(':id/invoice')
  @Allow('outgoing.documents')
  @ApiProduces('application/pdf')
  @ApiDocumentLanguage()
  @ApiOperation({ summary: "Invoice PDF (titled Quotation before delivery): prices, totals, 15% VAT, ETB, the customer's TIN when set. 409 naming the lines without a unit price." })
  @ApiConflictResponse({ description: 'A delivered unit of a line has no price (the message names the lines, and the unit on a line of several units)' })
  async invoice(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string, @Locale() locale: DocumentLocale): Promise<StreamableFile> {
    return download(await this.documents.invoice(user, id, locale));
  }

  @Get(':id/credit-note')
  @Allow('outgoing.documents')
  @ApiProduces('application/pdf')
  @ApiDocumentLanguage()
  @ApiOperation({
    summary:
      'Credit note PDF of one customer return of the list (issue 14), ?return_id=<customer_returns[]._id>: the returned lines at their unit prices, VAT included, and the negative total in ETB.',
  })
  @ApiNotFoundResponse({ description: 'Unknown list or return' })
  @ApiConflictResponse({ description: 'The return belongs to another list, or a returned unit has no price (named)' })
  async creditNote(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Query() q: CreditNoteQueryDto,
    @Locale() locale: DocumentLocale,
  ): Promise<StreamableFile> {
    return download(await this.documents.creditNote(user, id, q.return_id, locale));
  }
}
