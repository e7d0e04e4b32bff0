import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { change, remarkChanges, statusChange } from '../audit/list-changes';
import type { AuthUser } from '../common/auth/auth-user';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import type { StockCountStepDto } from './dto/stock-count.dto';
import type { StockCountView } from './dto/stock-count-view';
import { countName } from './stock-count-rules';
import { differenceOf, lineMovements } from './stock-count-views';
import { StockCountsRepository } from './stock-counts.repository';
import { StockCountsService } from './stock-counts.service';

/**
 * Finance's approval of a stock count, in one `StockLedgerService.run` transaction that
 * locks the count first (a second approval answers 409).
 */
@Injectable()
export class StockCountApprovalService {
  constructor(
    private readonly repo: StockCountsRepository,
    private readonly ledger: StockLedgerService,
    private readonly audit: AuditService,
    private readonly counts: StockCountsService,
  ) {}

  /**
   * pending_approval -> posted: each counted line's difference per unit (counted - (expected +
   * the unit's movements posted before it was counted), the units that differ) is posted as
   * count-correction ledger rows (source `stock_count`, remarks `Count correction SC-<n>`) on top
   * of the record's CURRENT levels, so the record ends at counted + the movements posted after
   * the unit was counted. All lines in set-based statements ({@link StockLedgerService.adjustMany}). 404; 409 not pending approval, or a removal above what is available now
   * (naming product, unit, requested, available; nothing changes).
   */
  async approve(user: AuthUser, dto: StockCountStepDto): Promise<StockCountView> {
    await this.ledger.run(async (tx) => {
      const count = await this.repo.lock(dto.count_id, tx);
      if (!count) throw new NotFoundException('Stock count not found');
      if (count.status !== 'pending_approval') throw new ConflictException(`Only a count pending approval can be approved: this count is ${count.status}`);
      const remarks = `Count correction ${countName(count.number)}`;
      const corrections = [];
      const moves = await this.repo.movementsAroundCount(count, tx);
      for (const line of await this.repo.lines(count.id, tx)) {
        if (!line.counted) continue;
        const difference = differenceOf(line.expected, line.counted, lineMovements(line.id, line.units, moves).before).filter((d) => d.value !== 0);
        if (!difference.length) continue;
        const gone = difference.find((d) => !line.units.includes(d.name));
        if (gone) throw new ConflictException(`"${gone.name}" is no longer a unit of ${line.productName}: return the count to recount it`);
        corrections.push({ lineId: line.id, inventoryId: line.inventoryId, quantity: difference });
      }
      const posted = await this.ledger.adjustMany(tx, { records: corrections, userId: user.id, remarks, source: 'stock_count', sourceId: count.id });
      await this.repo.setPostedMany(corrections.map((c, i) => ({ id: c.lineId, incomingTransactionId: posted[i].incomingId, outgoingTransactionId: posted[i].outgoingId })), tx);
      const corrected = corrections.length;
      await this.repo.update(count.id, { status: 'posted', approvedBy: user.id, approvedAt: new Date() }, tx);
      if (dto.remark) await this.repo.addRemark(count.id, dto.remark, user.id, tx);
      await this.audit.record(tx, {
        action: 'approve',
        entity: 'stock_count',
        entityId: count.id,
        changes: [statusChange('pending_approval', 'posted'), change('corrected_lines', null, corrected), ...remarkChanges(dto.remark)],
      });
    });
    return this.counts.view(user, dto.count_id);
  }
}
