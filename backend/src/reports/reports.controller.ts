import { Body, Controller, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Allow, CurrentUser } from '../common/auth/auth.decorators';
import type { AuthUser } from '../common/auth/auth-user';
import { ok, type Envelope } from '../common/http/envelope';
import { OptionalPageDto } from '../common/http/pagination.dto';
import { ValuationFilterDto, type ValuationReportView } from './dto/report.dto';
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
      'Asset valuation report: data = {valuations: [...], totals} with every row, or with ?page&limit (or page/limit in the body) {valuations: [the page], totals, total_count}; totals always over every matching row. Money as decimal strings.',
  })
  async valuations(@CurrentUser() user: AuthUser, @Query() q: OptionalPageDto, @Body() dto: ValuationFilterDto): Promise<Envelope<ValuationReportView>> {
    return ok('Asset valuation report fetched successfully', await this.reports.valuations(user, dto, q));
  }

  @Post('asset/valuations/excel')
  @HttpCode(200)
  @Allow('reports.read')
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOperation({ summary: 'The same report as a streamed .xlsx named report_YYYY-MM-DD.XLSX (UTC).' })
  async excel(@CurrentUser() user: AuthUser, @Body() dto: ValuationFilterDto, @Res() res: Response): Promise<void> {
    await this.reports.writeExcel(user, dto, res);
  }
}
