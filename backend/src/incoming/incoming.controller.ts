import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser } from '../common/auth/auth.decorators';
import { ApiExport, sendExport } from '../common/export/export-stream';
import type { AuthUser } from '../common/auth/auth-user';
import { COUNT_RULE } from '../common/http/capped-count';
import { listCount, ok, type Envelope, type ListCount } from '../common/http/envelope';
import { Idempotent } from '../common/idempotency/idempotent.decorator';
import { ParseIdPipe } from '../common/http/id.pipe';
import { AddIncomingLineDto, RemoveIncomingLineDto, UpdateIncomingLineDto } from './dto/incoming-line.dto';
import { CreateIncomingListDto, IncomingCorrectionDto, IncomingListQueryDto, IncomingStepDto, type IncomingLineEdit, type IncomingListSummary, type IncomingListView } from './dto/incoming-list.dto';
import { IncomingWorkflowService } from './incoming-workflow.service';
import { IncomingService } from './incoming.service';
import { INCOMING_EXPORT_COLUMNS, IncomingExportQueryDto } from './incoming.export';

type One = Envelope<{ incoming_list: IncomingListView[] }>;
const one = (message: string, list: IncomingListView): One => ok(message, { incoming_list: [list] });
/** The answer of product/add and product/update. */
const LINE_EDIT = 'data = {list: the list’s row as in GET /all (header, latest_remark, line_count), line: the added or changed line as in GET one/{id}} (issue 13).';

/** Incoming list (GRN) routes of spec 7 (Incoming lists) and issue 5. */
@ApiTags('Incoming lists')
@Controller('incomingLists')
export class IncomingController {
  constructor(
    private readonly incoming: IncomingService,
    private readonly workflow: IncomingWorkflowService,
  ) {}

  @Get('all')
  @Allow('incoming.read')
  @ApiOperation({
    summary:
      'A page of the lists visible to the caller (own warehouse when tied to one), newest first or by sort; ?page&limit&search&status&warehouse&from&to&sort&order (issue 13).',
  })
  @ApiOkResponse({
    description:
      `data = {incoming_list_all: [row], total_count, total_capped}: ${COUNT_RULE}; a row is the header {_id, grn, status, warehouse, created_by, submitted_by, submitted_at, confirmed_by, confirmed_at, approved_by, approved_at, returned ({by, at, reason} or null), cancelled_by, cancelled_at, createdAt, updatedAt}, latest_remark ({content, remark_by, createdAt} or null) and line_count; no inventory_list (GET one/{id} has the lines).`,
  })
  @ApiBadRequestResponse({ description: 'A bad page, limit, search, status, warehouse, from, to, sort or order (errors[].field names it)' })
  @ApiForbiddenResponse({ description: 'Another warehouse than the caller’s own' })
  async all(@CurrentUser() user: AuthUser, @Query() q: IncomingListQueryDto): Promise<Envelope<{ incoming_list_all: IncomingListSummary[] } & ListCount>> {
    const page = await this.incoming.list(user, q);
    return ok('Incoming lists fetched successfully', { incoming_list_all: page.rows, ...listCount(page) });
  }

  @Get('export')
  @Allow('incoming.read')
  @ApiExport("Incoming lists of the caller's scope as CSV or Excel (?format=csv|xlsx), with the filters and sort of GET /incomingLists/all (every page); file incoming_lists_YYYY-MM-DD.")
  async export(@CurrentUser() user: AuthUser, @Query() q: IncomingExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    await sendExport(reply, 'incoming_lists', q.format, INCOMING_EXPORT_COLUMNS, this.incoming.pages(user, q));
  }

  @Get('one/:id')
  @Allow('incoming.read')
  @ApiOperation({ summary: 'One list; data.incoming_list is an array holding it.' })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  async one(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string): Promise<One> {
    return one('Incoming list fetched successfully', await this.incoming.get(user, id));
  }

