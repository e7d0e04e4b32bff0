import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { INCOMING_FLOW, type IncomingStep, type WorkflowCorrection } from '@inventory/common';
import { AuditService } from '../audit/audit.service';
import { assertWarehouseAccess, type AuthUser } from '../common/auth/auth-user';
import type { DbOrTx, Tx } from '../database/database';
import type { QuantityEntry } from '../database/schema';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import type { IncomingCorrectionDto, IncomingListView, IncomingStepDto } from './dto/incoming-list.dto';
import { assertCorrectionAllowed, assertStepAllowed, correctionConflict, stepConflict, STEPS } from './incoming-flow';
import type { IncomingListRow } from './incoming.repository';
import { IncomingRepository } from './incoming.repository';
import { IncomingService } from './incoming.service';
import { movedLines, remarkChanges, statusChange } from '../audit/list-changes';

/** The audit action of each step: the import admin's step is a confirmation. */
const STEP_ACTIONS = { submit: 'submit', confirm: 'confirm', approve: 'approve' } as const;

/**
 * The incoming list workflow, enforced here whatever the client shows:
 * submit (warehouseAdmin of the list's warehouse): draft → pending_import_admin_approval;
 * confirm (importAdmin): → pending_finance_approval; approve (finance): → approved, posting
 * every line into stock. Any other step answers 409 naming the current status; each step
 * answers 409 for a list without lines.
 */
@Injectable()
export class IncomingWorkflowService {
  constructor(
    private readonly lists: IncomingRepository,
    private readonly incoming: IncomingService,
    private readonly ledger: StockLedgerService,
    private readonly audit: AuditService,
  ) {}

  /** draft → pending_import_admin_approval; 409 when the list has no lines. */
  async submit(user: AuthUser, dto: IncomingStepDto): Promise<IncomingListView> {
    return this.step(user, dto, 'submit', (tx) => this.assertNotEmpty(tx, dto.list_id, 'An empty list cannot be submitted: add at least one product'));
  }

  /**
   * pending_import_admin_approval → pending_finance_approval (import admin confirms); 409 when
   * every line was removed after submit.
   */
  async confirm(user: AuthUser, dto: IncomingStepDto): Promise<IncomingListView> {
    return this.step(user, dto, 'confirm', (tx) => this.assertNotEmpty(tx, dto.list_id, 'An empty list cannot be confirmed: add at least one product'));
  }

  /**
   * pending_finance_approval → approved, posting every line into stock (ledger rows of type
   * incoming with the list's grn and id) in the same database transaction. The status moves
   * first with a conditional UPDATE, so of two concurrent approves exactly one posts; the other
   * (and any repeat) answers 409 and changes nothing. An empty list (lines can no longer
   * change, so only data from before confirm refused empty lists) answers 409 too.
   */
  async approve(user: AuthUser, dto: IncomingStepDto): Promise<IncomingListView> {
    const list = await this.lists.findById(dto.list_id);
    if (!list) throw new NotFoundException('Incoming list not found');
    assertWarehouseAccess(user, list.warehouseId);
    assertStepAllowed('approve', list.status);
    await this.ledger.run(async (tx) => {
      const { from, to, stamp } = STEPS.approve;
      if (!(await this.lists.transition(tx, list.id, from, to, stamp, user.id))) {
        throw stepConflict('approve', (await this.lists.findById(list.id, tx))!.status);
      }
      await this.assertNotEmpty(tx, list.id, 'An empty list cannot be approved: it has no products to receive');
      const received = await this.post(tx, list, user.id, dto.remark);
      if (dto.remark) await this.lists.insertRemark(tx, { listId: list.id, content: dto.remark, remarkBy: user.id });
      await this.audit.record(tx, {
        action: STEP_ACTIONS.approve,
        entity: 'incoming_list',
        entityId: list.id,
        changes: [statusChange(from, to), ...remarkChanges(dto.remark), ...movedLines('received', received)],
      });
    });
    return this.incoming.get(user, dto.list_id);
  }

  /**
   * Sends a list back to draft with the reason: the importAdmin at
   * pending_import_admin_approval, finance at pending_finance_approval. The list carries
   * `returned {by, at, reason}` until it is submitted again; its lines are editable again.
   */
  async returnList(user: AuthUser, dto: IncomingCorrectionDto): Promise<IncomingListView> {
    return this.correct(user, dto, 'return');
  }

