import { Body, Controller, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../common/idempotency/idempotent.decorator';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser } from '../common/auth/auth.decorators';
import { ApiExport, ExportFormatDto, sendExport } from '../common/export/export-stream';
import { ExportUnits } from '../common/export/unit-columns';
import type { AuthUser } from '../common/auth/auth-user';
import { COUNT_RULE } from '../common/http/capped-count';
import { ok, type Envelope } from '../common/http/envelope';
import { OptionalPageDto, pageOf } from '../common/http/pagination.dto';
import {
  DailyTransactionsDto,
  RangeTransactionsDto,
  ReverseTransactionDto,
  type ReversedTransaction,
  TransactionSearchDto,
  type TransactionPage,
} from './dto/transaction-search.dto';
import { transactionExportColumns } from './transactions.export';
import { TransactionReversalService } from './transaction-reversal.service';
import { TransactionsService } from './transactions.service';

/** Transaction history routes of spec 7 (Transactions). */
@ApiTags('Transactions')
@Controller('transactions')
export class TransactionsController {
  constructor(
    private readonly transactions: TransactionsService,
    private readonly reversals: TransactionReversalService,
    private readonly units: ExportUnits,
  ) {}

  @Post('search')
  @HttpCode(200)
  @Allow('transactions.read')
  @ApiOperation({ summary: `Ledger rows matching every given filter, newest first; {transactionsList, total_count, total_capped}: ${COUNT_RULE} (a search is grnSearchQuery, ginSearchQuery, customerSearchQuery or productSearchQuery).` })
  async search(@CurrentUser() user: AuthUser, @Query() q: OptionalPageDto, @Body() body: TransactionSearchDto): Promise<Envelope<TransactionPage>> {
    return ok('Transactions fetched successfully', await this.transactions.search(user, { ...body, ...pageOf(q, body) }));
  }

  @Post('reverse')
  @HttpCode(200)
  @Allow('transactions.reverse')
  @Idempotent()
  @ApiOperation({
    summary:
      "Reverse a direct receipt or issue (issue 14): the warehouseAdmin of the movement's warehouse posts the opposite movement, linked to it, with the reason as its remarks; {reversal, original}.",
  })
  @ApiBadRequestResponse({ description: 'transaction_id is not an id, or remark is missing or blank' })
  @ApiForbiddenResponse({ description: "Not a warehouseAdmin, or the movement is in another warehouse" })
  @ApiNotFoundResponse({ description: 'No such transaction' })
  @ApiConflictResponse({
    description: "Already reversed; a reversal; a list's movement (corrected through the list's own flow); or a receipt whose stock is no longer available (names product, unit and how much is missing)",
  })
  async reverse(@CurrentUser() user: AuthUser, @Body() dto: ReverseTransactionDto): Promise<Envelope<ReversedTransaction>> {
    return ok('Transaction reversed successfully', await this.reversals.reverse(user, dto));
  }

  @Post('export')
  @HttpCode(200)
  @Allow('transactions.read')
  @ApiExport('Ledger rows matching the search body of POST /transactions/search (filters and sort; page and limit ignored) as CSV or Excel (?format=csv|xlsx).')
  async export(@CurrentUser() user: AuthUser, @Query() q: ExportFormatDto, @Body() body: TransactionSearchDto, @Res() reply: FastifyReply): Promise<void> {
    await sendExport(reply, 'transactions', q.format, transactionExportColumns(await this.units.all()), this.transactions.exportRows(user, body));
  }

  @Post('daily')
  @HttpCode(200)
  @Allow('transactions.read')
  @ApiOperation({ summary: 'Ledger rows of one UTC day; {transactionsList, total_count, total_capped} as in POST /transactions/search.' })
  async daily(@CurrentUser() user: AuthUser, @Query() q: OptionalPageDto, @Body() body: DailyTransactionsDto): Promise<Envelope<TransactionPage>> {
    return ok('Transactions fetched successfully', await this.transactions.search(user, { specificDate: body.date, sort: body.sort, order: body.order, ...pageOf(q, body) }));
  }

  @Post('range')
  @HttpCode(200)
  @Allow('transactions.read')
  @ApiOperation({ summary: 'Ledger rows between two UTC days, both included; {transactionsList, total_count, total_capped} as in POST /transactions/search.' })
  async range(@CurrentUser() user: AuthUser, @Query() q: OptionalPageDto, @Body() body: RangeTransactionsDto): Promise<Envelope<TransactionPage>> {
    return ok('Transactions fetched successfully', await this.transactions.search(user, { dateRange: [body.startDate, body.endDate], sort: body.sort, order: body.order, ...pageOf(q, body) }));
  }
}
