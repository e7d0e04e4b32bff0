import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COUNT_RULE } from '../common/http/capped-count';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser } from '../common/auth/auth.decorators';
import { ApiExport, offsetPages, sendExport } from '../common/export/export-stream';
import { ExportUnits } from '../common/export/unit-columns';
import type { AuthUser } from '../common/auth/auth-user';
import { ok, type Envelope } from '../common/http/envelope';
import { ParseIdPipe } from '../common/http/id.pipe';
import { Idempotent } from '../common/idempotency/idempotent.decorator';
import { AdjustmentListQueryDto, ApproveAdjustmentDto, CreateAdjustmentDto, RejectAdjustmentDto } from './dto/adjustment.dto';
import type { AdjustmentPage, AdjustmentView } from './dto/adjustment-view';
import { adjustmentExportColumns, AdjustmentExportQueryDto } from './adjustments.export';
import { AdjustmentsService } from './adjustments.service';

type One = Envelope<{ adjustment: AdjustmentView }>;
const one = (message: string, adjustment: AdjustmentView): One => ok(message, { adjustment });

const SHAPE =
  'data = {adjustment: {_id, inventory {_id}, product {_id, name, code}, warehouse {_id, name}, quantity [{name, value}] (positive adds, negative removes), reason, remark, status (pending_approval|approved|rejected), created_by {_id, first_name, last_name}, createdAt, decided_by {…}|null, decidedAt|null, decision_remark|null, transactions [{_id}]}} (issue 15)';

/** Stock adjustments: requested by the warehouseAdmin, approved or rejected by finance. */
@ApiTags('Adjustments')
@Controller('adjustments')
export class AdjustmentsController {
  constructor(
    private readonly adjustments: AdjustmentsService,
    private readonly units: ExportUnits,
  ) {}

  @Get(['', 'all'])
  @Allow('adjustments.read')
  @ApiOperation({
    summary:
      'A page of stock adjustments (only the caller’s warehouse for users tied to one), newest first or by sort; ?page&limit&search (product name or code)&status&reason&warehouse&from&to&sort (createdAt, status, reason)&order.',
  })
  @ApiOkResponse({ description: `data = {adjustment_all: [adjustment as in GET one/{id}], total_count, total_capped}: ${COUNT_RULE}` })
  @ApiBadRequestResponse({ description: 'A bad page, limit, search, status, reason, warehouse, from, to, sort or order (errors[].field names it)' })
  @ApiForbiddenResponse({ description: 'Another warehouse than the caller’s own' })
  async list(@CurrentUser() user: AuthUser, @Query() q: AdjustmentListQueryDto): Promise<Envelope<AdjustmentPage>> {
    return ok('Adjustments fetched successfully', await this.adjustments.list(user, q));
  }

  @Get('export')
  @Allow('adjustments.read')
  @ApiExport('Stock adjustments as CSV or Excel (?format=csv|xlsx), with the filters, scope and sort of GET /adjustments/all; the quantity a numeric column per unit.')
  @ApiForbiddenResponse({ description: 'Another warehouse than the caller’s own' })
  async export(@CurrentUser() user: AuthUser, @Query() q: AdjustmentExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    const pages = offsetPages(async (w) => (await this.adjustments.list(user, { ...q, ...w })).adjustment_all);
    await sendExport(reply, 'adjustments', q.format, adjustmentExportColumns(await this.units.all()), pages);
  }

  @Get('one/:id')
  @Allow('adjustments.read')
  @ApiOperation({ summary: 'One stock adjustment.' })
  @ApiOkResponse({ description: SHAPE })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  async one(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string): Promise<One> {
    return one('Adjustment fetched successfully', await this.adjustments.one(user, id));
  }

  @Post('create')
  @Allow('adjustments.create')
  @Idempotent()
  @ApiOperation({
    summary:
      'Request a stock adjustment of an inventory record of the caller’s warehouse: quantity [{name, value}] non-zero (positive adds, negative removes), reason damaged|expired|lost|found|other, remark required. Status pending_approval; nothing is posted until finance approves.',
  })
  @ApiCreatedResponse({ description: SHAPE })
  @ApiNotFoundResponse({ description: 'Unknown inventory record' })
  @ApiConflictResponse({ description: 'The product or warehouse was removed' })
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateAdjustmentDto): Promise<One> {
    return one('Adjustment Created Successfully', await this.adjustments.create(user, dto));
  }

  @Post('approve')
  @HttpCode(200)
  @Allow('adjustments.approve')
  @Idempotent()
  @ApiOperation({
    summary:
      'pending_approval → approved: posts the adjustment through the stock ledger (additions as an incoming row, removals as an outgoing row; source adjustment). 409 and no change when a removal exceeds what is available.',
  })
  @ApiOkResponse({ description: SHAPE })
  @ApiNotFoundResponse({ description: 'Unknown adjustment' })
  @ApiConflictResponse({ description: 'Not pending, or a removal above what is available (naming product, unit, requested and available)' })
  async approve(@CurrentUser() user: AuthUser, @Body() dto: ApproveAdjustmentDto): Promise<One> {
    return one('Adjustment Approved Successfully', await this.adjustments.approve(user, dto));
  }

  @Post('reject')
  @HttpCode(200)
  @Allow('adjustments.approve')
  @Idempotent()
  @ApiOperation({ summary: 'pending_approval → rejected, with the reason (remark, required). Nothing is posted.' })
  @ApiOkResponse({ description: SHAPE })
  @ApiNotFoundResponse({ description: 'Unknown adjustment' })
  @ApiConflictResponse({ description: 'Not pending' })
  async reject(@CurrentUser() user: AuthUser, @Body() dto: RejectAdjustmentDto): Promise<One> {
    return one('Adjustment Rejected Successfully', await this.adjustments.reject(user, dto));
  }
}
