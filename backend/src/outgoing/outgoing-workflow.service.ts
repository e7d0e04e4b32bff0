import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuditAction } from '@inventory/common';
import { assertWarehouseAccess, type AuthUser } from '../common/auth/auth-user';
import type { Tx } from '../database/database';
import type { AuditChange } from '../database/schema';
import { movedLines, remarkChanges, statusChange } from '../audit/list-changes';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import type { CorrectionDto, StepDto } from './dto/outgoing.dto';
import type { OutgoingListView } from './dto/outgoing-view';
import { correctionStep, STEPS, stepConflict, type OutgoingStep } from './outgoing-status';
import { OutgoingRepository, type ItemWithProduct, type OutgoingListRow } from './outgoing.repository';
import { OutgoingViews } from './outgoing-views.service';

type Patch = Parameters<OutgoingRepository['transition']>[4];

/** Each line's product and quantity, as the audit trail lists what a step moved. */
const linesMoved = (lines: ItemWithProduct[]) => lines.map(({ item, product }) => ({ product: product.name, quantity: item.quantity }));

/**
 * The outgoing list flow: submit (sales) → verify (salesSupervisor) → approve
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
    private readonly audit: AuditService,
  ) {}

  /** draft → pending_sales_supervisor_approval; 409 when the list has no lines. */
  submit(user: AuthUser, dto: StepDto): Promise<OutgoingListView> {
    // a submission clears the last return: the list is no longer "returned"
    const patch = { submittedBy: user.id, submittedAt: new Date(), returnedBy: null, returnedAt: null, returnReason: null };
    return this.advance(user, dto, 'submit', STEPS.submit, patch, async (tx, list) => {
      if (!(await this.repo.itemsOf([list.id], tx)).length) {
        throw new ConflictException('Add at least one product before submitting the list');
      }
    });
  }

  /** pending_sales_supervisor_approval → pending_finance_approval. */
  verify(user: AuthUser, dto: StepDto): Promise<OutgoingListView> {
    return this.advance(user, dto, 'confirm', STEPS.verify, { verifiedBy: user.id, verifiedAt: new Date() });
  }

  /** pending_finance_approval → approved, reserving every line (409 and no change when short). */
  approve(user: AuthUser, dto: StepDto): Promise<OutgoingListView> {
    return this.advance(user, dto, 'approve', STEPS.approve, { approvedBy: user.id, approvedAt: new Date() }, async (tx, list) => {
      const lines = await this.linesInLockOrder(tx, list.id);
      for (const { item } of lines) {
        await this.ledger.reserve(tx, item.inventoryId, item.quantity);
      }
      return movedLines('reserved', linesMoved(lines));
    });
  }

  /** approved → delivered: deducts on-hand and the reservation, one ledger row per line, all lines in one statement. */
  deliver(user: AuthUser, dto: StepDto): Promise<OutgoingListView> {
    const patch = { deliveryOverseenBy: user.id, deliveredOn: new Date() };
    return this.advance(user, dto, 'deliver', STEPS.deliver, patch, async (tx, list) => {
      const lines = await this.linesInLockOrder(tx, list.id);
      await this.ledger.issueMany(
        tx,
        lines.map(({ item }) => ({ inventoryId: item.inventoryId, quantity: item.quantity })),
        { gin: list.gin, userId: user.id, customerId: list.customerId, fromReserved: true, source: 'outgoing_list', sourceId: list.id },
      );
      return movedLines('issued', linesMoved(lines));
    });
  }

  /**
   * Sends a list back to draft with the reason: the salesSupervisor at
   * pending_sales_supervisor_approval, finance at pending_finance_approval (nothing is reserved
   * yet). The list carries `returned {by, at, reason}` until it is submitted again.
   */
  returnList(user: AuthUser, dto: CorrectionDto): Promise<OutgoingListView> {
    return this.advance(user, dto, 'return', correctionStep('return', user.role), { returnedBy: user.id, returnedAt: new Date(), returnReason: dto.remark });
  }

  /**
   * Cancels a list for good: sales in draft; finance once approved and not yet
   * delivered, releasing the whole reservation of its lines in the same transaction (of a
   * cancel racing a delivery exactly one moves the list out of approved).
   */
  cancel(user: AuthUser, dto: CorrectionDto): Promise<OutgoingListView> {
    const step = correctionStep('cancel', user.role);
    return this.advance(user, dto, 'cancel', step, { cancelledBy: user.id, cancelledAt: new Date() }, async (tx, list) => {
      if (step.from !== 'approved') return;
      const lines = await this.linesInLockOrder(tx, list.id);
      for (const { item } of lines) {
        await this.ledger.release(tx, item.inventoryId, item.quantity);
      }
      return movedLines('released', linesMoved(lines));
    });
  }

  /**
   * Runs one step in a transaction: 404 unknown list, 403 another warehouse, 409 naming the
   * status when the list is not in `step.from` (also when a parallel request moved it first).
   * Records the step as `action` on the list's audit trail in the same transaction:
   * the status moved, the remark and what `effect` reports it moved (reserved, issued, released).
   */
  private async advance(
    user: AuthUser,
    dto: StepDto,
    action: AuditAction,
    step: OutgoingStep,
    patch: Patch,
    effect?: (tx: Tx, list: OutgoingListRow) => Promise<AuditChange[] | void>,
  ): Promise<OutgoingListView> {
    await this.ledger.run(async (tx) => {
      const list = await this.repo.findList(dto.list_id, tx);
      if (!list) throw new NotFoundException('Outgoing list not found');
      assertWarehouseAccess(user, list.warehouseId);
      const moved = await this.repo.transition(tx, list.id, step.from, step.to, patch);
      if (!moved) throw stepConflict(step, (await this.repo.findList(list.id, tx))?.status ?? list.status);
      const effects = effect ? await effect(tx, moved) : undefined;
      if (dto.remark) await this.repo.insertRemark(tx, list.id, dto.remark, user.id);
      await this.audit.record(tx, {
        action,
        entity: 'outgoing_list',
        entityId: list.id,
        changes: [statusChange(step.from, step.to), ...remarkChanges(dto.remark), ...(effects ?? [])],
      });
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
