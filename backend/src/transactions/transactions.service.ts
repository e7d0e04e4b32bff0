import { BadRequestException, Injectable } from '@nestjs/common';
import { scopeWarehouse, type AuthUser } from '../common/auth/auth-user';
import { countingWarehouse } from '../inventory/blind-count';
import { mapRows, type RowSource } from '../common/export/export-files';
import { pageWindow } from '../common/http/pagination.dto';
import type { TransactionPage, TransactionSearchDto, TransactionView } from './dto/transaction-search.dto';
import { kindOf } from './transaction-kind';
import { toExportedTransaction, type ExportedTransaction } from './transactions.export';
import { TransactionsRepository, type TransactionFilter } from './transactions.repository';
import { isoDate, type TransactionRow } from './transactions.rows';

const DAY_MS = 86_400_000;

/** The UTC midnight starting the day of `value` (YYYY-MM-DD or ISO 8601). */
export function dayStart(value: string): Date {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new BadRequestException(`"${value.slice(0, 40)}" is not a date`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** Maps a ledger row with its names to the API's transaction (Transaction). */
export function toTransactionView(r: TransactionRow): TransactionView {
  return {
    _id: r.id,
    transaction_type: r.type as TransactionView['transaction_type'],
    inventory_id: r.inventoryId,
    product: { _id: r.productId, name: r.productName, code: r.productCode, category: { _id: r.categoryId, name: r.categoryName } },
    warehouse: { _id: r.warehouseId, name: r.warehouseName },
    user: { _id: r.userId, first_name: r.userFirstName, last_name: r.userLastName },
    customer: r.customerId === null ? null : { _id: r.customerId, name: r.customerName!, phone_no: r.customerPhoneNo! },
    grn: r.grn,
    gin: r.gin,
    trn: r.trn,
    taken_by: r.takenBy,
    remarks: r.remarks,
    quantity: r.quantity.map((q) => ({ name: q.name, value: Number(q.value) })),
    quantities_hidden: r.quantitiesHidden,
    transaction_date: isoDate(r.utcDate),
    source: r.source,
    source_id: r.sourceId,
    kind: kindOf(r),
    reverses: r.reversesId ? { _id: r.reversesId } : null,
    reversed_by: r.reversedById ? { _id: r.reversedById } : null,
  };
}

/**
 * Transaction history: the ledger filtered, newest first,
 * scoped to the user's warehouse (403 when asking for another one).
 */
@Injectable()
export class TransactionsService {
  constructor(private readonly repo: TransactionsRepository) {}

  /**
   * Every filter of POST /api/transactions/search; specificDate and dateRange combine (both apply).
   * `total_count` is exact up to 10,000 matches; beyond, 10,000 with `total_capped`.
   * A blind count's counter reads the movements of its records without quantities (blind-count.ts).
   */
  async search(user: AuthUser, q: TransactionSearchDto): Promise<TransactionPage> {
    const page = await this.repo.search(this.filterOf(user, q), pageWindow(q), { sort: q.sort, order: q.order }, countingWarehouse(user));
    return { transactionsList: page.rows.map(toTransactionView), total_count: page.total, total_capped: page.capped };
  }

  /**
   * Every row of {@link search} for the same filters and sort, with what the export shows (issue
   * 13; see {@link TransactionsRepository.rows}). Checks the filters (403 for another
   * warehouse) before anything is read.
   */
  exportRows(user: AuthUser, q: TransactionSearchDto): RowSource<ExportedTransaction> {
    return mapRows(this.repo.rows(this.filterOf(user, q), { sort: q.sort, order: q.order }, countingWarehouse(user)), toExportedTransaction);
  }

  /** The repository filter of a search body, scoped to the user's warehouse (403 for another). */
  private filterOf(user: AuthUser, q: TransactionSearchDto): TransactionFilter {
    const filter: TransactionFilter = {
      warehouseId: scopeWarehouse(user, q.warehouseId),
      categoryId: q.categoryId,
      type: q.transactionType,
      kinds: q.kind,
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

