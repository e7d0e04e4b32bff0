import { ConflictException, Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { assertWarehouseAccess, type AuthUser } from '../common/auth/auth-user';
import { countingWarehouse } from '../inventory/blind-count';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import type { ReversedTransaction, ReverseTransactionDto } from './dto/transaction-search.dto';
import { TransactionsRepository } from './transactions.repository';
import { toTransactionView } from './transactions.service';

/** The unique index allowing one reversal per movement. */
const REVERSES_UQ = 'stock_transactions_reverses_uq';

/** POST /api/transactions/reverse: the reversal of a direct receipt or issue. */
@Injectable()
export class TransactionReversalService {
  constructor(
    private readonly ledger: StockLedgerService,
    private readonly repo: TransactionsRepository,
    private readonly audit: AuditService,
  ) {}

  /**
   * Reverses a direct receipt or issue (see {@link StockLedgerService.reverse}) for the
   * warehouseAdmin of the movement's warehouse (403 for another), once. Returns the new
   * reversal row and the original as the lists show them. Recorded as `reverse` on the
   * ORIGINAL's audit trail, so its history shows it was reversed, in the same
   * transaction: `{reversed_by: null -> reversal id}` and the remark.
   */
  async reverse(user: AuthUser, dto: ReverseTransactionDto): Promise<ReversedTransaction> {
    let r: { transactionId: string; originalId: string };
    try {
      r = await this.ledger.run(async (tx) => {
        const reversed = await this.ledger.reverse(tx, {
          transactionId: dto.transaction_id,
          userId: user.id,
          remarks: dto.remark,
          authorize: (original) => assertWarehouseAccess(user, original.warehouseId),
        });
        await this.audit.record(tx, {
          action: 'reverse',
          entity: 'transaction',
          entityId: reversed.originalId,
          changes: [
            { field: 'reversed_by', before: null, after: reversed.transactionId },
            { field: 'remark', before: null, after: dto.remark },
          ],
        });
        return reversed;
      });
    } catch (e) {
      // backstop of the row lock: a parallel reversal of the same movement committed first
      if (isUniqueViolation(e, REVERSES_UQ)) throw new ConflictException('This movement was already reversed');
      throw e;
    }
    const page = await this.repo.search({ ids: [r.transactionId, r.originalId] }, { limit: 2, offset: 0 }, {}, countingWarehouse(user));
    const views = page.rows.map(toTransactionView);
    return { reversal: views.find((v) => v._id === r.transactionId)!, original: views.find((v) => v._id === r.originalId)! };
  }
}

/** True when `err` (or a cause Drizzle wrapped) is a unique violation of `constraint`. */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  type Pg = { code?: unknown; constraint?: unknown; cause?: unknown };
  for (let e = err as Pg | undefined, i = 0; e && typeof e === 'object' && i < 5; e = e.cause as Pg | undefined, i++) {
    if (e.code === '23505' && e.constraint === constraint) return true;
  }
  return false;
}
