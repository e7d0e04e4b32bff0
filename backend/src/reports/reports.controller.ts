import { Body, Controller, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser } from '../common/auth/auth.decorators';
import type { AuthUser } from '../common/auth/auth-user';
import { ok, type Envelope } from '../common/http/envelope';
import { OptionalPageDto } from '../common/http/pagination.dto';
import { ValuationFilterDto, ValuationReportDto, ValuationTotalsResponse, type ValuationReportView, type ValuationTotals } from './dto/report.dto';
import { ReportsService } from './reports.service';

/** Report routes of spec 7 (Reports). */
@ApiTags('Reports')
@Controller('reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post('asset/valuations')
  @HttpCode(200)
  @Allow('reports.read')
  @ApiOperation({
    summary:
      'Asset valuation report rows: data = {valuations: [...]} with every row, or with ?page&limit (or page/limit in the body) {valuations: [the page], total_count}. Money as decimal strings. The totals are POST /api/reports/asset/valuations/totals.',
  })
  async valuations(@CurrentUser() user: AuthUser, @Query() q: OptionalPageDto, @Body() dto: ValuationReportDto): Promise<Envelope<ValuationReportView>> {
    return ok('Asset valuation report fetched successfully', await this.reports.valuations(user, dto, q));
  }

  @Post('asset/valuations/totals')
  @HttpCode(200)
  @Allow('reports.read')
  @ApiOperation({
    summary:
      'Totals of the asset valuation report over every record matching the filters: data = {records, purchasedPrice, currentValue, valuation}, money as decimal strings. Takes only the filters (no sort or paging): a screen asks once per filter, not per page.',
  })
  @ApiOkResponse({ type: ValuationTotalsResponse })
  @ApiBadRequestResponse({ description: 'A filter is not a valid id, or the body has another field (the message names it).' })
  async totals(@CurrentUser() user: AuthUser, @Body() dto: ValuationFilterDto): Promise<Envelope<ValuationTotals>> {
    return ok('Asset valuation totals fetched successfully', await this.reports.totals(user, dto));
  }

  @Post('asset/valuations/excel')
  @HttpCode(200)
  @Allow('reports.read')
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOperation({ summary: 'The same report as a streamed .xlsx named report_YYYY-MM-DD.XLSX (UTC).' })
  async excel(@CurrentUser() user: AuthUser, @Body() dto: ValuationReportDto, @Res() reply: FastifyReply): Promise<void> {
    await this.reports.writeExcel(user, dto, reply);
  }
}
