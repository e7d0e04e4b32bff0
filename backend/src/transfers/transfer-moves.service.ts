import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { change, movedLines, remarkChanges, statusChange } from '../audit/list-changes';
import { assertWarehouseAccess, type AuthUser } from '../common/auth/auth-user';
import type { Tx } from '../database/database';
import type { QuantityEntry } from '../database/schema';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import type { ReceiveTransferDto, TransferStepDto } from './dto/transfer.dto';
import type { TransferView } from './dto/transfer-view';
import { shortfallOf } from './transfer-views';
import { TransfersRepository, type TransferLine, type TransferRow } from './transfers.repository';
import { TransfersService } from './transfers.service';
import { fieldError } from '../common/http/field-error';

/**
 * A transfer's stock moves, each in one `StockLedgerService.run` transaction that locks
 * the transfer row first, so two dispatches cannot both take the stock and a receipt posts once:
 * the second answers 409.
 */
@Injectable()
export class TransferMovesService {
  constructor(
    private readonly repo: TransfersRepository,
    private readonly ledger: StockLedgerService,
    private readonly audit: AuditService,
    private readonly transfers: TransfersService,
  ) {}

  /**
   * draft -> in_transit: each line leaves the source record (one outgoing ledger row, source
   * `transfer`, the TRN) and the destination's record of the product is opened (zero stock) to show
   * it in transit. 404; 403 not the source's warehouseAdmin; 409 not draft, no lines, not enough
   * available (naming product, unit, requested, available; nothing changes), a removed product or
   * destination warehouse.
   */
  async dispatch(user: AuthUser, dto: TransferStepDto): Promise<TransferView> {
    await this.ledger.run(async (tx) => {
      const transfer = await this.locked(dto.transfer_id, tx);
      assertWarehouseAccess(user, transfer.fromWarehouseId);
      if (transfer.status !== 'draft') throw new ConflictException(`Only a draft transfer can be dispatched: this transfer is ${transfer.status}`);
      const lines = await this.repo.lines(transfer.id, tx); // ascending source record id: the ledger's lock order
      if (!lines.length) throw new ConflictException('Add at least one line before dispatching the transfer');
      const outs = await this.ledger.transferOutMany(tx, { lines, trn: transfer.trn, userId: user.id, transferId: transfer.id });
      const destinations = await this.ledger.openTransferRecords(tx, { sourceInventoryIds: lines.map((l) => l.inventoryId), warehouseId: transfer.toWarehouseId });
      await this.repo.setDispatched(lines.map((l, i) => ({ id: l.id, transactionId: outs[i], destinationInventoryId: destinations.get(l.inventoryId)! })), tx);
      const moved = lines.map((l) => ({ product: l.productName, quantity: l.quantity }));
      await this.repo.setStatus(transfer.id, { status: 'in_transit', dispatchedBy: user.id, dispatchedAt: new Date() }, tx);
      if (dto.remark) await this.repo.addRemark(transfer.id, dto.remark, user.id, tx);
      await this.audit.record(tx, { action: 'dispatch', entity: 'transfer', entityId: transfer.id, changes: [statusChange('draft', 'in_transit'), ...movedLines('dispatched', moved), ...remarkChanges(dto.remark)] });
    });
    return this.transfers.view(dto.transfer_id, user);
  }

