import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { change, quantityValue, remarkChanges, statusChange } from '../audit/list-changes';
import { assertWarehouseAccess, scopeWarehouse, type AuthUser } from '../common/auth/auth-user';
import { listCount } from '../common/http/envelope';
import { pageWindow } from '../common/http/pagination.dto';
import { DB } from '../database/database.module';
import type { Database, Tx } from '../database/database';
import type { QuantityEntry } from '../database/schema';
import { notEnoughStock } from '../inventory/quantity';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import { blindCounted } from '../inventory/blind-count';
import type { AddTransferLineDto, CreateTransferDto, RemoveTransferLineDto, TransferListQueryDto, TransferStepDto, UpdateTransferLineDto } from './dto/transfer.dto';
import type { TransferPage, TransferView } from './dto/transfer-view';
import { toLineView, toRowView } from './transfer-views';
import { TransfersRepository, type TransferRow } from './transfers.repository';
import { fieldError } from '../common/http/field-error';


/**
 * Transfers between warehouses: the source warehouse's warehouseAdmin creates a draft,
 * edits its lines (each within the source record's available stock), dispatches or cancels it;
 * dispatch and receipt are in {@link TransferMovesService}. Every step locks the transfer row first
 * and writes its audit event (entity `transfer`) in the same database transaction.
 */
