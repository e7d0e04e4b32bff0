import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { change, quantityValue, remarkChanges, statusChange } from '../audit/list-changes';
import { assertWarehouseAccess, scopeWarehouse, type AuthUser } from '../common/auth/auth-user';
import { listCount } from '../common/http/envelope';
import { pageWindow } from '../common/http/pagination.dto';
import { DB } from '../database/database.module';
import type { Database } from '../database/database';
import type { QuantityEntry } from '../database/schema';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import { ledgerRemarks, type AdjustmentReason, type AdjustmentStatus } from './adjustment-rules';
import type { AdjustmentListQueryDto, ApproveAdjustmentDto, CreateAdjustmentDto, RejectAdjustmentDto } from './dto/adjustment.dto';
import type { AdjustmentPage, AdjustmentView } from './dto/adjustment-view';
import { AdjustmentsRepository, type AdjustmentWithRefs } from './adjustments.repository';
import { fieldError } from '../common/http/field-error';


/** An adjustment with its names as the API shows it. */
function toView(r: AdjustmentWithRefs): AdjustmentView {
  const x = r.adjustment;
  return {
    _id: x.id,
    inventory: { _id: x.inventoryId },
    product: { _id: r.product.id, name: r.product.name, code: r.product.code },
    warehouse: { _id: r.warehouse.id, name: r.warehouse.name },
    quantity: quantityValue(x.quantity)!,
    reason: x.reason as AdjustmentReason,
    remark: x.remark,
    status: x.status as AdjustmentStatus,
    created_by: r.creator!,
    createdAt: x.createdAt.toISOString(),
    decided_by: r.decider,
    decidedAt: x.decidedAt ? x.decidedAt.toISOString() : null,
    decision_remark: x.decisionRemark,
    transactions: [x.incomingTransactionId, x.outgoingTransactionId].filter((id): id is string => id !== null).map((id) => ({ _id: id })),
  };
}

/**
 * Stock adjustments: the warehouseAdmin of a record's warehouse asks to add or remove
 * stock for a reason (pending_approval, nothing posted); finance approves it, which posts it
 * through the stock ledger in the same database transaction, or rejects it with a reason. Each
 * step writes one audit event (entity `adjustment`) in its transaction. Decisions lock the
 * adjustment row first, so two approvals of one adjustment post it once.
 */
@Injectable()
export class AdjustmentsService {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repo: AdjustmentsRepository,
    private readonly ledger: StockLedgerService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Records a request for the record's warehouse. 404 unknown record; 403 another warehouse than
   * the user's own; 409 a removed product or warehouse; 400 a unit not of the product or listed
   * twice (naming `quantity.<i>.name`). Whether a removal is available is checked on approval.
   */
  async create(user: AuthUser, dto: CreateAdjustmentDto): Promise<AdjustmentView> {
    const id = await this.db.transaction(async (tx) => {
      const inv = await this.repo.findInventory(dto.inventory, tx);
      if (!inv) throw new NotFoundException('Inventory record not found');
      assertWarehouseAccess(user, inv.warehouseId);
      if (inv.product.removed) throw new ConflictException(`${inv.product.name} was removed: its stock cannot be adjusted`);
      if (inv.warehouseRemoved) throw new ConflictException('The warehouse was removed: its stock cannot be adjusted');
      const seen = new Set<string>();
      dto.quantity.forEach((q, i) => {
        if (!inv.product.units.includes(q.name)) {
          throw fieldError(`quantity.${i}.name`, `Unit "${String(q.name).slice(0, 60)}" is not a unit of ${inv.product.name} (units: ${inv.product.units.join(', ')})`);
        }
        if (seen.has(q.name)) throw fieldError(`quantity.${i}.name`, `Unit "${q.name}" is listed twice`);
        seen.add(q.name);
      });
      const quantity: QuantityEntry[] = dto.quantity.map((q) => ({ name: q.name, value: q.value }));
      const row = await this.repo.insert(
        { inventoryId: inv.id, warehouseId: inv.warehouseId, productId: inv.product.id, quantity, reason: dto.reason, remark: dto.remark, createdBy: user.id },
        tx,
      );
      await this.audit.record(tx, {
        action: 'create',
        entity: 'adjustment',
        entityId: row.id,
        changes: [
          change('status', null, row.status),
          change('product', null, inv.product.name),
          change('quantity', null, quantityValue(quantity)),
          change('reason', null, dto.reason),
          ...remarkChanges(dto.remark),
        ],
      });
      return row.id;
    });
    return this.view(id);
  }

