import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { assertWarehouseAccess, type AuthUser } from '../common/auth/auth-user';
import type { Tx } from '../database/database';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import type { CorrectionDto, StepDto } from './dto/outgoing.dto';
import type { OutgoingListView } from './dto/outgoing-view';
import { correctionStep, STEPS, stepConflict, type OutgoingStep } from './outgoing-status';
import { OutgoingRepository, type OutgoingListRow } from './outgoing.repository';
import { OutgoingViews } from './outgoing-views.service';

type Patch = Parameters<OutgoingRepository['transition']>[4];

/**
 * The outgoing list flow (spec 4): submit (sales) → verify (salesSupervisor) → approve
 * (finance, reserves every line) → deliver (warehouseAdmin of the list's warehouse, issues
 * the reserved stock); return (back to draft with a reason) and cancel (final, releasing an
 * approved list's reservation), issue 14. Each step is one transaction whose status change is a conditional
 * UPDATE, so of parallel requests exactly one acts; any other step answers 409 naming the
 * current status and changes nothing.
 */
@Injectable()
export class OutgoingWorkflow {
  constructor(
    private readonly repo: OutgoingRepository,
    private readonly views: OutgoingViews,
    private readonly ledger: StockLedgerService,
  ) {}

  /** draft → pending_sales_supervisor_approval; 409 when the list has no lines. */
  submit(user: AuthUser, dto: StepDto): Promise<OutgoingListView> {
    // a submission clears the last return (issue 14): the list is no longer "returned"
    const patch = { submittedBy: user.id, submittedAt: new Date(), returnedBy: null, returnedAt: null, returnReason: null };
    return this.advance(user, dto, STEPS.submit, patch, async (tx, list) => {
      if (!(await this.repo.itemsOf([list.id], tx)).length) {
        throw new ConflictException('Add at least one product before submitting the list');
      }
    });
  }

  /** pending_sales_supervisor_approval → pending_finance_approval. */
  verify(user: AuthUser, dto: StepDto): Promise<OutgoingListView> {
    return this.advance(user, dto, STEPS.verify, { verifiedBy: user.id, verifiedAt: new Date() });
  }

  /** pending_finance_approval → approved, reserving every line (409 and no change when short). */
  approve(user: AuthUser, dto: StepDto): Promise<OutgoingListView> {
    return this.advance(user, dto, STEPS.approve, { approvedBy: user.id, approvedAt: new Date() }, async (tx, list) => {
      for (const { item } of await this.linesInLockOrder(tx, list.id)) {
        await this.ledger.reserve(tx, item.inventoryId, item.quantity);
      }
    });
  }

  /** approved → delivered: deducts on-hand and the reservation, one ledger row per line. */
  deliver(user: AuthUser, dto: StepDto): Promise<OutgoingListView> {
    const patch = { deliveryOverseenBy: user.id, deliveredOn: new Date() };
    return this.advance(user, dto, STEPS.deliver, patch, async (tx, list) => {
      for (const { item } of await this.linesInLockOrder(tx, list.id)) {
        await this.ledger.issue(tx, {
          inventoryId: item.inventoryId,
          quantity: item.quantity,
          gin: list.gin,
          userId: user.id,
          customerId: list.customerId,
          fromReserved: true,
          source: 'outgoing_list',
          sourceId: list.id,
        });
      }
    });
  }

  /**
   * Sends a list back to draft with the reason (issue 14): the salesSupervisor at
   * pending_sales_supervisor_approval, finance at pending_finance_approval (nothing is reserved
   * yet). The list carries `returned {by, at, reason}` until it is submitted again.
   */
  returnList(user: AuthUser, dto: CorrectionDto): Promise<OutgoingListView> {
    return this.advance(user, dto, correctionStep('return', user.role), { returnedBy: user.id, returnedAt: new Date(), returnReason: dto.remark });
  }

  /**
   * Cancels a list for good (issue 14): sales in draft; finance once approved and not yet
   * delivered, releasing the whole reservation of its lines in the same transaction (of a
   * cancel racing a delivery exactly one moves the list out of approved).
   */
  cancel(user: AuthUser, dto: CorrectionDto): Promise<OutgoingListView> {
    const step = correctionStep('cancel', user.role);
    return this.advance(user, dto, step, { cancelledBy: user.id, cancelledAt: new Date() }, async (tx, list) => {
      if (step.from !== 'approved') return;
      for (const { item } of await this.linesInLockOrder(tx, list.id)) {
        await this.ledger.release(tx, item.inventoryId, item.quantity);
      }
    });
  }

  /**
   * Runs one step in a transaction: 404 unknown list, 403 another warehouse, 409 naming the
   * status when the list is not in `step.from` (also when a parallel request moved it first).
   */
  private async advance(
    user: AuthUser,
    dto: StepDto,
    step: OutgoingStep,
    patch: Patch,
    effect?: (tx: Tx, list: OutgoingListRow) => Promise<void>,
  ): Promise<OutgoingListView> {
    await this.ledger.run(async (tx) => {
      const list = await this.repo.findList(dto.list_id, tx);
      if (!list) throw new NotFoundException('Outgoing list not found');
      assertWarehouseAccess(user, list.warehouseId);
      const moved = await this.repo.transition(tx, list.id, step.from, step.to, patch);
      if (!moved) throw stepConflict(step, (await this.repo.findList(list.id, tx))?.status ?? list.status);
      if (effect) await effect(tx, moved);
      if (dto.remark) await this.repo.insertRemark(tx, list.id, dto.remark, user.id);
    });
    return this.views.one(dto.list_id);
  }

  /**
   * Lines sorted by inventory id (the ledger locks records in this order to avoid deadlocks),
   * then line id: a stock on several lines (one per unit price) is reserved and issued per line.
   */
  private async linesInLockOrder(tx: Tx, listId: string) {
    const lines = await this.repo.itemsOf([listId], tx);
    const key = ({ item }: (typeof lines)[number]) => `${item.inventoryId}/${item.id}`;
    return lines.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  }
}
