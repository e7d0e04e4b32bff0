import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { scopeWarehouse, type AuthUser } from '../common/auth/auth-user';
import { ExportWorkbook } from '../common/export/export-workbook';
import { localizeColumns } from '../common/export/export-locale';
import { localeOf } from '../common/i18n/document-locale';
import { sortRows } from '../common/http/sort';
import type { ValuationFilterDto, ValuationReportView, ValuationSortField, ValuationView } from './dto/report.dto';
import { ReportsRepository, type ReportFilter } from './reports.repository';
import { toValuationView, ValuationTotaller } from './valuation';
import { VALUATION_COLUMNS, VALUATION_SHEET, valuationTotalsRow } from './valuation-workbook';

/** Rows fetched from the database per round trip while streaming the workbook. */
const BATCH = 5000;

/** `report_YYYY-MM-DD.XLSX` for the UTC day of `now` (spec 7 Reports, spec 9). */
export function reportFileName(now: Date): string {
  return `report_${now.toISOString().slice(0, 10)}.XLSX`;
}

/** Money fields, sent as decimal strings but sorted as numbers. */
const MONEY_FIELDS = new Set<ValuationSortField>(['purchasedPrice', 'currentValue', 'valuation']);

/** The value a valuation row sorts by (issue 13): numbers for quantities and money, else the text. */
function valuationSortValue(v: ValuationView, field: ValuationSortField): string | number | null {
  if (field === 'quantity') return v.quantity.value;
  const value = v[field];
  return typeof value === 'string' && MONEY_FIELDS.has(field) ? Number(value) : value;
}

/**
 * The asset valuation report (spec 2, 7 Reports, 9 depreciation): a row per inventory record,
 * filtered by category and warehouse (users tied to a warehouse get theirs; 403 for another).
 */
@Injectable()
export class ReportsService {
  private readonly logger = new Logger(ReportsService.name);

  constructor(private readonly reports: ReportsRepository) {}

  /** Rows and exact totals as JSON. */
  async valuations(user: AuthUser, dto: ValuationFilterDto): Promise<ValuationReportView> {
    const now = new Date();
    const totaller = new ValuationTotaller();
    const valuations = (await this.reports.list(this.filter(user, dto))).map((r) => toValuationView(r, now));
    valuations.forEach((v) => totaller.add(v));
    return { valuations: sortRows(valuations, dto, valuationSortValue, (v) => v._id), totals: totaller.totals() };
  }

  /**
   * Streams the same report as .xlsx into `res`, a batch of rows at a time; between batches it
   * waits for the download to take the file (backpressure) while holding no database
   * transaction, so a slow client never stalls other requests.
   */
  async writeExcel(user: AuthUser, dto: ValuationFilterDto, res: Response): Promise<void> {
    const filter = this.filter(user, dto);
    const now = new Date();
    res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('Content-Disposition', `attachment; filename="${reportFileName(now)}"`);
    const book = new ExportWorkbook(res, VALUATION_SHEET, localizeColumns(VALUATION_COLUMNS, localeOf(res.req)));
    const totaller = new ValuationTotaller();
    try {
      await this.reports.stream(filter, BATCH, async (rows) => {
        for (const row of rows) {
          const v = toValuationView(row, now);
          totaller.add(v);
          book.addRow(v);
        }
        await book.drained();
      });
      await book.finish(valuationTotalsRow(totaller.totals()));
    } catch (err) {
      if (!res.headersSent) throw err;
      // The status line is gone: end the download abruptly so the client sees a failure.
      this.logger.error(`Excel export failed: ${err instanceof Error ? err.stack : String(err)}`);
      res.destroy(err instanceof Error ? err : undefined);
    }
  }

  private filter(user: AuthUser, dto: ValuationFilterDto): ReportFilter {
    return { categoryId: dto.productCategoryId, warehouseId: scopeWarehouse(user, dto.warehouseId) };
  }
}