@Injectable()
export class TransfersService {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repo: TransfersRepository,
    private readonly ledger: StockLedgerService,
    private readonly audit: AuditService,
  ) {}

  /**
   * A draft out of the caller's warehouse. 400 from = to (naming to_warehouse); 403 another
   * warehouse than the caller's; 404 unknown or removed warehouse; 409 TRN already used.
   */
  async create(user: AuthUser, dto: CreateTransferDto): Promise<TransferView> {
    if (dto.from_warehouse === dto.to_warehouse) throw fieldError('to_warehouse', 'to_warehouse must be another warehouse than from_warehouse');
    assertWarehouseAccess(user, dto.from_warehouse);
    const trn = dto.trn.trim();
    const id = await this.db.transaction(async (tx) => {
      if (!(await this.repo.activeWarehouse(dto.from_warehouse, tx))) throw new NotFoundException('Source warehouse not found');
      if (!(await this.repo.activeWarehouse(dto.to_warehouse, tx))) throw new NotFoundException('Destination warehouse not found');
      if (await this.repo.trnTaken(trn, tx)) throw new ConflictException(`TRN "${trn}" is already used`);
      const row = await this.repo.insert({ trn, fromWarehouseId: dto.from_warehouse, toWarehouseId: dto.to_warehouse, createdBy: user.id }, tx);
      if (dto.remark) await this.repo.addRemark(row.id, dto.remark, user.id, tx);
      await this.audit.record(tx, {
        action: 'create',
        entity: 'transfer',
        entityId: row.id,
        changes: [change('status', null, 'draft'), change('trn', null, trn), change('from_warehouse', null, dto.from_warehouse), change('to_warehouse', null, dto.to_warehouse), ...remarkChanges(dto.remark)],
      });
      return row.id;
    });
    return this.view(id, user);
  }

  /**
   * Adds a line for a record of the source warehouse. 404 unknown transfer or record; 403 not the
   * source's warehouseAdmin; 409 not draft, a record of another warehouse, a removed product, the
   * record already on the transfer, more than available (naming product, unit, requested,
   * available); 400 a unit not of the product or listed twice.
   */
  async addLine(user: AuthUser, dto: AddTransferLineDto): Promise<TransferView> {
    await this.db.transaction(async (tx) => {
      const transfer = await this.draft(user, dto.transfer_id, tx);
      const record = await this.repo.sourceRecord(dto.inventory, tx);
      if (!record) throw new NotFoundException('Inventory record not found');
      if (record.warehouseId !== transfer.fromWarehouseId) throw new ConflictException('This stock record is not in the transfer’s source warehouse');
      if (record.product.removed) throw new ConflictException(`${record.product.name} was removed: it cannot be transferred`);
      if ((await this.repo.lines(transfer.id, tx)).some((l) => l.inventoryId === record.id)) throw new ConflictException(`${record.product.name} is already on this transfer: change its line instead`);
      const quantity = await this.checked(record.id, record.product, dto.quantity, tx);
      await this.repo.insertLine({ transferId: transfer.id, inventoryId: record.id, productId: record.product.id, quantity }, tx);
      await this.audit.record(tx, { action: 'add_line', entity: 'transfer', entityId: transfer.id, changes: [change(`lines.${record.product.name}`, null, quantityValue(quantity))] });
    });
    return this.view(dto.transfer_id, user);
  }

  /** Changes a draft line's quantity; errors as {@link addLine}, 404 unknown line. */
  async updateLine(user: AuthUser, dto: UpdateTransferLineDto): Promise<TransferView> {
    await this.db.transaction(async (tx) => {
      const transfer = await this.draft(user, dto.transfer_id, tx);
      const line = await this.repo.line(transfer.id, dto.line_id, tx);
      if (!line) throw new NotFoundException('Transfer line not found');
      const record = (await this.repo.sourceRecord(line.inventoryId, tx))!;
      const quantity = await this.checked(record.id, record.product, dto.quantity, tx);
      await this.repo.updateLine(line.id, { quantity }, tx);
      await this.audit.record(tx, { action: 'update_line', entity: 'transfer', entityId: transfer.id, changes: [change(`lines.${record.product.name}`, quantityValue(line.quantity), quantityValue(quantity))] });
    });
    return this.view(dto.transfer_id, user);
  }

  /** Removes a draft line; 404 unknown line, otherwise as {@link addLine}. */
  async removeLine(user: AuthUser, dto: RemoveTransferLineDto): Promise<TransferView> {
    await this.db.transaction(async (tx) => {
      const transfer = await this.draft(user, dto.transfer_id, tx);
      const line = await this.repo.line(transfer.id, dto.line_id, tx);
      if (!line) throw new NotFoundException('Transfer line not found');
      const record = (await this.repo.sourceRecord(line.inventoryId, tx))!;
      await this.repo.removeLine(line.id, tx);
      await this.audit.record(tx, { action: 'remove_line', entity: 'transfer', entityId: transfer.id, changes: [change(`lines.${record.product.name}`, quantityValue(line.quantity), null)] });
    });
    return this.view(dto.transfer_id, user);
  }

  /** Cancels a draft (nothing was moved). 404; 403 not the source's warehouseAdmin; 409 not draft. */
  async cancel(user: AuthUser, dto: TransferStepDto): Promise<TransferView> {
    await this.db.transaction(async (tx) => {
      const transfer = await this.draft(user, dto.transfer_id, tx, 'cancelled');
      await this.repo.setStatus(transfer.id, { status: 'cancelled', cancelledBy: user.id, cancelledAt: new Date() }, tx);
      if (dto.remark) await this.repo.addRemark(transfer.id, dto.remark, user.id, tx);
      await this.audit.record(tx, { action: 'cancel', entity: 'transfer', entityId: transfer.id, changes: [statusChange('draft', 'cancelled'), ...remarkChanges(dto.remark)] });
    });
    return this.view(dto.transfer_id, user);
  }

  /** A page of transfers: a user tied to a warehouse sees those from or to it (another `warehouse` answers 403). */
  async list(user: AuthUser, q: TransferListQueryDto): Promise<TransferPage> {
    const filter = { status: q.status, warehouseId: scopeWarehouse(user, q.warehouse), from: q.from, to: q.to, search: q.search, sort: { sort: q.sort, order: q.order } };
    const [rows, total] = await Promise.all([this.repo.find(filter, pageWindow(q)), this.repo.count(filter)]);
    return { transfer_all: rows.map(toRowView), ...listCount(total) };
  }

  /** One transfer: 404 unknown; 403 for a user tied to neither of its warehouses. */
  async one(user: AuthUser, id: string): Promise<TransferView> {
    const transfer = await this.view(id, user);
    if (user.warehouseId && user.warehouseId !== transfer.from_warehouse._id && user.warehouseId !== transfer.to_warehouse._id) {
      throw new ForbiddenException('You can only work with your own warehouse');
    }
    return transfer;
  }

  /**
   * The transfer with its lines, remarks and transit loss, as `user` may read it: a draft's lines
   * without the available stock of records `user` counts on a blind count (blind-count.ts); 404 unknown.
   */
  async view(id: string, user: AuthUser): Promise<TransferView> {
    const [row] = await this.repo.find({ id });
    if (!row) throw new NotFoundException('Transfer not found');
    const [lines, remarks, loss] = await Promise.all([this.repo.linesWithRefs(id, row.transfer.status === 'draft'), this.repo.remarks(id), this.repo.firstTransitLoss(id)]);
    const hidden = row.transfer.status === 'draft' ? await blindCounted(this.db, user, lines.map((l) => l.line.inventoryId)) : new Set<string>();
    return {
      ...toRowView(row),
      lines: lines.map((l) => toLineView(l, hidden.has(l.line.inventoryId))),
      remarks: remarks.map((r) => ({ content: r.content, remark_by: r.remark_by, createdAt: r.createdAt.toISOString() })),
      transit_loss_adjustment: loss ? { _id: loss } : null,
    };
  }

  /** The transfer locked, checked to be a draft of the caller's warehouse (404, 403, 409). */
  private async draft(user: AuthUser, id: string, tx: Tx, to = 'changed'): Promise<TransferRow> {
    const transfer = await this.repo.lock(id, tx);
    if (!transfer) throw new NotFoundException('Transfer not found');
    assertWarehouseAccess(user, transfer.fromWarehouseId);
    if (transfer.status !== 'draft') throw new ConflictException(`Only a draft transfer can be ${to}: this transfer is ${transfer.status}`);
    return transfer;
  }

  /** Units of the product, each once (400 naming `quantity.<i>.name`), each within available (409). */
  private async checked(inventoryId: string, product: { name: string; units: string[] }, quantity: { name: string; value: number }[], tx: Tx): Promise<QuantityEntry[]> {
    const seen = new Set<string>();
    quantity.forEach((q, i) => {
      if (!product.units.includes(q.name)) throw fieldError(`quantity.${i}.name`, `Unit "${String(q.name).slice(0, 60)}" is not a unit of ${product.name} (units: ${product.units.join(', ')})`);
      if (seen.has(q.name)) throw fieldError(`quantity.${i}.name`, `Unit "${q.name}" is listed twice`);
      seen.add(q.name);
    });
    const available = await this.ledger.available(inventoryId, tx);
    for (const q of quantity) {
      const have = available.find((a) => a.name === q.name)?.value ?? 0;
      if (q.value > have) throw notEnoughStock(product.name, q.name, q.value, 'available', have, inventoryId);
    }
    return quantity.map((q) => ({ name: q.name, value: q.value }));
  }
}
