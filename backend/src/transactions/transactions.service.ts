import { BadRequestException, Injectable } from '@nestjs/common';
import { scopeWarehouse, type AuthUser } from '../common/auth/auth-user';
import { offsetPages } from '../common/export/export-stream';
import { pageWindow } from '../common/http/pagination.dto';
import type { TransactionPage, TransactionSearchDto, TransactionView } from './dto/transaction-search.dto';
import { TransactionsRepository, type TransactionFilter, type TransactionRow } from './transactions.repository';

const DAY_MS = 86_400_000;

/** Ledger rows per export page. */
const EXPORT_PAGE = 2000;

/** The UTC midnight starting the day of `value` (YYYY-MM-DD or ISO 8601). */
export function dayStart(value: string): Date {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new BadRequestException(`"${value.slice(0, 40)}" is not a date`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** Maps a joined ledger row to the API's transaction (spec 3, Transaction). */
export function toTransactionView(r: TransactionRow): TransactionView {
  return {
    _id: r.id,
    transaction_type: r.type as TransactionView['transaction_type'],
    inventory_id: r.inventoryId,
    product: { _id: r.product.id, name: r.product.name, code: r.product.code, category: { _id: r.category.id, name: r.category.name } },
    warehouse: { _id: r.warehouse.id, name: r.warehouse.name },
    user: { _id: r.user.id, first_name: r.user.firstName, last_name: r.user.lastName },
    customer: r.customer && { _id: r.customer.id, name: r.customer.name, phone_no: r.customer.phoneNo },
    grn: r.grn,
    gin: r.gin,
    taken_by: r.takenBy,
    remarks: r.remarks,
    quantity: r.quantity.map((q) => ({ name: q.name, value: Number(q.value) })),
    transaction_date: r.date.toISOString(),
    source: r.source,
    source_id: r.sourceId,
  };
}

/**
 * Transaction history (spec 7 Transactions, issue 4): the ledger filtered, newest first,
 * scoped to the user's warehouse (403 when asking for another one).
 */
@Injectable()
export class TransactionsService {
  constructor(private readonly repo: TransactionsRepository) {}

  /** Every filter of POST /api/transactions/search; specificDate and dateRange combine (both apply). */
  async search(user: AuthUser, q: TransactionSearchDto): Promise<TransactionPage> {
    const page = await this.repo.search(this.filterOf(user, q), pageWindow(q), { sort: q.sort, order: q.order });
    return { transactionsList: page.rows.map(toTransactionView), total_count: page.total };
  }

  /**
   * Every row of {@link search} for the same filters and sort, a page at a time (issue 13
   * export): newest first by keyset pages of {@link EXPORT_PAGE} rows (each as fast however deep,
   * no transaction held between them); with `sort`, pages of the search itself.
   */
  async *pages(user: AuthUser, q: TransactionSearchDto): AsyncGenerator<TransactionView[]> {
    const filter = this.filterOf(user, q);
    if (q.sort) {
      yield* offsetPages(async (w) => (await this.search(user, { ...q, ...w })).transactionsList);
      return;
    }
    let after: { date: string; id: string } | undefined;
    for (;;) {
      const rows = await this.repo.pageAfter(filter, after, EXPORT_PAGE);
      if (rows.length > 0) yield rows.map(toTransactionView);
      if (rows.length < EXPORT_PAGE) return;
      const last = rows[rows.length - 1];
      after = { date: last.cursorDate, id: last.id };
    }
  }

  /** The repository filter of a search body, scoped to the user's warehouse (403 for another). */
  private filterOf(user: AuthUser, q: TransactionSearchDto): TransactionFilter {
    const filter: TransactionFilter = {
      warehouseId: scopeWarehouse(user, q.warehouseId),
      categoryId: q.categoryId,
      type: q.transactionType,
      grn: q.grnSearchQuery,
      gin: q.ginSearchQuery,
      customer: q.customerSearchQuery,
      product: q.productSearchQuery,
    };
    const bounds: { from: Date; to: Date }[] = [];
    if (q.specificDate) bounds.push(this.days(q.specificDate, q.specificDate));
    if (q.dateRange) bounds.push(this.days(q.dateRange[0], q.dateRange[1]));
    if (bounds.length) {
      filter.from = new Date(Math.max(...bounds.map((b) => b.from.getTime())));
      filter.to = new Date(Math.min(...bounds.map((b) => b.to.getTime())));
    }
    return filter;
  }

  /** `[start of first day, start of the day after last)`; 400 when the range is reversed. */
  private days(first: string, last: string): { from: Date; to: Date } {
    const from = dayStart(first);
    const to = new Date(dayStart(last).getTime() + DAY_MS);
    if (to <= from) throw new BadRequestException('The end date is before the start date');
    return { from, to };
  }
}