  /** Cancels a draft for good: the warehouseAdmin of the list's warehouse; nothing is posted. */
  async cancel(user: AuthUser, dto: IncomingCorrectionDto): Promise<IncomingListView> {
    return this.correct(user, dto, 'cancel');
  }

  /**
   * Runs a return or cancel in one transaction: locks the list, checks warehouse (403), role
   * and status (409 naming the status), moves the status with a conditional UPDATE (so of a
   * correction racing a step exactly one wins) and records the reason as a remark too.
   */
  private async correct(user: AuthUser, dto: IncomingCorrectionDto, action: WorkflowCorrection): Promise<IncomingListView> {
    await this.lists.transaction(async (tx) => {
      const list = await this.lists.lockById(tx, dto.list_id);
      if (!list) throw new NotFoundException('Incoming list not found');
      assertWarehouseAccess(user, list.warehouseId);
      const from = assertCorrectionAllowed(action, user.role, list.status);
      const reason = action === 'return' ? dto.remark : undefined;
      if (!(await this.lists.correct(tx, list.id, from, INCOMING_FLOW.corrections[action].to, user.id, reason))) {
        throw correctionConflict(action, user.role, (await this.lists.findById(list.id, tx))!.status);
      }
      await this.lists.insertRemark(tx, { listId: list.id, content: dto.remark, remarkBy: user.id });
      await this.audit.record(tx, {
        action,
        entity: 'incoming_list',
        entityId: list.id,
        changes: [statusChange(from, INCOMING_FLOW.corrections[action].to), ...remarkChanges(dto.remark)],
      });
    });
    return this.incoming.get(user, dto.list_id);
  }

  /** 409 when the list has no lines (a list carries at least one product through the flow). */
  private async assertNotEmpty(tx: DbOrTx, listId: string, message: string): Promise<void> {
    if ((await this.lists.countLines(tx, listId)) === 0) throw new ConflictException(message);
  }

  /**
   * Receives every line of the list into its warehouse in a few statements; a line's
   * price and rate go to the inventory record as a direct receipt's do, with
   * the approval as the purchase date from which the goods depreciate. Returns what each line
   * received (for the audit trail).
   */
  private async post(tx: Tx, list: IncomingListRow, userId: string, remarks?: string): Promise<{ product: string; quantity: QuantityEntry[] }[]> {
    const lines = await this.lists.findLines([list.id], tx);
    const approvedAt = new Date();
    lines.sort((a, b) => a.product.id.localeCompare(b.product.id));
    await this.ledger.receiveMany(
      tx,
      list.warehouseId,
      lines.map(({ line }) => ({
        productId: line.productId,
        quantity: line.quantity,
        grn: list.grn,
        userId,
        remarks,
        purchasedPrice: line.purchasedPrice ?? undefined,
        depreciationRate: line.depreciationRate ?? undefined,
        purchasedDate: line.purchasedPrice != null || line.depreciationRate != null ? approvedAt : undefined,
        source: 'incoming_list' as const,
        sourceId: list.id,
      })),
    );
    return lines.map(({ line, product }) => ({ product: product.name, quantity: line.quantity }));
  }

  /**
   * Runs a step in one transaction: locks the list, checks warehouse (403) and status (409),
   * runs `check`, moves the status with a conditional UPDATE and records the remark.
   */
  private async step(user: AuthUser, dto: IncomingStepDto, step: IncomingStep, check: (tx: DbOrTx) => Promise<void>) {
    await this.lists.transaction(async (tx) => {
      const list = await this.lists.lockById(tx, dto.list_id);
      if (!list) throw new NotFoundException('Incoming list not found');
      assertWarehouseAccess(user, list.warehouseId);
      const rule = assertStepAllowed(step, list.status);
      await check(tx);
      if (!(await this.lists.transition(tx, list.id, rule.from, rule.to, rule.stamp, user.id))) {
        throw stepConflict(step, (await this.lists.findById(list.id, tx))!.status);
      }
      if (dto.remark) await this.lists.insertRemark(tx, { listId: list.id, content: dto.remark, remarkBy: user.id });
      await this.audit.record(tx, {
        action: STEP_ACTIONS[step],
        entity: 'incoming_list',
        entityId: list.id,
        changes: [statusChange(rule.from, rule.to), ...remarkChanges(dto.remark)],
      });
    });
    return this.incoming.get(user, dto.list_id);
  }
}
