import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { assertWarehouseAccess, scopeWarehouse, type AuthUser } from '../common/auth/auth-user';
import { offsetPages } from '../common/export/export-stream';
import { pageWindow } from '../common/http/pagination.dto';
import { AuditService } from '../audit/audit.service';
import type { AuditAction } from '@inventory/common';
import type { DbOrTx } from '../database/database';
import type { AuditChange } from '../database/schema';
import { assertUnits, MAX_QUANTITY } from '../inventory/quantity';
import { WarehousesService } from '../warehouses/warehouses.service';
import type { CappedPage } from '../common/http/envelope';
import type { CreateIncomingListDto, IncomingLineEdit, IncomingListQueryDto, IncomingListSummary, IncomingListView } from './dto/incoming-list.dto';
import type { AddIncomingLineDto, RemoveIncomingLineDto, UpdateIncomingLineDto } from './dto/incoming-line.dto';
import { assertLinesEditable } from './incoming-flow';
import { decimalText, mergeQuantities } from './incoming-lines';
import { IncomingRepository, type IncomingFilter, type IncomingListRow } from './incoming.repository';
import { change, lineChanges, remarkChanges } from '../audit/list-changes';
import { toLineView, toListViews, toSummary } from './incoming-view';

/** The line columns of a DTO's price and rate: absent keeps, null clears. */
const lineDecimals = (dto: AddIncomingLineDto | UpdateIncomingLineDto) => ({
  purchasedPrice: decimalText(dto.purchasedPrice, 2),
  depreciationRate: decimalText(dto.depreciationRate, 3),
});

/** The money fields of a line that the audit trail records when they change. */
const LINE_MONEY = ['purchasedPrice', 'depreciationRate'] as const;

