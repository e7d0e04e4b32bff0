import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { assertWarehouseAccess, scopeWarehouse, type AuthUser } from '../common/auth/auth-user';
import type { Tx } from '../database/database';
import type { QuantityEntry } from '../database/schema';
import { assertUnits } from '../inventory/quantity';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import type { AddLineDto, CreateOutgoingListDto, ListQueryDto, RemoveLineDto, UpdateLineDto } from './dto/outgoing.dto';
import type { OutgoingListView } from './dto/outgoing-view';
import { assertLinesEditable } from './outgoing-status';
import { OutgoingRepository, type InventoryRef, type OutgoingListRow } from './outgoing.repository';
import { OutgoingViews } from './outgoing-views.service';
import { addQuantities, assertCovered } from './quantities';

/** The stored price: `undefined` keeps the line's price, `null` clears it. */
const price = (p: number | null | undefined): string | null | undefined => (p == null ? p : p.toFixed(2));

/**
 * Outgoing lists (spec 3, 4 and 7 Outgoing lists): reading, creating drafts and changing
 * lines. Lines change only in draft (sales) and pending_sales_supervisor_approval (sales or
 * the supervisor), and never ask more than is available in the list's warehouse (409).
 */
@Injectable()
export class OutgoingService {
  constructor(
    private readonly repo: OutgoingRepository,
    private readonly views: OutgoingViews,
    private readonly ledger: StockLedgerService,
  ) {}

  /** Lists filtered by status, limited to the user's warehouse when tied to one. */
  async list(user: AuthUser, q: ListQueryDto): Promise<OutgoingListView[]> {
    return this.views.list({ status: q.status, warehouseId: scopeWarehouse(user, q.warehouse) });
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
    if (!(await this.repo.findActiveWarehouse(dto.warehouse))) throw new BadRequestException('Warehouse not found');
    if (!(await this.repo.findActiveCustomer(dto.customer))) throw new BadRequestException('Customer not found');
    const id = await this.ledger.run(async (tx) => {
      const list = await this.repo.insertList(
        { gin: dto.gin, customerId: dto.customer, warehouseId: dto.warehouse, fsNumber: dto.fs_number || null, createdBy: user.id },
        tx,
      );
      if (dto.remarks) await this.repo.insertRemark(tx, list.id, dto.remarks, user.id);
      return list.id;
    });
    return this.views.one(id);
  }

  /** Adds a line, or adds to the line of the same inventory record; 409 when not available. */
  async addLine(user: AuthUser, dto: AddLineDto): Promise<OutgoingListView> {
    await this.ledger.run(async (tx) => {
      const list = await this.lockEditable(tx, user, dto.list_id);
      const inv = await this.inventoryFor(tx, list, dto);
      assertUnits(inv.units, dto.quantity, inv.productName);
      const existing = await this.repo.findItemByInventory(list.id, inv.id, tx);
      const quantity = existing ? addQuantities(existing.quantity, dto.quantity) : dto.quantity;
      await this.assertAvailable(tx, inv, quantity);
      if (existing) await this.repo.updateItem(existing.id, { quantity, unitPrice: price(dto.unitPrice) }, tx);
      else await this.repo.insertItem({ listId: list.id, productId: inv.productId, inventoryId: inv.id, quantity, unitPrice: price(dto.unitPrice) }, tx);
    });
    return this.views.one(dto.list_id);
  }

  /** Replaces a line's quantity (and price when sent); 409 when not available. */
  async updateLine(user: AuthUser, dto: UpdateLineDto): Promise<OutgoingListView> {
    await this.ledger.run(async (tx) => {
      const list = await this.lockEditable(tx, user, dto.list_id);
      const item = await this.repo.findItem(list.id, dto.product_id, tx);
      if (!item) throw new NotFoundException('This product is not on the list');
      const inv = (await this.repo.findInventory(item.inventoryId, tx))!;
      assertUnits(inv.units, dto.quantity, inv.productName);
      await this.assertAvailable(tx, inv, dto.quantity);
      await this.repo.updateItem(item.id, { quantity: dto.quantity, unitPrice: price(dto.unitPrice) }, tx);
    });
    return this.views.one(dto.list_id);
  }

  /** Removes a line. */
  async removeLine(user: AuthUser, dto: RemoveLineDto): Promise<OutgoingListView> {
    await this.ledger.run(async (tx) => {
      const list = await this.lockEditable(tx, user, dto.list_id);
      const item = await this.repo.findItem(list.id, dto.product_id, tx);
      if (!item) throw new NotFoundException('This product is not on the list');
      await this.repo.deleteItem(item.id, tx);
    });
    return this.views.one(dto.list_id);
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

  private async assertAvailable(tx: Tx, inv: InventoryRef, quantity: QuantityEntry[]): Promise<void> {
    assertCovered(inv.productName, quantity, await this.ledger.available(inv.id, tx));
  }
}
