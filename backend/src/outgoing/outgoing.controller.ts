import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser } from '../common/auth/auth.decorators';
import { ApiExport, sendExport } from '../common/export/export-stream';
import type { AuthUser } from '../common/auth/auth-user';
import { COUNT_RULE } from '../common/http/capped-count';
import { listCount, ok, type Envelope, type ListCount } from '../common/http/envelope';
import { Idempotent } from '../common/idempotency/idempotent.decorator';
import { ParseIdPipe } from '../common/http/id.pipe';
import { AddLineDto, CorrectionDto, CustomerReturnDto, CreateOutgoingListDto, ListQueryDto, RemoveLineDto, StepDto, UpdateLineDto } from './dto/outgoing.dto';
import type { CustomerReturnResult, OutgoingLineEdit, OutgoingListSummary, OutgoingListView } from './dto/outgoing-view';
import { OutgoingWorkflow } from './outgoing-workflow.service';
import { OutgoingCustomerReturns } from './outgoing-customer-return.service';
import { OutgoingService } from './outgoing.service';
import { OUTGOING_EXPORT_COLUMNS, OutgoingExportQueryDto } from './outgoing.export';

type ListEnvelope = Envelope<{ outgoing_list: OutgoingListView }>;
const one = (message: string, list: OutgoingListView): ListEnvelope => ok(message, { outgoing_list: list });
/** The answer of product/add and product/update. */
const LINE_EDIT =
  'data = {list: the list’s row as in GET /all (header, latest_remark, line_count, total_price), line: the added or changed line as in GET one/{id} (after a merge, the line that took the quantity)} (issue 13).';

/**
 * Outgoing list routes of spec 7 (Outgoing lists). Every step answers `data.outgoing_list`; line
 * edits answer the list's row and the changed line.
 */
@ApiTags('Outgoing lists')
@Controller('outgoingLists')
export class OutgoingController {
  constructor(
    private readonly outgoing: OutgoingService,
    private readonly flow: OutgoingWorkflow,
    private readonly returns: OutgoingCustomerReturns,
  ) {}

  @Get(['', 'all'])
  @Allow('outgoing.read')
  @ApiOperation({
    summary:
      'A page of outgoing lists (only the caller’s warehouse for users tied to one), newest first or by sort; ?page&limit&search&status&warehouse&from&to&sort&order (issue 13).',
  })
  @ApiOkResponse({
    description:
      `data = {outgoing_list_all: [row], total_count, total_capped}: ${COUNT_RULE}; a row is the header {_id, gin, status, customer, warehouse, fs_number, created_by, submitted_by, verified_by, approved_by, outgoing_delivery_overseen_by, createdAt, updatedAt, submittedAt, verifiedAt, approvedAt, outgoing_delivered_on, returned ({by, at, reason} or null), cancelled_by, cancelledAt}, latest_remark ({content, remark_by, createdAt} or null), line_count and total_price (ETB text with 2 decimals); no inventory_list (GET one/{id} has the lines).`,
  })
  @ApiBadRequestResponse({ description: 'A bad page, limit, search, status, warehouse, from, to, sort or order (errors[].field names it)' })
  @ApiForbiddenResponse({ description: 'Another warehouse than the caller’s own' })
  async list(@CurrentUser() user: AuthUser, @Query() q: ListQueryDto): Promise<Envelope<{ outgoing_list_all: OutgoingListSummary[] } & ListCount>> {
    const page = await this.outgoing.list(user, q);
    return ok('Outgoing lists fetched successfully', { outgoing_list_all: page.rows, ...listCount(page) });
  }

  @Get('export')
  @Allow('outgoing.read')
  @ApiExport("Outgoing lists of the caller's scope as CSV or Excel (?format=csv|xlsx), with the filters and sort of GET /outgoingLists/all (every page); file outgoing_lists_YYYY-MM-DD.")
  async export(@CurrentUser() user: AuthUser, @Query() q: OutgoingExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    await sendExport(reply, 'outgoing_lists', q.format, OUTGOING_EXPORT_COLUMNS, this.outgoing.pages(user, q));
  }

