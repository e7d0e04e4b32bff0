import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { COUNT_RULE } from '../common/http/capped-count';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser } from '../common/auth/auth.decorators';
import { ApiExport, offsetPages, sendExport } from '../common/export/export-stream';
import type { AuthUser } from '../common/auth/auth-user';
import { ApiDocumentLanguage, Locale, type DocumentLocale } from '../common/i18n/document-locale';
import { ok, type Envelope } from '../common/http/envelope';
import { ParseIdPipe } from '../common/http/id.pipe';
import { Idempotent } from '../common/idempotency/idempotent.decorator';
import { AddTransferLineDto, CreateTransferDto, ReceiveTransferDto, RemoveTransferLineDto, TransferListQueryDto, TransferStepDto, UpdateTransferLineDto } from './dto/transfer.dto';
import type { TransferPage, TransferView } from './dto/transfer-view';
import { TransferDocuments } from './transfer-documents.service';
import { TransferMovesService } from './transfer-moves.service';
import { TRANSFER_EXPORT_COLUMNS, TransferExportQueryDto } from './transfers.export';
import { TransfersService } from './transfers.service';

type One = Envelope<{ transfer: TransferView }>;
const one = (message: string, transfer: TransferView): One => ok(message, { transfer });

const SHAPE =
  'data = {transfer: {_id, trn, status (draft|in_transit|received|cancelled), from_warehouse {_id, name}, to_warehouse {_id, name}, created_by, createdAt, dispatched_by|null, dispatchedAt|null, received_by|null, receivedAt|null, cancelled_by|null, cancelledAt|null, line_count, latest_remark, lines [{_id, inventory {_id}, destination_inventory {_id}|null, product {_id, name, code, units}, quantity, received|null, shortfall, available|null, available_hidden}], remarks [{content, remark_by, createdAt}], transit_loss_adjustment {_id}|null}} (issue 15)';

/** Transfers between warehouses: created and dispatched by the source's warehouseAdmin, received by the destination's. */
@ApiTags('Transfers')
@Controller('transfers')
export class TransfersController {
  constructor(
    private readonly transfers: TransfersService,
    private readonly moves: TransferMovesService,
    private readonly documents: TransferDocuments,
  ) {}

  @Get(['', 'all'])
  @Allow('transfers.read')
  @ApiOperation({ summary: 'A page of transfers, newest first: search (TRN), status (one or several), warehouse (from or to), from/to (created days), sort createdAt|trn|status. A warehouseAdmin sees those from or to its warehouse.' })
  @ApiOkResponse({ description: `data = {transfer_all: [transfer without lines and remarks], total_count, total_capped}: ${COUNT_RULE}` })
  @ApiBadRequestResponse({ description: 'A bad filter, naming it' })
  async all(@CurrentUser() user: AuthUser, @Query() q: TransferListQueryDto): Promise<Envelope<TransferPage>> {
    return ok('Transfers fetched successfully', await this.transfers.list(user, q));
  }

  @Get('export')
  @Allow('transfers.read')
  @ApiExport('Transfers as CSV or Excel (?format=csv|xlsx), with the filters, scope and sort of GET /transfers/all.')
  @ApiForbiddenResponse({ description: 'Another warehouse than the caller’s own' })
  async export(@CurrentUser() user: AuthUser, @Query() q: TransferExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    const pages = offsetPages(async (w) => (await this.transfers.list(user, { ...q, ...w })).transfer_all);
    await sendExport(reply, 'transfers', q.format, TRANSFER_EXPORT_COLUMNS, pages);
  }

  @Get('one/:id')
  @Allow('transfers.read')
  @ApiOkResponse({ description: SHAPE })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  @ApiForbiddenResponse({ description: 'A warehouseAdmin of neither warehouse' })
  async one(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string): Promise<One> {
    return one('Transfer fetched successfully', await this.transfers.one(user, id));
  }

