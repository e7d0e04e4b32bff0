import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { scopeWarehouse, type AuthUser } from '../common/auth/auth-user';
import { ExportWorkbook } from '../common/export/export-workbook';
import { localizeColumns } from '../common/export/export-locale';
import { takeOverResponse } from '../common/http/raw-response';
import { localeOf } from '../common/i18n/document-locale';
import { pageOf, pageWindow, type OptionalPageDto } from '../common/http/pagination.dto';
import type { ValuationFilterDto, ValuationReportDto, ValuationReportView, ValuationTotals, ValuationView } from './dto/report.dto';
import { ReportsRepository, type ReportFilter } from './reports.repository';
import { toValuationView, ValuationTotaller } from './valuation';
import { VALUATION_COLUMNS, VALUATION_SHEET, valuationTotalsRow } from './valuation-workbook';

/** Rows fetched from the database per round trip while streaming the workbook. */
const BATCH = 5000;

/** `report_YYYY-MM-DD.XLSX` for the UTC day of `now`. */
export function reportFileName(now: Date): string {
  return `report_${now.toISOString().slice(0, 10)}.XLSX`;
}

/**
 * The asset valuation report: a row per inventory record,
 * filtered by category and warehouse (users tied to a warehouse get theirs; 403 for another).
 */
@Injectable()
export class ReportsService {
  private readonly logger = new Logger(ReportsService.name);

  constructor(private readonly reports: ReportsRepository) {}

  /**
   * The rows valued now, sorted (`dto.sort`/`order`, else the report's order). With `page` or
   * `limit` (1 and 10 by default), one page of rows and `total_count`; without either, every row.
   * Sorting and paging run in the database. No totals: {@link totals} answers them once per filter.
   */
  async valuations(user: AuthUser, dto: ValuationReportDto, paging: OptionalPageDto = {}): Promise<ValuationReportView> {
    const filter = this.filter(user, dto);
    const page = pageOf(paging, dto);
    const sort = { sort: dto.sort, order: dto.order };
    if (page.page === undefined && page.limit === undefined) {
      return { valuations: (await this.reports.rows(filter, new Date(), sort)).map(toValuationView) };
    }
    const [rows, count] = await Promise.all([this.reports.rows(filter, new Date(), sort, pageWindow(page)), this.reports.count(filter)]);
    return { valuations: rows.map(toValuationView), total_count: count };
  }

  /** The number of records matching `dto` and the exact sums of their money, valued now, in the database. */
  async totals(user: AuthUser, dto: ValuationFilterDto): Promise<ValuationTotals> {
    return this.reports.totals(this.filter(user, dto), new Date());
  }

  /**
   * Streams the same report (every row, valued by the same SQL as the JSON rows) as .xlsx into
   * the Node response of `reply`, a batch of rows at a time; between batches it waits for the
   * download to take the file (backpressure) while holding no database transaction, so a slow
   * client never stalls other requests. The totals row adds up the file's rows. The file starts
   * with the first batch: a failure before it still answers with the usual error body.
   */
  async writeExcel(user: AuthUser, dto: ValuationReportDto, reply: FastifyReply): Promise<void> {
    const filter = this.filter(user, dto);
    const now = new Date();
    const columns = localizeColumns(VALUATION_COLUMNS, localeOf(reply.request));
    let book: ExportWorkbook<ValuationView> | undefined;
    const workbook = (): ExportWorkbook<ValuationView> => {
      if (book) return book;
      const res = takeOverResponse(reply);
      res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      res.setHeader('Content-Disposition', `attachment; filename="${reportFileName(now)}"`);
      return (book = new ExportWorkbook(res, VALUATION_SHEET, columns));
    };
    const totaller = new ValuationTotaller();
    try {
      await this.reports.stream(filter, now, BATCH, async (rows) => {
        for (const row of rows) {
          const v = toValuationView(row);
          totaller.add(v);
          workbook().addRow(v);
        }
        await workbook().drained();
      });
      await workbook().finish(valuationTotalsRow(totaller.totals()));
    } catch (err) {
      if (!book) throw err;
      // The status line is gone: end the download abruptly so the client sees a failure.
      this.logger.error(`Excel export failed: ${err instanceof Error ? err.stack : String(err)}`);
      reply.raw.destroy(err instanceof Error ? err : undefined);
    }
  }

  private filter(user: AuthUser, dto: ValuationFilterDto): ReportFilter {
    return { categoryId: dto.productCategoryId, warehouseId: scopeWarehouse(user, dto.warehouseId) };
  }
}