  /**
   * in_transit -> received by the destination's warehouseAdmin: each line's dispatched quantity
   * lands in the destination's record (one incoming ledger row, source `transfer`; all lines in
   * set-based statements, {@link StockLedgerService.transferInMany}); what did not
   * arrive (received below dispatched) is then removed again as an approved `transit_loss`
   * adjustment of that record with the remark (required when short). Lines and units not listed
   * arrived in full. 400 unknown line, a unit not dispatched, more than dispatched (naming
   * `lines.<i>...`), a shortfall without remark; 403; 404; 409 not in transit.
   */
  async receive(user: AuthUser, dto: ReceiveTransferDto): Promise<TransferView> {
    await this.ledger.run(async (tx) => {
      const transfer = await this.locked(dto.transfer_id, tx);
      assertWarehouseAccess(user, transfer.toWarehouseId);
      if (transfer.status !== 'in_transit') throw new ConflictException(`Only a transfer in transit can be received: this transfer is ${transfer.status}`);
      const lines = await this.repo.lines(transfer.id, tx);
      const received = this.receivedQuantities(lines, dto);
      const short = lines.some((l) => shortfallOf(l.quantity, received.get(l.id)!).length > 0);
      if (short && !dto.remark) throw fieldError('remark', 'remark is required when less is received than was dispatched: say what happened');
      const into = await this.ledger.transferInMany(tx, {
        lines: lines.map((l) => ({ sourceInventoryId: l.inventoryId, quantity: l.quantity })),
        warehouseId: transfer.toWarehouseId,
        trn: transfer.trn,
        userId: user.id,
        transferId: transfer.id,
      });
      await this.repo.setReceived(lines.map((l, i) => ({ id: l.id, received: received.get(l.id)!, transactionId: into[i].transactionId, destinationInventoryId: into[i].inventoryId })), tx);
      const arrived = lines.map((l) => ({ product: l.productName, quantity: received.get(l.id)! }));
      const lost: { product: string; quantity: QuantityEntry[] }[] = [];
      for (const [i, line] of lines.entries()) {
        const shortfall = shortfallOf(line.quantity, received.get(line.id)!);
        if (!shortfall.length) continue;
        await this.transitLoss(tx, user, transfer, line, into[i].inventoryId, shortfall, dto.remark!);
        lost.push({ product: line.productName, quantity: shortfall });
      }
      await this.repo.setStatus(transfer.id, { status: 'received', receivedBy: user.id, receivedAt: new Date() }, tx);
      if (dto.remark) await this.repo.addRemark(transfer.id, dto.remark, user.id, tx);
      await this.audit.record(tx, {
        action: 'receive',
        entity: 'transfer',
        entityId: transfer.id,
        changes: [statusChange('in_transit', 'received'), ...movedLines('received', arrived), ...movedLines('transit_loss', lost), ...remarkChanges(dto.remark)],
      });
    });
    return this.transfers.view(dto.transfer_id, user);
  }

  /** What arrived of each line: as sent, else the dispatched quantity; 400 naming the field for what cannot be. */
  private receivedQuantities(lines: TransferLine[], dto: ReceiveTransferDto): Map<string, QuantityEntry[]> {
    const out = new Map(lines.map((l) => [l.id, l.quantity.map((q) => ({ name: q.name, value: Number(q.value) }))]));
    (dto.lines ?? []).forEach((sent, i) => {
      const line = lines.find((l) => l.id === sent.line_id);
      if (!line) throw fieldError(`lines.${i}.line_id`, 'line_id is not a line of this transfer');
      const got = out.get(line.id)!;
      const seen = new Set<string>();
      sent.quantity.forEach((q, j) => {
        const dispatched = line.quantity.find((d) => d.name === q.name);
        if (!dispatched) throw fieldError(`lines.${i}.quantity.${j}.name`, `Unit "${String(q.name).slice(0, 60)}" was not dispatched on this line`);
        if (seen.has(q.name)) throw fieldError(`lines.${i}.quantity.${j}.name`, `Unit "${q.name}" is listed twice`);
        seen.add(q.name);
        if (q.value > Number(dispatched.value)) throw fieldError(`lines.${i}.quantity.${j}.value`, `At most ${dispatched.value} ${q.name} can be received: that is what was dispatched`);
        got.find((g) => g.name === q.name)!.value = q.value;
      });
    });
    return out;
  }

  /** Posts a line's shortfall as an approved transit-loss adjustment of the destination record. */
  private async transitLoss(tx: Tx, user: AuthUser, transfer: TransferRow, line: TransferLine, inventoryId: string, shortfall: QuantityEntry[], remark: string): Promise<void> {
    const quantity = shortfall.map((q) => ({ name: q.name, value: -q.value }));
    const id = await this.repo.insertTransitLoss(
      { reason: 'transit_loss', inventoryId, warehouseId: transfer.toWarehouseId, productId: line.productId, quantity, remark, createdBy: user.id, decidedBy: user.id, decisionRemark: `Transfer ${transfer.trn}`, transferId: transfer.id },
      tx,
    );
    const posted = await this.ledger.adjust(tx, { inventoryId, quantity, userId: user.id, remarks: `Transit loss: ${remark} (TRN ${transfer.trn})`, sourceId: id });
    await this.repo.setTransitLossRows(id, posted.outgoingId, tx);
    await this.audit.record(tx, {
      action: 'create',
      entity: 'adjustment',
      entityId: id,
      changes: [change('status', null, 'approved'), change('reason', null, 'transit_loss'), change('quantity', null, quantity), change('transfer', null, transfer.trn)],
    });
  }

  private async locked(id: string, tx: Tx): Promise<TransferRow> {
    const transfer = await this.repo.lock(id, tx);
    if (!transfer) throw new NotFoundException('Transfer not found');
    return transfer;
  }
}
