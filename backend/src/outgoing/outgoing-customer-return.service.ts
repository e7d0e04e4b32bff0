import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { assertWarehouseAccess, type AuthUser } from '../common/auth/auth-user';
import type { QuantityEntry } from '../database/schema';
import { change, quantityValue, remarkChanges } from '../audit/list-changes';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import type { CustomerReturnDto } from './dto/outgoing.dto';
import type { CustomerReturnResult } from './dto/outgoing-view';
import { OutgoingRepository } from './outgoing.repository';
import { creditNoteLabel, OutgoingViews } from './outgoing-views.service';
import { toMilli } from './quantities';
import { fieldError } from '../common/http/field-error';

/**
 * Customer returns: goods the customer of a delivered list sends back, taken into
 * the inventory records they left through the stock ledger (kind customer_return), in one
 * database transaction with the return's record. Never more per line and unit than delivered
 * minus already returned: the list row is locked first, so parallel returns of one list run one
 * after the other and the second sees what the first took back.
 */
@Injectable()
export class OutgoingCustomerReturns {
  constructor(
    private readonly repo: OutgoingRepository,
    private readonly views: OutgoingViews,
    private readonly ledger: StockLedgerService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Records a customer return for the warehouseAdmin of the list's warehouse. 400 a line twice,
   * a line not on the list or a unit not of its product (naming the field); 403 another
   * warehouse; 404 unknown list; 409 a list not delivered (naming its status) or more than may
   * still be returned (naming product, unit and the amount left). Nothing changes on an error.
   */
  async record(user: AuthUser, dto: CustomerReturnDto): Promise<CustomerReturnResult> {
    const seen = new Set<string>();
    dto.lines.forEach((l, i) => {
      if (seen.has(l.line_id)) throw fieldError(`lines.${i}.line_id`, 'Each line may appear once in a customer return');
      seen.add(l.line_id);
    });
    const returnId = await this.ledger.run(async (tx) => {
      const list = await this.repo.lockList(dto.list_id, tx);
      if (!list) throw new NotFoundException('Outgoing list not found');
      assertWarehouseAccess(user, list.warehouseId);
      if (list.status !== 'delivered') throw new ConflictException(`Only a delivered list takes customer returns: the list is ${list.status}`);
      const items = new Map((await this.repo.itemsOf([list.id], tx)).map((i) => [i.item.id, i]));
      const returned = new Map<string, number>(); // `${line}/${unit}` -> thousandths already returned
      for (const r of await this.repo.returnedQuantities(list.id, tx)) {
        for (const q of r.quantity) returned.set(`${r.lineId}/${q.name}`, (returned.get(`${r.lineId}/${q.name}`) ?? 0) + toMilli(q.value));
      }
      const lines = dto.lines.map((l, i) => {
        const line = items.get(l.line_id);
        if (!line) throw fieldError(`lines.${i}.line_id`, `line_id ${l.line_id} is not a line of this list`);
        const units = new Set<string>();
        l.quantity.forEach((q, j) => {
          if (!line.product.units.includes(q.name)) {
            throw fieldError(`lines.${i}.quantity.${j}.name`, `Unit "${q.name.slice(0, 60)}" is not a unit of ${line.product.name} (units: ${line.product.units.join(', ')})`);
          }
          if (units.has(q.name)) throw fieldError(`lines.${i}.quantity.${j}.name`, `Unit "${q.name}" is listed twice`);
          units.add(q.name);
          const delivered = toMilli(line.item.quantity.find((d) => d.name === q.name)?.value ?? 0);
          const already = returned.get(`${line.item.id}/${q.name}`) ?? 0;
          if (toMilli(q.value) > delivered - already) {
            throw new ConflictException(
              `Cannot take back ${q.value} ${q.name} of ${line.product.name} (line ${line.item.id}): delivered ${delivered / 1000}, already returned ${already / 1000}; at most ${(delivered - already) / 1000} ${q.name} may still be returned`,
            );
          }
        });
        return { line, quantity: l.quantity.map((q): QuantityEntry => ({ name: q.name, value: q.value })) };
      });
      // the ledger locks inventory records in id order (no deadlocks with parallel postings)
      const key = (l: (typeof lines)[number]) => `${l.line.item.inventoryId}/${l.line.item.id}`;
      lines.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
      const posted: { lineId: string; quantity: QuantityEntry[]; transactionId: string }[] = [];
      for (const { line, quantity } of lines) {
        const { transactionId } = await this.ledger.customerReturn(tx, {
          inventoryId: line.item.inventoryId,
          quantity,
          gin: list.gin,
          customerId: list.customerId,
          userId: user.id,
          remarks: dto.remark,
          listId: list.id,
        });
        posted.push({ lineId: line.item.id, quantity, transactionId });
      }
      const { id, creditNoteNumber } = await this.repo.insertCustomerReturn(tx, { listId: list.id, returnedBy: user.id, reason: dto.remark }, posted);
      await this.audit.record(tx, {
        action: 'customer_return',
        entity: 'outgoing_list',
        entityId: list.id,
        changes: [
          change('customer_return', null, id),
          change('credit_note', null, creditNoteLabel(creditNoteNumber)),
          // in the order the request named them
          change(
            'returned',
            null,
            dto.lines.map((l) => ({ line_id: l.line_id, product: items.get(l.line_id)!.product.name, quantity: quantityValue(l.quantity) })),
          ),
          ...remarkChanges(dto.remark),
        ],
      });
      return id;
    });
    const list = await this.views.one(dto.list_id);
    return { outgoing_list: list, customer_return: list.customer_returns.find((r) => r._id === returnId)! };
  }
}