  @Get('one/:id')
  @Allow('outgoing.read')
  @ApiOperation({ summary: 'One outgoing list.' })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  async one(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string): Promise<ListEnvelope> {
    return one('Outgoing list fetched successfully', await this.outgoing.one(user, id));
  }

  @Post('create')
  @Allow('outgoing.create')
  @ApiOperation({ summary: 'Start a draft list for a customer. 409 when the GIN is taken.' })
  @ApiConflictResponse({ description: 'GIN taken' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateOutgoingListDto): Promise<ListEnvelope> {
    return one('Outgoing List Created Successfully', await this.outgoing.create(user, dto));
  }

  @Post('product/add')
  @HttpCode(200)
  @Allow('outgoing.editLines')
  @ApiOperation({ summary: 'Add a line, or add to the line of the same stock and unit price (another price is its own line). 409 when more than available or lines frozen.' })
  @ApiConflictResponse({ description: 'Not available, or the status freezes lines' })
  @ApiOkResponse({ description: LINE_EDIT })
  async addLine(@CurrentUser() user: AuthUser, @Body() dto: AddLineDto): Promise<Envelope<OutgoingLineEdit>> {
    return ok('Product Added Successfully', await this.outgoing.addLine(user, dto));
  }

  @Post('product/update')
  @HttpCode(200)
  @Allow('outgoing.editLines')
  @ApiOperation({ summary: 'Replace a line’s quantity (and unit price; a price another line of the stock has merges into it). product_id is the line _id, or the product id while it has one line (409 otherwise).' })
  @ApiConflictResponse({ description: 'Not available, or the status freezes lines' })
  @ApiOkResponse({ description: LINE_EDIT })
  async updateLine(@CurrentUser() user: AuthUser, @Body() dto: UpdateLineDto): Promise<Envelope<OutgoingLineEdit>> {
    return ok('Product Updated Successfully', await this.outgoing.updateLine(user, dto));
  }

  @Post('product/remove')
  @HttpCode(200)
  @Allow('outgoing.editLines')
  @ApiOperation({ summary: 'Remove a line. product_id is the line _id, or the product id while it has one line (409 otherwise).' })
  @ApiOkResponse({ description: 'data = {list: the list’s row as in GET /all, line: {_id, removed: true}} (issue 13).' })
  async removeLine(@CurrentUser() user: AuthUser, @Body() dto: RemoveLineDto): Promise<Envelope<OutgoingLineEdit>> {
    return ok('Product Removed Successfully', await this.outgoing.removeLine(user, dto));
  }

  @Post('submit-for-sales-supervisor-approval')
  @HttpCode(200)
  @Allow('outgoing.submit')
  @Idempotent()
  @ApiOperation({ summary: 'draft → pending_sales_supervisor_approval (list not empty).' })
  @ApiConflictResponse({ description: 'Wrong status or empty list' })
  async submit(@CurrentUser() user: AuthUser, @Body() dto: StepDto): Promise<ListEnvelope> {
    return one('Outgoing List Submitted Successfully', await this.flow.submit(user, dto));
  }

  @Post('supervisor/approve-and-submit-for-finance-approval')
  @HttpCode(200)
  @Allow('outgoing.verify')
  @Idempotent()
  @ApiOperation({ summary: 'pending_sales_supervisor_approval → pending_finance_approval.' })
  @ApiConflictResponse({ description: 'Wrong status' })
  async verify(@CurrentUser() user: AuthUser, @Body() dto: StepDto): Promise<ListEnvelope> {
    return one('Supervisor List Confirmed Successfully', await this.flow.verify(user, dto));
  }

  @Post('approve')
  @HttpCode(200)
  @Allow('outgoing.approve')
  @Idempotent()
  @ApiOperation({ summary: 'pending_finance_approval → approved, reserving every line. 409 and no change when short.' })
  @ApiConflictResponse({ description: 'Wrong status or not enough stock' })
  async approve(@CurrentUser() user: AuthUser, @Body() dto: StepDto): Promise<ListEnvelope> {
    return one('Outgoing List Approved Successfully', await this.flow.approve(user, dto));
  }

  @Post('delivery/confirm')
  @HttpCode(200)
  @Allow('outgoing.deliver')
  @Idempotent()
  @ApiOperation({ summary: 'approved → delivered: issues the reserved stock (ledger rows with gin, customer, list id).' })
  @ApiConflictResponse({ description: 'Wrong status' })
  async deliver(@CurrentUser() user: AuthUser, @Body() dto: StepDto): Promise<ListEnvelope> {
    return one('Delivery Confirmed Successfully', await this.flow.deliver(user, dto));
  }

  @Post('return')
  @HttpCode(200)
  @Allow('outgoing.return')
  @Idempotent()
  @ApiOperation({
    summary:
      'Send a list back to draft with a reason (issue 14): salesSupervisor at pending_sales_supervisor_approval, finance at pending_finance_approval. The list shows returned {by, at, reason} until submitted again.',
  })
  @ApiBadRequestResponse({ description: 'remark missing or blank (errors[].field = remark)' })
  @ApiConflictResponse({ description: 'Wrong status for the caller’s role (named)' })
  async returnList(@CurrentUser() user: AuthUser, @Body() dto: CorrectionDto): Promise<ListEnvelope> {
    return one('Outgoing List Returned Successfully', await this.flow.returnList(user, dto));
  }

  @Post('cancel')
  @HttpCode(200)
  @Allow('outgoing.cancel')
  @Idempotent()
  @ApiOperation({
    summary: '→ cancelled with a reason (issue 14, final): sales at draft; finance at approved (not yet delivered), releasing the whole reservation in the same transaction.',
  })
  @ApiBadRequestResponse({ description: 'remark missing or blank (errors[].field = remark)' })
  @ApiConflictResponse({ description: 'Wrong status for the caller’s role (named)' })
  async cancel(@CurrentUser() user: AuthUser, @Body() dto: CorrectionDto): Promise<ListEnvelope> {
    return one('Outgoing List Cancelled Successfully', await this.flow.cancel(user, dto));
  }

  @Post('customer-return')
  @Allow('outgoing.customerReturn')
  @Idempotent()
  @ApiOperation({
    summary:
      'Take goods the customer sends back from a delivered list into stock (issue 14): the warehouseAdmin of the list’s warehouse; {list_id, lines: [{line_id, quantity: [{name, value}]}], remark}. One incoming ledger row per line (kind customer_return, the list’s GIN, customer and id), into the inventory record the line left; at most delivered minus already returned per line and unit.',
  })
  @ApiCreatedResponse({ description: 'data = {outgoing_list (with customer_returns), customer_return: {_id, credit_note (CN-n), returned_by, returned_at, reason, lines: [{line_id, product {_id, name, code}, quantity, unitPrices [{name, price}], unitPrice?}]}}' })
  @ApiBadRequestResponse({ description: 'remark missing or blank, lines empty, a quantity not > 0, a line twice or not on the list, a unit not of the product (errors[].field names it)' })
  @ApiForbiddenResponse({ description: 'Not the warehouseAdmin of the list’s warehouse' })
  @ApiNotFoundResponse({ description: 'Unknown list' })
  @ApiConflictResponse({ description: 'The list is not delivered (status named), or more than may still be returned (product, unit and the amount left named)' })
  async customerReturn(@CurrentUser() user: AuthUser, @Body() dto: CustomerReturnDto): Promise<Envelope<CustomerReturnResult>> {
    return ok('Customer Return Recorded Successfully', await this.returns.record(user, dto));
  }
}
