import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuditAction } from '@inventory/common';
import { assertWarehouseAccess, scopeWarehouse, type AuthUser } from '../common/auth/auth-user';
import { offsetPages } from '../common/export/export-stream';
import { pageWindow } from '../common/http/pagination.dto';
import type { Tx } from '../database/database';
import type { AuditChange, QuantityEntry, UnitPrices } from '../database/schema';
import { change, lineChanges, remarkChanges } from '../audit/list-changes';
import { assertUnits } from '../inventory/quantity';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import type { AddLineDto, CreateOutgoingListDto, ListQueryDto, RemoveLineDto, UpdateLineDto } from './dto/outgoing.dto';
import type { CappedPage } from '../common/http/envelope';
import type { OutgoingLineEdit, OutgoingListSummary, OutgoingListView } from './dto/outgoing-view';
import { assertLinesEditable } from './outgoing-status';
import { OutgoingRepository, type InventoryRef, type OutgoingFilter, type OutgoingItemRow, type OutgoingListRow } from './outgoing.repository';
import { lineView, OutgoingViews, toSummary } from './outgoing-views.service';
import { addQuantities, assertCovered } from './quantities';
import { auditPrices, pricesAfter, pricesAgree, samePrices } from './unit-prices';

/** The audit trail's view of a line: its quantity and the price of each unit (see auditPrices). */
const auditLine = (quantity: QuantityEntry[], prices: UnitPrices) => ({ quantity, ...auditPrices(prices, quantity) });

/** The money fields of a line edit's audit: every price either side carries. */
const moneyFields = (...sides: Record<string, unknown>[]) => [...new Set(sides.flatMap((s) => Object.keys(s).filter((k) => k !== 'quantity')))];

/**
 * Outgoing lists: reading, creating drafts and changing
 * lines. Lines change only in draft (sales) and pending_sales_supervisor_approval (sales or
 * the supervisor), and never ask more than is available in the list's warehouse (409).
 */
@Injectable()
export class OutgoingService {
  constructor(
    private readonly repo: OutgoingRepository,
    private readonly views: OutgoingViews,
    private readonly ledger: StockLedgerService,
    private readonly audit: AuditService,
  ) {}

  /**
   * A page of list rows visible to the user (own warehouse when tied to one; 403 for another),
   * newest first or by `sort`, with the total of matching lists, exact up to 10,000 (`capped`
   * beyond).
   */
  async list(user: AuthUser, q: ListQueryDto): Promise<CappedPage<OutgoingListSummary>> {
    const page = await this.repo.findPage(this.filter(user, q), pageWindow(q));
    return { ...page, rows: page.rows.map(toSummary) };
  }

  /** Every row of {@link list} for the same filters and sort, a page at a time (issue 13 export). */
  pages(user: AuthUser, q: ListQueryDto): AsyncGenerator<OutgoingListSummary[]> {
    const filter = this.filter(user, q);
    return offsetPages(async (w) => (await this.repo.findSummaries(filter, pageWindow(w))).map(toSummary));
  }

  /** One list; 404 unknown, 403 another warehouse's. */
  async one(user: AuthUser, id: string): Promise<OutgoingListView> {
    const view = await this.views.one(id);
    assertWarehouseAccess(user, view.warehouse._id);
    return view;
  }

  /** Starts a draft; 400 unknown or removed warehouse or customer, 409 `GIN "X" is already used` (unique index, also in a race). */
  async create(user: AuthUser, dto: CreateOutgoingListDto): Promise<OutgoingListView> {
    assertWarehouseAccess(user, dto.warehouse);
    const warehouse = await this.repo.findActiveWarehouse(dto.warehouse);
    if (!warehouse) throw new BadRequestException('Warehouse not found');
    const customer = await this.repo.findActiveCustomer(dto.customer);
    if (!customer) throw new BadRequestException('Customer not found');
    const id = await this.ledger.run(async (tx) => {
      const list = await this.repo.insertList(
        { gin: dto.gin, customerId: dto.customer, warehouseId: dto.warehouse, fsNumber: dto.fs_number || null, createdBy: user.id },
        tx,
      );
      if (dto.remarks) await this.repo.insertRemark(tx, list.id, dto.remarks, user.id);
      await this.audit.record(tx, {
        action: 'create',
        entity: 'outgoing_list',
        entityId: list.id,
        changes: [
          change('gin', null, list.gin),
          change('customer', null, customer.name),
          change('warehouse', null, warehouse.name),
          ...(list.fsNumber ? [change('fs_number', null, list.fsNumber)] : []),
          change('status', null, list.status),
          ...remarkChanges(dto.remarks),
        ],
      });
      return list.id;
    });
    return this.views.one(id);
  }