/** The fields of `o` that are not undefined (a DTO field not sent keeps the line's value). */
const defined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Incoming lists (GRN), spec 3/4/7 and issue 5: reading, creating drafts and changing lines.
 * Lines change only in draft (the list's warehouseAdmin) and pending_import_admin_approval
 * (that warehouseAdmin or the importAdmin); the workflow steps live in IncomingWorkflowService.
 */
@Injectable()
export class IncomingService {
  constructor(
    private readonly lists: IncomingRepository,
    private readonly warehouses: WarehousesService,
    private readonly audit: AuditService,
  ) {}

  /**
   * A page of list rows visible to the user (own warehouse when tied to one; 403 for another),
   * newest first or by `sort`, with the total of matching lists, exact up to 10,000 (`capped`
   * beyond).
   */
  async list(user: AuthUser, q: IncomingListQueryDto): Promise<CappedPage<IncomingListSummary>> {
    const page = await this.lists.findPage(this.filter(user, q), pageWindow(q));
    return { ...page, rows: page.rows.map(toSummary) };
  }

  /** Every row of {@link list} for the same filters and sort, a page at a time (issue 13 export). */
  pages(user: AuthUser, q: IncomingListQueryDto): AsyncGenerator<IncomingListSummary[]> {
    const filter = this.filter(user, q);
    return offsetPages(async (w) => (await this.lists.findSummaries(filter, pageWindow(w))).map(toSummary));
  }

  /** One list; 404 when unknown, 403 when it belongs to another warehouse than the user's. */
  async get(user: AuthUser, id: string): Promise<IncomingListView> {
    const [rows, remarks, lines] = await Promise.all([this.lists.findLists([id]), this.lists.findRemarks([id]), this.lists.findLines([id])]);
    const [view] = toListViews(rows, remarks, lines);
    if (!view) throw new NotFoundException('Incoming list not found');
    assertWarehouseAccess(user, view.warehouse._id);
    return view;
  }

  private filter(user: AuthUser, q: IncomingListQueryDto): IncomingFilter {
    const { status, from, to, search, sort, order } = q;
    return { status, from, to, search, warehouseId: scopeWarehouse(user, q.warehouse), sort: { sort, order } };
  }

  /**
   * Starts a draft list in the user's warehouse. A GRN already used answers 409
   * `GRN "X" is already used` from its unique index (also when two creates race).
   */
  async create(user: AuthUser, dto: CreateIncomingListDto): Promise<IncomingListView> {
    assertWarehouseAccess(user, dto.warehouse);
    const warehouse = await this.warehouses.findActive(dto.warehouse);
    if (!warehouse) throw new BadRequestException('warehouse must be an active warehouse');
    const row = await this.lists.transaction(async (tx) => {
      const list = await this.lists.insertList(tx, { grn: dto.grn, warehouseId: dto.warehouse, createdBy: user.id });
      if (dto.remarks) await this.lists.insertRemark(tx, { listId: list.id, content: dto.remarks, remarkBy: user.id });
      await this.audit.record(tx, {
        action: 'create',
        entity: 'incoming_list',
        entityId: list.id,
        changes: [change('grn', null, list.grn), change('warehouse', null, warehouse.name), change('status', null, list.status), ...remarkChanges(dto.remarks)],
      });
      return list;
    });
    return this.get(user, row.id);
  }

  /**
   * Adds a product line; the same product again adds to its line, unit by unit (a price or rate
   * sent replaces the line's). 409 when the list's warehouse was removed (approval could not post it).
   */
  async addLine(user: AuthUser, dto: AddIncomingLineDto): Promise<IncomingLineEdit> {
    const lineId = await this.editLines(user, dto.list_id, 'add_line', async (tx, list) => {
      if (!(await this.lists.isWarehouseActive(tx, list.warehouseId))) {
        throw new ConflictException("The list's warehouse is removed: its lines can no longer grow");
      }
      const product = await this.lists.findProduct(dto.product, tx);
      if (!product || product.removed) throw new NotFoundException('Product not found');
      assertUnits(product.units, dto.quantity, product.name);
      const existing = await this.lists.findLine(tx, dto.list_id, dto.product);
      const decimals = lineDecimals(dto);
      if (!existing) {
        const id = await this.lists.insertLine(tx, { listId: dto.list_id, productId: dto.product, quantity: dto.quantity, ...decimals });
        return { lineId: id, changes: lineChanges(product.name, null, { quantity: dto.quantity, ...decimals }, LINE_MONEY) };
      }
      const quantity = mergeQuantities(existing.quantity, dto.quantity);
      if (quantity.some((q) => q.value > MAX_QUANTITY)) throw new BadRequestException('The line quantity would be too large');
      await this.lists.updateLine(tx, existing.id, { quantity, ...decimals });
      return { lineId: existing.id, changes: lineChanges(product.name, existing, { ...existing, ...defined(decimals), quantity }, LINE_MONEY) };
    });
    return this.edited(dto.list_id, lineId);
  }

  /** Replaces the quantity (and price and rate, when given; null clears them) of a product's line. */
  async updateLine(user: AuthUser, dto: UpdateIncomingLineDto): Promise<IncomingLineEdit> {
    const lineId = await this.editLines(user, dto.list_id, 'update_line', async (tx) => {
      const line = await this.requireLine(tx, dto.list_id, dto.product_id);
      const product = (await this.lists.findProduct(dto.product_id, tx))!;
      assertUnits(product.units, dto.quantity, product.name);
      const decimals = lineDecimals(dto);
      await this.lists.updateLine(tx, line.id, { quantity: dto.quantity, ...decimals });
      return { lineId: line.id, changes: lineChanges(product.name, line, { ...line, ...defined(decimals), quantity: dto.quantity }, LINE_MONEY) };
    });
    return this.edited(dto.list_id, lineId);
  }

  /** Removes a product's line; `line` of the answer is `{_id, removed: true}`. */
  async removeLine(user: AuthUser, dto: RemoveIncomingLineDto): Promise<IncomingLineEdit> {
    const lineId = await this.editLines(user, dto.list_id, 'remove_line', async (tx) => {
      const line = await this.requireLine(tx, dto.list_id, dto.product_id);
      await this.lists.deleteLine(tx, line.id);
      return { lineId: line.id, changes: lineChanges(line.productName, line, null, LINE_MONEY) };
    });
    return { list: await this.summary(dto.list_id), line: { _id: lineId, removed: true } };
  }

  /** The answer of a line edit: the list's row and the changed line, not every line. */
  private async edited(listId: string, lineId: string): Promise<IncomingLineEdit> {
    const [list, line] = await Promise.all([this.summary(listId), this.lists.findLineById(lineId)]);
    return { list, line: toLineView(line!) };
  }

  private async summary(id: string): Promise<IncomingListSummary> {
    const [row] = await this.lists.findSummaries({ id });
    return toSummary(row);
  }

  /**
   * Locks the list, checks warehouse, status and role (403/404/409), then runs `edit`, records
   * its changes as `action` on the list's audit trail in the same transaction and
   * returns the changed line's id.
   */
  private async editLines(
    user: AuthUser,
    listId: string,
    action: AuditAction,
    edit: (tx: DbOrTx, list: IncomingListRow) => Promise<{ lineId: string; changes: AuditChange[] }>,
  ): Promise<string> {
    return this.lists.transaction(async (tx) => {
      const list = await this.lists.lockById(tx, listId);
      this.assertListAccess(user, list);
      assertLinesEditable(list.status, user.role);
      const { lineId, changes } = await edit(tx, list);
      await this.lists.touch(tx, listId);
      await this.audit.record(tx, { action, entity: 'incoming_list', entityId: listId, changes });
      return lineId;
    });
  }

  private assertListAccess(user: AuthUser, list: IncomingListRow | undefined): asserts list is IncomingListRow {
    if (!list) throw new NotFoundException('Incoming list not found');
    assertWarehouseAccess(user, list.warehouseId);
  }

  /** The product's line with the product's name; 404 when the product is not on the list. */
  private async requireLine(tx: DbOrTx, listId: string, productId: string) {
    const line = await this.lists.findNamedLine(tx, listId, productId);
    if (!line) throw new NotFoundException('This product is not on the list');
    return line;
  }

}