  @Post('create')
  @Allow('incoming.create')
  @ApiOperation({ summary: 'Start a draft list for the caller’s warehouse.' })
  @ApiConflictResponse({ description: 'GRN already used' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateIncomingListDto): Promise<One> {
    return one('Incoming List Created Successfully', await this.incoming.create(user, dto));
  }

  @Post('product/add')
  @HttpCode(200)
  @Allow('incoming.editLines')
  @ApiOperation({ summary: 'Add a product line (the same product again adds to its line).' })
  @ApiConflictResponse({ description: 'Lines are frozen in the list’s status, or its warehouse is removed' })
  @ApiOkResponse({ description: LINE_EDIT })
  async addLine(@CurrentUser() user: AuthUser, @Body() dto: AddIncomingLineDto): Promise<Envelope<IncomingLineEdit>> {
    return ok('Incoming List Updated Successfully', await this.incoming.addLine(user, dto));
  }

  @Post('product/update')
  @HttpCode(200)
  @Allow('incoming.editLines')
  @ApiOperation({ summary: 'Replace the quantity of a product line.' })
  @ApiConflictResponse({ description: 'Lines are frozen in the list’s status' })
  @ApiOkResponse({ description: LINE_EDIT })
  async updateLine(@CurrentUser() user: AuthUser, @Body() dto: UpdateIncomingLineDto): Promise<Envelope<IncomingLineEdit>> {
    return ok('Incoming List Updated Successfully', await this.incoming.updateLine(user, dto));
  }

  @Post('product/remove')
  @HttpCode(200)
  @Allow('incoming.editLines')
  @ApiOperation({ summary: 'Remove a product line.' })
  @ApiConflictResponse({ description: 'Lines are frozen in the list’s status' })
  @ApiOkResponse({ description: 'data = {list: the list’s row as in GET /all, line: {_id, removed: true}} (issue 13).' })
  async removeLine(@CurrentUser() user: AuthUser, @Body() dto: RemoveIncomingLineDto): Promise<Envelope<IncomingLineEdit>> {
    return ok('Incoming List Removed Successfully', await this.incoming.removeLine(user, dto));
  }

  @Post('submit')
  @HttpCode(200)
  @Allow('incoming.submit')
  @Idempotent()
  @ApiOperation({ summary: 'draft → pending_import_admin_approval (list not empty).' })
  @ApiConflictResponse({ description: 'Wrong status (named) or empty list' })
  async submit(@CurrentUser() user: AuthUser, @Body() dto: IncomingStepDto): Promise<One> {
    return one('Incoming List Submitted Successfully', await this.workflow.submit(user, dto));
  }

  @Post('import-admin/approve-and-submit-for-finance-approval')
  @HttpCode(200)
  @Allow('incoming.confirm')
  @Idempotent()
  @ApiOperation({ summary: 'pending_import_admin_approval → pending_finance_approval.' })
  @ApiConflictResponse({ description: 'Wrong status (named) or empty list' })
  async confirm(@CurrentUser() user: AuthUser, @Body() dto: IncomingStepDto): Promise<One> {
    return one('Import Admin Incoming List Confirmed Successfully', await this.workflow.confirm(user, dto));
  }

  @Post('approve')
  @HttpCode(200)
  @Allow('incoming.approve')
  @Idempotent()
  @ApiOperation({ summary: 'pending_finance_approval → approved, posting every line into stock once.' })
  @ApiConflictResponse({ description: 'Wrong status (named), e.g. already approved, or empty list' })
  async approve(@CurrentUser() user: AuthUser, @Body() dto: IncomingStepDto): Promise<One> {
    return one('Incoming List Approved Successfully', await this.workflow.approve(user, dto));
  }

  @Post('return')
  @HttpCode(200)
  @Allow('incoming.return')
  @Idempotent()
  @ApiOperation({
    summary:
      'Send a list back to draft with a reason (issue 14): importAdmin at pending_import_admin_approval, finance at pending_finance_approval. The list shows returned {by, at, reason} until submitted again; lines are editable again.',
  })
  @ApiBadRequestResponse({ description: 'remark missing or blank (errors[].field = remark)' })
  @ApiConflictResponse({ description: 'Wrong status for the caller’s role (named)' })
  async returnList(@CurrentUser() user: AuthUser, @Body() dto: IncomingCorrectionDto): Promise<One> {
    return one('Incoming List Returned Successfully', await this.workflow.returnList(user, dto));
  }

  @Post('cancel')
  @HttpCode(200)
  @Allow('incoming.cancel')
  @Idempotent()
  @ApiOperation({ summary: 'draft → cancelled (issue 14), by the warehouseAdmin of the list’s warehouse, with a reason; final, nothing is posted.' })
  @ApiBadRequestResponse({ description: 'remark missing or blank (errors[].field = remark)' })
  @ApiForbiddenResponse({ description: 'Another warehouse than the caller’s own' })
  @ApiConflictResponse({ description: 'Wrong status (named)' })
  async cancel(@CurrentUser() user: AuthUser, @Body() dto: IncomingCorrectionDto): Promise<One> {
    return one('Incoming List Cancelled Successfully', await this.workflow.cancel(user, dto));
  }
}
