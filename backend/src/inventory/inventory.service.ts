import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { assertWarehouseAccess, scopeWarehouse, type AuthUser } from '../common/auth/auth-user';
import { offsetPages } from '../common/export/export-stream';
import { listCount } from '../common/http/envelope';
import { pageWindow } from '../common/http/pagination.dto';
import type { AuditChange, QuantityEntry } from '../database/schema';
import type { IssueDto, ReceiveDto } from './dto/movement.dto';
import type { InventoryItemView, InventoryPage, InventorySearchDto, QuantityView } from './dto/inventory-query.dto';
import { InventoryRepository, type InventoryFilter, type InventoryRow } from './inventory.repository';
import type { InventoryLevelRow } from './level-sql';
import { fromDecimal } from './quantity';
import { StockLedgerService } from './stock-ledger.service';

const numOrNull = (v: string | null) => (v == null ? null : Number(v));

/**
 * Maps a record and its levels to the API's inventory list item; units in the product's order.
 * With `hidden` (on a blind count its reader counts) the quantities are left out.
 */
export function toInventoryView(r: InventoryRow, levels: InventoryLevelRow[], hidden = false): InventoryItemView {
  const mine = hidden ? [] : levels.filter((l) => l.inventoryId === r.id);
  const units = [...r.product.units, ...mine.map((l) => l.unit).filter((u) => !r.product.units.includes(u))];
  const pick = (key: 'onHand' | 'reserved' | 'available' | 'inTransit'): QuantityView[] =>
    units.map((name) => ({ name, value: fromDecimal(mine.find((l) => l.unit === name)?.[key]) }));
  return {
    _id: r.id,
    product: {
      _id: r.product.id,
      name: r.product.name,
      code: r.product.code,
      description: r.product.description,
      image_extension: r.product.imageExtension,
      quantity: r.product.units,
      buffer_stock: { unit_of_measurement: r.product.bufferUnit, quantity: Number(r.product.bufferQuantity) },
    },
    productCategory: { _id: r.category.id, name: r.category.name },
    warehouse: { _id: r.warehouse.id, name: r.warehouse.name },
    quantities_hidden: hidden,
    quantity: hidden ? [] : pick('onHand'),
    on_hand: hidden ? [] : pick('onHand'),
    reserved: hidden ? [] : pick('reserved'),
    available: hidden ? [] : pick('available'),
    in_transit: hidden ? [] : pick('inTransit').filter((q) => q.value !== 0),
    purchasedPrice: numOrNull(r.purchasedPrice),
    depreciationRate: numOrNull(r.depreciationRate),
    purchasedDate: r.purchasedDate?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * The audit trail's changes of a direct movement: each field given, from nothing
 * (`{field: 'quantity', before: null, after: [{name: 'pcs', value: 3}]}`); ids for product,
 * warehouse and inventory record, as the ledger row holds them.
 */
function movementChanges(fields: Record<string, string | number | QuantityEntry[] | null | undefined>): AuditChange[] {
  return Object.entries(fields)
    .filter(([, v]) => v != null && v !== '')
    .map(([field, v]) => ({ field, before: null, after: Array.isArray(v) ? v.map((q) => ({ name: q.name, value: Number(q.value) })) : v }));
}

/**
 * Inventory routes: lists scoped by the user's warehouse,
 * direct receipts and issues through {@link StockLedgerService} (warehouseAdmin, own warehouse).
 */
@Injectable()
export class InventoryService {
  constructor(
    private readonly repo: InventoryRepository,
    private readonly ledger: StockLedgerService,
    private readonly audit: AuditService,
  ) {}

  /** Records of the user's scope, filtered; `{inventories, total_count, total_capped}`. */
  async search(user: AuthUser, q: InventorySearchDto, lowStock = false): Promise<InventoryPage> {
    const filter: InventoryFilter = {
      warehouseId: scopeWarehouse(user, q.warehouseId),
      categoryId: q.categoryId,
      text: q.query || q.productQuery || undefined,
      lowStock,
    };
    const page = await this.repo.list(filter, pageWindow(q), { sort: q.sort, order: q.order });
    const ids = page.rows.map((r) => r.id);
    const [levels, hidden] = await Promise.all([this.repo.levels(ids), this.repo.blindCounted(user, ids)]);
    return { inventories: page.rows.map((r) => toInventoryView(r, levels, hidden.has(r.id))), ...listCount(page) };
  }

  /** Every record of {@link search} for the same scope, filters and sort, a page at a time (issue 13 export). */
  pages(user: AuthUser, q: InventorySearchDto, lowStock: boolean): AsyncGenerator<InventoryItemView[]> {
    return offsetPages(async (w) => (await this.search(user, { ...q, ...w }, lowStock)).inventories);
  }

  /**
   * A direct receipt; returns the updated record and the ledger row id. Recorded as `receipt` on
   * the new ledger row's audit trail in the posting's transaction.
   */
  async receive(user: AuthUser, dto: ReceiveDto): Promise<{ inventory: InventoryItemView; transaction_id: string }> {
    assertWarehouseAccess(user, dto.warehouse);
    if (dto.productCategory) {
      const category = await this.repo.productCategory(dto.product);
      if (category && category !== dto.productCategory) throw new BadRequestException('productCategory is not the category of the product');
    }
    const r = await this.ledger.run(async (tx) => {
      const posted = await this.ledger.receive(tx, {
        productId: dto.product,
        warehouseId: dto.warehouse,
        quantity: dto.quantity,
        grn: dto.grn,
        userId: user.id,
        remarks: dto.remarks,
        purchasedPrice: dto.purchasedPrice,
        depreciationRate: dto.depreciationRate,
        purchasedDate: dto.purchasedDate,
        source: 'direct',
      });
      await this.audit.record(tx, {
        action: 'receipt',
        entity: 'transaction',
        entityId: posted.transactionId,
        changes: movementChanges({
          product: dto.product,
          warehouse: dto.warehouse,
          inventory: posted.inventoryId,
          quantity: dto.quantity,
          grn: dto.grn,
          remark: dto.remarks,
          purchasedPrice: dto.purchasedPrice,
          depreciationRate: dto.depreciationRate,
          purchasedDate: dto.purchasedDate?.toISOString(),
        }),
      });
      return posted;
    });
    return { inventory: await this.view(user, r.inventoryId), transaction_id: r.transactionId };
  }

  /**
   * A direct issue; 409 when not enough is available, 403 outside the user's warehouse. Recorded
   * as `issue` on the new ledger row's audit trail in the posting's transaction.
   */
  async issue(user: AuthUser, dto: IssueDto): Promise<{ inventory: InventoryItemView; transaction_id: string }> {
    // the record with its product (no change of an issue touches it, so it also makes the answer,
    // with the levels the posting answers)
    const record = await this.repo.findById(dto.id);
    if (!record) throw new NotFoundException('Inventory record not found');
    assertWarehouseAccess(user, record.warehouse.id);
    // one statement posts the issue with its audit event: the level is locked only for it
    const transactionId = randomUUID();
    const audit = this.audit.statement({
      action: 'issue',
      entity: 'transaction',
      entityId: transactionId,
      changes: movementChanges({
        product: record.product.id,
        warehouse: record.warehouse.id,
        inventory: dto.id,
        quantity: dto.quantity,
        gin: dto.gin,
        taken_by: dto.taken_by,
      }),
    });
    const ledgerRecord = { id: record.id, warehouseId: record.warehouse.id, product: { id: record.product.id, name: record.product.name, units: record.product.units, categoryId: record.product.categoryId } };
    const { levels } = await this.ledger.issueNow(
      { id: transactionId, inventoryId: dto.id, quantity: dto.quantity, gin: dto.gin, userId: user.id, takenBy: dto.taken_by, source: 'direct' },
      { audit: audit ?? undefined, record: ledgerRecord },
    );
    const hidden = await this.repo.blindCounted(user, [record.id]);
    return { inventory: toInventoryView(record, levels, hidden.has(record.id)), transaction_id: transactionId };
  }

  private async view(user: AuthUser, id: string): Promise<InventoryItemView> {
    const row = await this.repo.findById(id);
    if (!row) throw new NotFoundException('Inventory record not found');
    const [levels, hidden] = await Promise.all([this.repo.levels([id]), this.repo.blindCounted(user, [id])]);
    return toInventoryView(row, levels, hidden.has(id));
  }
}