  /**
   * Approves a pending adjustment and posts it (see {@link StockLedgerService.adjust}). 404
   * unknown; 403 another warehouse; 409 not pending (naming its status), a unit the product no
   * longer has, or a removal above what is available (naming product, unit, requested and
   * available). Nothing changes on an error.
   */
  async approve(user: AuthUser, dto: ApproveAdjustmentDto): Promise<AdjustmentView> {
    await this.ledger.run(async (tx) => {
      const row = await this.repo.lock(dto.adjustment_id, tx);
      if (!row) throw new NotFoundException('Adjustment not found');
      assertWarehouseAccess(user, row.warehouseId);
      if (row.status !== 'pending_approval') throw new ConflictException(`Only a pending adjustment can be approved: this adjustment is ${row.status}`);
      const inv = await this.repo.findInventory(row.inventoryId, tx);
      if (!inv) throw new NotFoundException('Inventory record not found');
      const gone = row.quantity.find((q) => !inv.product.units.includes(q.name));
      if (gone) throw new ConflictException(`"${gone.name}" is no longer a unit of ${inv.product.name}: reject this adjustment and request a new one`);
      const posted = await this.ledger.adjust(tx, {
        inventoryId: row.inventoryId,
        quantity: row.quantity.map((q) => ({ name: q.name, value: Number(q.value) })),
        userId: user.id,
        remarks: ledgerRemarks(row.reason as AdjustmentReason, row.remark),
        sourceId: row.id,
      });
      const remark = dto.remark || null;
      await this.repo.decide(
        row.id,
        { status: 'approved', decidedBy: user.id, decisionRemark: remark, incomingTransactionId: posted.incomingId, outgoingTransactionId: posted.outgoingId },
        tx,
      );
      await this.audit.record(tx, {
        action: 'approve',
        entity: 'adjustment',
        entityId: row.id,
        changes: [
          statusChange(row.status, 'approved'),
          change('transactions', null, [posted.incomingId, posted.outgoingId].filter((t) => t !== null)),
          ...remarkChanges(remark),
        ],
      });
    });
    return this.view(dto.adjustment_id);
  }

  /** Rejects a pending adjustment with the reason. 404 unknown; 403 another warehouse; 409 not pending (naming its status). */
  async reject(user: AuthUser, dto: RejectAdjustmentDto): Promise<AdjustmentView> {
    await this.db.transaction(async (tx) => {
      const row = await this.repo.lock(dto.adjustment_id, tx);
      if (!row) throw new NotFoundException('Adjustment not found');
      assertWarehouseAccess(user, row.warehouseId);
      if (row.status !== 'pending_approval') throw new ConflictException(`Only a pending adjustment can be rejected: this adjustment is ${row.status}`);
      await this.repo.decide(row.id, { status: 'rejected', decidedBy: user.id, decisionRemark: dto.remark }, tx);
      await this.audit.record(tx, {
        action: 'reject',
        entity: 'adjustment',
        entityId: row.id,
        changes: [statusChange(row.status, 'rejected'), ...remarkChanges(dto.remark)],
      });
    });
    return this.view(dto.adjustment_id);
  }

  /** A page of adjustments in the user's scope (a user tied to a warehouse: only its own; another answers 403). */
  async list(user: AuthUser, q: AdjustmentListQueryDto): Promise<AdjustmentPage> {
    const filter = {
      status: q.status,
      reason: q.reason,
      warehouseId: scopeWarehouse(user, q.warehouse),
      from: q.from,
      to: q.to,
      search: q.search,
      sort: { sort: q.sort, order: q.order },
    };
    const [rows, total] = await Promise.all([this.repo.find(filter, pageWindow(q)), this.repo.count(filter)]);
    return { adjustment_all: rows.map(toView), ...listCount(total) };
  }

  /** One adjustment: 404 unknown, 403 another warehouse than the user's own. */
  async one(user: AuthUser, id: string): Promise<AdjustmentView> {
    const [row] = await this.repo.find({ id });
    if (!row) throw new NotFoundException('Adjustment not found');
    assertWarehouseAccess(user, row.adjustment.warehouseId);
    return toView(row);
  }

  private async view(id: string): Promise<AdjustmentView> {
    const [row] = await this.repo.find({ id });
    return toView(row);
  }
}