  /**
   * Adds a line: one line per inventory record and unit prices, so the
   * same stock at the same price for every unit it names (or again without one) adds to that
   * line, at other prices it is a line of its own. 409 when the list's lines of that stock
   * together ask more than is available; 400 for a price of a unit not in `quantity`.
   */
  async addLine(user: AuthUser, dto: AddLineDto): Promise<OutgoingLineEdit> {
    const lineId = await this.ledger.run(async (tx) => {
      const list = await this.lockEditable(tx, user, dto.list_id);
      const inv = await this.inventoryFor(tx, list, dto);
      assertUnits(inv.units, dto.quantity, inv.productName);
      const prices = pricesAfter(dto, dto.quantity, {});
      const lines = await this.repo.itemsOfStock(list.id, inv.id, tx);
      const existing = lines.find((l) => pricesAgree(l.unitPrices, dto.quantity, prices));
      const quantity = existing ? addQuantities(existing.quantity, dto.quantity) : dto.quantity;
      const unitPrices = existing?.unitPrices ?? prices;
      await this.assertAvailable(tx, inv, quantity, lines.filter((l) => l !== existing));
      const before = existing && auditLine(existing.quantity, existing.unitPrices);
      const after = auditLine(quantity, unitPrices);
      const changes = lineChanges(inv.productName, before ?? null, after, moneyFields(before ?? {}, after));
      let id: string;
      if (!existing) id = await this.repo.insertItem({ listId: list.id, productId: inv.productId, inventoryId: inv.id, quantity, unitPrices }, tx);
      else await this.repo.updateItem((id = existing.id), { quantity }, tx);
      await this.record(tx, 'add_line', list.id, changes);
      return id;
    });
    return this.edited(dto.list_id, lineId);
  }

  /**
   * Replaces a line's quantity (and prices when sent, see pricesAfter). New prices that another
   * line of the same stock already has merge this line into that one: the other line keeps its
   * `_id` and takes this quantity on top of its own, this line goes (one line per stock and
   * prices). 404 unknown line, 409 when not available or when `product_id`
   * is a product with several lines (send the line's `_id`). The answer's `line` is the line
   * that holds the quantity now: that other line after a merge.
   */
  async updateLine(user: AuthUser, dto: UpdateLineDto): Promise<OutgoingLineEdit> {
    const lineId = await this.ledger.run(async (tx) => {
      const list = await this.lockEditable(tx, user, dto.list_id);
      const item = await this.lineOf(tx, list.id, dto.product_id);
      const inv = (await this.repo.findInventory(item.inventoryId, tx))!;
      assertUnits(inv.units, dto.quantity, inv.productName);
      const unitPrices = pricesAfter(dto, dto.quantity, item.unitPrices);
      const others = (await this.repo.itemsOfStock(list.id, inv.id, tx)).filter((l) => l.id !== item.id);
      const twin = others.find((l) => samePrices(l.unitPrices, unitPrices));
      const quantity = twin ? addQuantities(twin.quantity, dto.quantity) : dto.quantity;
      await this.assertAvailable(tx, inv, quantity, others.filter((l) => l !== twin));
      const before = auditLine(item.quantity, item.unitPrices);
      const after = auditLine(quantity, unitPrices);
      const changes = lineChanges(inv.productName, before, after, moneyFields(before, after));
      if (!twin) {
        await this.repo.updateItem(item.id, { quantity, unitPrices }, tx);
        await this.record(tx, 'update_line', list.id, changes);
        return item.id;
      }
      await this.repo.deleteItem(item.id, tx);
      await this.repo.updateItem(twin.id, { quantity }, tx);
      // the line went into the line of the same stock at its new prices, which now holds both quantities
      await this.record(tx, 'update_line', list.id, [...changes, change('merged_into_line', null, twin.id)]);
      return twin.id;
    });
    return this.edited(dto.list_id, lineId);
  }

