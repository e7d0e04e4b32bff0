import { Controller, Get, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CreditNoteQueryDto } from '../dto/outgoing.dto';
import { Allow, CurrentUser } from '../../common/auth/auth.decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { ParseIdPipe } from '../../common/http/id.pipe';
import { OutgoingDocuments, type RenderedDocument } from './outgoing-documents.service';

const download = ({ pdf, filename }: RenderedDocument): StreamableFile =>
  new StreamableFile(pdf, { type: 'application/pdf', disposition: `attachment; filename="${filename}"`, length: pdf.length });

/** PDF documents of an outgoing list (spec 1: delivery note and invoice). */
@ApiTags('Outgoing lists')
@Controller('outgoingLists')
export class OutgoingDocumentsController {
  constructor(private readonly documents: OutgoingDocuments) {}

  @Get(':id/delivery-note')
  @Allow('outgoing.documents')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: 'Delivery note PDF, downloaded as invoice.pdf. Delivered lists only.' })
  @ApiConflictResponse({ description: 'The list is not delivered' })
  async deliveryNote(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string): Promise<StreamableFile> {
    return download(await this.documents.deliveryNote(user, id));
  }

  @Get(':id/invoice')
  @Allow('outgoing.documents')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: 'Invoice PDF (titled Quotation before delivery): prices, totals, 15% VAT, ETB. 409 naming the lines without a unit price.' })
  @ApiConflictResponse({ description: 'A line has no unit price (the message names them)' })
  async invoice(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string): Promise<StreamableFile> {
    return download(await this.documents.invoice(user, id));
  }

  @Get(':id/credit-note')
  @Allow('outgoing.documents')
  @ApiProduces('application/pdf')
  @ApiOperation({
    summary:
      'Credit note PDF of one customer return of the list (issue 14), ?return_id=<customer_returns[]._id>: the returned lines at their unit prices, VAT included, and the negative total in ETB.',
  })
  @ApiNotFoundResponse({ description: 'Unknown list or return' })
  @ApiConflictResponse({ description: 'The return belongs to another list, or a returned line has no unit price (named)' })
  async creditNote(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string, @Query() q: CreditNoteQueryDto): Promise<StreamableFile> {
    return download(await this.documents.creditNote(user, id, q.return_id));
  }
}
