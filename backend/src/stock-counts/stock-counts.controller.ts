import { Body, Controller, Get, HttpCode, Param, PayloadTooLargeException, Post, Query, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiConsumes, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser } from '../common/auth/auth.decorators';
import { ApiExport, offsetPages, sendExport } from '../common/export/export-stream';
import type { AuthUser } from '../common/auth/auth-user';
import { COUNT_RULE } from '../common/http/capped-count';
import { ok, type Envelope } from '../common/http/envelope';
import { ParseIdPipe } from '../common/http/id.pipe';
import { FileUpload, type UploadedBuffer } from '../common/http/multipart';
import { Idempotent } from '../common/idempotency/idempotent.decorator';
import { CountSheetQueryDto, CreateStockCountDto, ReturnStockCountDto, StockCountListQueryDto, StockCountStepDto, UpdateCountLineDto } from './dto/stock-count.dto';
import type { StockCountLineView, StockCountPage, StockCountView } from './dto/stock-count-view';
import { StockCountApprovalService } from './stock-count-approval.service';
import { StockCountSheetService } from './stock-count-sheet.service';
import { STOCK_COUNT_EXPORT_COLUMNS, StockCountExportQueryDto } from './stock-counts.export';
import { StockCountsService } from './stock-counts.service';

type One = Envelope<{ stock_count: StockCountView }>;
const one = (message: string, stock_count: StockCountView): One => ok(message, { stock_count });

const SHAPE =
  'data = {stock_count: {_id, number, status (counting|pending_approval|posted|cancelled), warehouse {_id, name}, category {_id, name}|null, blind, created_by, createdAt, submitted_by|null, submittedAt|null, returned_by|null, returnedAt|null, return_reason|null, approved_by|null, approvedAt|null, cancelled_by|null, cancelledAt|null, line_count, counted_count, lines [{_id, inventory {_id}, product {_id, name, code, units}, expected|null, counted|null, counted_by|null, countedAt|null, movements_before_count|null, movements_after_count|null, difference|null, difference_value|null}], remarks [{content, remark_by, createdAt}], difference_value_total|null}}';

/** The count sheet upload: one xlsx file of at most 5 MB in the form field `file`. */
const SHEET_UPLOAD = FileUpload({
  field: 'file',
  storage: 'memory',
  limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 5 },
  tooLarge: () => new PayloadTooLargeException('File too large'),
  wrongField: 'Send one file in the form field "file"',
});

/** Stock counts: counted by the warehouseAdmin, approved (posting the differences) or returned by finance. */
@ApiTags('Stock counts')
@Controller('stockCounts')
export class StockCountsController {
  constructor(
    private readonly counts: StockCountsService,
    private readonly approval: StockCountApprovalService,
    private readonly sheets: StockCountSheetService,
  ) {}

  @Get(['', 'all'])
  @Allow('stockCounts.read')
  @ApiOperation({ summary: 'A page of stock counts, newest first: search (number, SC-12), status (one or several), warehouse, from/to (created days), sort createdAt|number|status. A warehouseAdmin sees its warehouse’s.' })
  @ApiOkResponse({ description: `data = {stock_count_all: [count without lines and remarks], total_count, total_capped}: ${COUNT_RULE}` })
  async all(@CurrentUser() user: AuthUser, @Query() q: StockCountListQueryDto): Promise<Envelope<StockCountPage>> {
    return ok('Stock counts fetched successfully', await this.counts.list(user, q));
  }

  @Get('export')
  @Allow('stockCounts.read')
  @ApiExport('Stock counts as CSV or Excel (?format=csv|xlsx), with the filters, scope and sort of GET /stockCounts/all.')
  @ApiForbiddenResponse({ description: 'Another warehouse than the caller’s own' })
  async export(@CurrentUser() user: AuthUser, @Query() q: StockCountExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    const pages = offsetPages(async (w) => (await this.counts.list(user, { ...q, ...w })).stock_count_all);
    await sendExport(reply, 'stock_counts', q.format, STOCK_COUNT_EXPORT_COLUMNS, pages);
  }