  /** Removes a line; 404 unknown, 409 when `product_id` is a product with several lines. The answer's `line` is `{_id, removed: true}`. */
  async removeLine(user: AuthUser, dto: RemoveLineDto): Promise<OutgoingLineEdit> {
    const lineId = await this.ledger.run(async (tx) => {
      const list = await this.lockEditable(tx, user, dto.list_id);
      const line = await this.lineOf(tx, list.id, dto.product_id);
      await this.repo.deleteItem(line.id, tx);
      const before = auditLine(line.quantity, line.unitPrices);
      await this.record(tx, 'remove_line', list.id, lineChanges(line.productName, before, null, moneyFields(before)));
      return line.id;
    });
    return { list: await this.views.summary(dto.list_id), line: { _id: lineId, removed: true } };
  }

  /** The answer of a line edit: the list's row and the changed line, not every line. */
  private async edited(listId: string, lineId: string): Promise<OutgoingLineEdit> {
    const [list, item] = await Promise.all([this.views.summary(listId), this.repo.itemById(lineId)]);
    return { list, line: lineView(item!, { id: list.warehouse._id, name: list.warehouse.name }) };
  }

  private filter(user: AuthUser, q: ListQueryDto): OutgoingFilter {
    const { status, from, to, search, sort, order } = q;
    return { status, from, to, search, warehouseId: scopeWarehouse(user, q.warehouse), sort: { sort, order } };
  }

  /** Records a line edit on the list's audit trail, in the edit's transaction. */
  private record(tx: Tx, action: AuditAction, listId: string, changes: AuditChange[]): Promise<void> {
    return this.audit.record(tx, { action, entity: 'outgoing_list', entityId: listId, changes });
  }

  /** The one line `lineOrProductId` names, with its product's name: 404 none, 409 a product on several lines (at several prices). */
  private async lineOf(tx: Tx, listId: string, lineOrProductId: string): Promise<OutgoingItemRow & { productName: string }> {
    const lines = await this.repo.findItems(listId, lineOrProductId, tx);
    if (!lines.length) throw new NotFoundException('This product is not on the list');
    if (lines.length > 1) {
      throw new ConflictException(`${lines[0].productName} is on ${lines.length} lines of this list (one per unit price): send the line's _id`);
    }
    return lines[0];
  }

  /** The list, locked for this transaction: 404, 403 other warehouse, 409/403 lines frozen. */
  private async lockEditable(tx: Tx, user: AuthUser, listId: string): Promise<OutgoingListRow> {
    const list = await this.repo.lockList(listId, tx);
    if (!list) throw new NotFoundException('Outgoing list not found');
    assertWarehouseAccess(user, list.warehouseId);
    assertLinesEditable(list.status, user.role);
    return list;
  }

  private async inventoryFor(tx: Tx, list: OutgoingListRow, dto: AddLineDto): Promise<InventoryRef> {
    const inv = await this.repo.findInventory(dto.inventory, tx);
    if (!inv) throw new NotFoundException('Inventory record not found');
    if (inv.productId !== dto.product) throw new BadRequestException('The inventory record is not of this product');
    if (inv.warehouseId !== list.warehouseId || (dto.warehouse && dto.warehouse !== list.warehouseId)) {
      throw new BadRequestException("The stock must come from the list's warehouse");
    }
    return inv;
  }

  /**
   * 409 unless `quantity` together with the list's `otherLines` of the same stock is available
   * (on hand − reserved): lines at different prices share one stock.
   */
  private async assertAvailable(tx: Tx, inv: InventoryRef, quantity: QuantityEntry[], otherLines: OutgoingItemRow[]): Promise<void> {
    const total = otherLines.reduce((sum, l) => addQuantities(sum, l.quantity), quantity);
    assertCovered(inv.productName, total, await this.ledger.available(inv.id, tx), inv.id);
  }
}