  @Get(':id/document')
  @Allow('transfers.read')
  @ApiProduces('application/pdf')
  @ApiDocumentLanguage()
  @ApiOperation({ summary: 'The transfer note PDF (from, to, lines dispatched and received, dispatched by, received by, Page x of y). Once dispatched.' })
  @ApiConflictResponse({ description: 'The transfer is a draft or cancelled' })
  async document(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string, @Locale() locale: DocumentLocale): Promise<StreamableFile> {
    const { pdf, filename } = await this.documents.transferNote(user, id, locale);
    return new StreamableFile(pdf, { type: 'application/pdf', disposition: `attachment; filename="${filename}"`, length: pdf.length });
  }

  @Post('create')
  @Allow('transfers.create')
  @Idempotent()
  @ApiOperation({ summary: 'Create a draft transfer out of the caller’s warehouse: {from_warehouse, to_warehouse, trn, remark?}. 400 from = to; 404 unknown warehouse; 409 TRN used.' })
  @ApiCreatedResponse({ description: SHAPE })
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateTransferDto): Promise<One> {
    return one('Transfer Created Successfully', await this.transfers.create(user, dto));
  }

  @Post('product/add')
  @Allow('transfers.create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a line {transfer_id, inventory, quantity} to a draft: a record of the source warehouse, each unit within its available stock (409 naming product, unit, requested, available).' })
  @ApiOkResponse({ description: SHAPE })
  async addLine(@CurrentUser() user: AuthUser, @Body() dto: AddTransferLineDto): Promise<One> {
    return one('Product added to transfer successfully', await this.transfers.addLine(user, dto));
  }

  @Post('product/update')
  @Allow('transfers.create')
  @HttpCode(200)
  @ApiOkResponse({ description: SHAPE })
  async updateLine(@CurrentUser() user: AuthUser, @Body() dto: UpdateTransferLineDto): Promise<One> {
    return one('Transfer line updated successfully', await this.transfers.updateLine(user, dto));
  }

  @Post('product/remove')
  @Allow('transfers.create')
  @HttpCode(200)
  @ApiOkResponse({ description: SHAPE })
  async removeLine(@CurrentUser() user: AuthUser, @Body() dto: RemoveTransferLineDto): Promise<One> {
    return one('Transfer line removed successfully', await this.transfers.removeLine(user, dto));
  }

  @Post('dispatch')
  @Allow('transfers.create')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({ summary: 'draft -> in_transit: the stock leaves the source (ledger rows source transfer, the TRN) and is in transit. 409 not draft, no lines, not enough stock.' })
  @ApiOkResponse({ description: SHAPE })
  @ApiConflictResponse({ description: 'Not draft, no lines, not enough available' })
  async dispatch(@CurrentUser() user: AuthUser, @Body() dto: TransferStepDto): Promise<One> {
    return one('Transfer Dispatched Successfully', await this.moves.dispatch(user, dto));
  }

  @Post('receive')
  @Allow('transfers.receive')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({
    summary:
      'in_transit -> received, by the destination’s warehouseAdmin: {transfer_id, lines?: [{line_id, quantity}], remark?}; lines and units not listed arrived in full; a shortfall requires the remark and is posted as a transit_loss adjustment.',
  })
  @ApiOkResponse({ description: SHAPE })
  @ApiBadRequestResponse({ description: 'Unknown line, unit not dispatched, more than dispatched, shortfall without remark' })
  async receive(@CurrentUser() user: AuthUser, @Body() dto: ReceiveTransferDto): Promise<One> {
    return one('Transfer Received Successfully', await this.moves.receive(user, dto));
  }

  @Post('cancel')
  @Allow('transfers.create')
  @HttpCode(200)
  @ApiOkResponse({ description: SHAPE })
  @ApiConflictResponse({ description: 'Not draft' })
  async cancel(@CurrentUser() user: AuthUser, @Body() dto: TransferStepDto): Promise<One> {
    return one('Transfer Cancelled Successfully', await this.transfers.cancel(user, dto));
  }
}