  @Get('one/:id')
  @Allow('stockCounts.read')
  @ApiOkResponse({ description: SHAPE })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  @ApiForbiddenResponse({ description: 'Another warehouse’s count' })
  async one(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string): Promise<One> {
    return one('Stock count fetched successfully', await this.counts.view(user, id));
  }

  @Get(':id/sheet')
  @Allow('stockCounts.read')
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOperation({ summary: 'The count sheet (xlsx): Line, Product, Code, Unit, Expected (not for a blind count’s counter), Counted; one row per line and unit.' })
  async sheet(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string, @Query() _q: CountSheetQueryDto): Promise<StreamableFile> {
    const { file, filename } = await this.sheets.sheet(user, id);
    return new StreamableFile(file, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', disposition: `attachment; filename="${filename}"`, length: file.length });
  }

  @Post(':id/upload')
  @Allow('stockCounts.count')
  @HttpCode(200)
  @UseInterceptors(SHEET_UPLOAD)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOperation({ summary: 'Upload the filled count sheet (form field file): non-empty Counted cells set what was counted; any bad row answers 400 {message, errors [{row, field, message}]} and nothing is applied.' })
  @ApiOkResponse({ description: SHAPE })
  @ApiBadRequestResponse({ description: 'No xlsx file, or rows that cannot be applied' })
  async upload(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string, @UploadedFile() file: UploadedBuffer | undefined): Promise<One> {
    return one('Count sheet uploaded successfully', await this.sheets.upload(user, id, file));
  }

  @Post('create')
  @Allow('stockCounts.count')
  @Idempotent()
  @ApiOperation({ summary: 'Start a count of the caller’s warehouse: {warehouse, category?, blind?}; one line per stock record with its expected on hand now. 409 nothing to count.' })
  @ApiCreatedResponse({ description: SHAPE })
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateStockCountDto): Promise<One> {
    return one('Stock Count Created Successfully', await this.counts.create(user, dto));
  }

  @Post('line/update')
  @Allow('stockCounts.count')
  @HttpCode(200)
  @ApiOperation({ summary: 'What was counted of one line: {count_id, line_id, counted [{name, value >= 0}]}; while counting.' })
  @ApiOkResponse({ description: 'data = {line}: the line as in the count' })
  async updateLine(@CurrentUser() user: AuthUser, @Body() dto: UpdateCountLineDto): Promise<Envelope<{ line: StockCountLineView }>> {
    return ok('Count line updated successfully', await this.counts.updateLine(user, dto));
  }

  @Post('submit')
  @Allow('stockCounts.count')
  @HttpCode(200)
  @ApiOkResponse({ description: SHAPE })
  @ApiConflictResponse({ description: 'Not counting, or nothing counted' })
  async submit(@CurrentUser() user: AuthUser, @Body() dto: StockCountStepDto): Promise<One> {
    return one('Stock Count Submitted Successfully', await this.counts.submit(user, dto));
  }

  @Post('approve')
  @Allow('stockCounts.approve')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({ summary: 'Post each counted unit’s difference, counted - (expected + movements before it was counted), as count-correction ledger rows on top of the current levels: the record ends at counted + the movements after the count. 409 not pending approval, or a removal above what is available.' })
  @ApiOkResponse({ description: SHAPE })
  async approve(@CurrentUser() user: AuthUser, @Body() dto: StockCountStepDto): Promise<One> {
    return one('Stock Count Approved Successfully', await this.approval.approve(user, dto));
  }

  @Post('return')
  @Allow('stockCounts.approve')
  @HttpCode(200)
  @ApiOkResponse({ description: SHAPE })
  async return(@CurrentUser() user: AuthUser, @Body() dto: ReturnStockCountDto): Promise<One> {
    return one('Stock Count Returned Successfully', await this.counts.return(user, dto));
  }

  @Post('cancel')
  @Allow('stockCounts.count')
  @HttpCode(200)
  @ApiOkResponse({ description: SHAPE })
  async cancel(@CurrentUser() user: AuthUser, @Body() dto: StockCountStepDto): Promise<One> {
    return one('Stock Count Cancelled Successfully', await this.counts.cancel(user, dto));
  }
}
