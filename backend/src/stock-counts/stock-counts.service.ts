import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { change, quantityValue, remarkChanges, statusChange } from '../audit/list-changes';
import { assertWarehouseAccess, scopeWarehouse, type AuthUser } from '../common/auth/auth-user';
import { listCount } from '../common/http/envelope';
import { pageWindow } from '../common/http/pagination.dto';
import { DB } from '../database/database.module';
import type { Database, Tx } from '../database/database';
import type { QuantityEntry } from '../database/schema';
import type { CreateStockCountDto, ReturnStockCountDto, StockCountListQueryDto, StockCountStepDto, UpdateCountLineDto } from './dto/stock-count.dto';
import type { StockCountLineView, StockCountPage, StockCountView } from './dto/stock-count-view';
import { countName } from './stock-count-rules';
import { lineMovements, toCountLineView, toCountRowView } from './stock-count-views';
import { StockCountsRepository, type StockCountRow } from './stock-counts.repository';
import { fieldError } from '../common/http/field-error';


/**
 * Stock counts: the warehouseAdmin of a warehouse starts a count (every record, or a
 * category's, with its expected on hand), enters or uploads what was counted, submits it or
 * cancels it; finance returns it or approves it ({@link StockCountApprovalService}). Every step
 * locks the count row first and writes its audit event (entity `stock_count`) in its transaction.
 */
@Injectable()
export class StockCountsService {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repo: StockCountsRepository,
    private readonly audit: AuditService,
  ) {}

  /** Starts a count. 403 another warehouse; 404 unknown warehouse or category; 409 nothing to count. */
  async create(user: AuthUser, dto: CreateStockCountDto): Promise<StockCountView> {
    assertWarehouseAccess(user, dto.warehouse);
    const id = await this.db.transaction(async (tx) => {
      if (!(await this.repo.activeWarehouse(dto.warehouse, tx))) throw new NotFoundException('Warehouse not found');
      if (dto.category && !(await this.repo.activeCategory(dto.category, tx))) throw new NotFoundException('Category not found');
      const count = await this.repo.insert({ warehouseId: dto.warehouse, categoryId: dto.category ?? null, blind: dto.blind ?? false, createdBy: user.id }, tx);
      const lines = await this.repo.insertLines(count, tx);
      if (!lines) throw new ConflictException('There is no stock record to count in this warehouse' + (dto.category ? ' and category' : ''));
      await this.audit.record(tx, {
        action: 'create',
        entity: 'stock_count',
        entityId: count.id,
        changes: [change('status', null, 'counting'), change('number', null, countName(count.number)), change('category', null, dto.category ?? null), change('blind', null, count.blind), change('lines', null, lines)],
      });
      return count.id;
    });
    return this.view(user, id);
  }

  /**
   * Records what was counted of one line (units of the product, each once, values >= 0; units not
   * sent keep what was counted before). 404; 403; 409 not counting; 400 naming `counted.<i>.name`.
   */
  async updateLine(user: AuthUser, dto: UpdateCountLineDto): Promise<{ line: StockCountLineView }> {
    await this.db.transaction(async (tx) => {
      const count = await this.counting(user, dto.count_id, tx);
      const line = (await this.repo.lines(count.id, tx)).find((l) => l.id === dto.line_id);
      if (!line) throw new NotFoundException('Count line not found');
      const seen = new Set<string>();
      dto.counted.forEach((q, i) => {
        if (!line.units.includes(q.name)) throw fieldError(`counted.${i}.name`, `Unit "${String(q.name).slice(0, 60)}" is not a unit of ${line.productName} (units: ${line.units.join(', ')})`);
        if (seen.has(q.name)) throw fieldError(`counted.${i}.name`, `Unit "${q.name}" is listed twice`);
        seen.add(q.name);
      });
      const counted = mergeCounted(line.units, line.counted, dto.counted);
      await this.repo.setCounted(line.id, counted, [...seen], user.id, tx);
      await this.audit.record(tx, { action: 'update_line', entity: 'stock_count', entityId: count.id, changes: [change(`lines.${line.productName}`, quantityValue(line.counted), quantityValue(counted))] });
    });
    const view = await this.view(user, dto.count_id, dto.line_id);
    return { line: view.lines[0] };
  }

  /** counting -> pending_approval. 409 not counting or nothing counted. */
  async submit(user: AuthUser, dto: StockCountStepDto): Promise<StockCountView> {
    await this.db.transaction(async (tx) => {
      const count = await this.counting(user, dto.count_id, tx, 'submitted');
      if (!(await this.repo.lines(count.id, tx)).some((l) => l.counted)) throw new ConflictException('Count at least one line before submitting the count');
      await this.repo.update(count.id, { status: 'pending_approval', submittedBy: user.id, submittedAt: new Date() }, tx);
      if (dto.remark) await this.repo.addRemark(count.id, dto.remark, user.id, tx);
      await this.audit.record(tx, { action: 'submit', entity: 'stock_count', entityId: count.id, changes: [statusChange('counting', 'pending_approval'), ...remarkChanges(dto.remark)] });
    });
    return this.view(user, dto.count_id);
  }

  /** Finance sends a submitted count back to counting with the reason. 404; 409 not pending approval. */
  async return(user: AuthUser, dto: ReturnStockCountDto): Promise<StockCountView> {
    await this.db.transaction(async (tx) => {
      const count = await this.repo.lock(dto.count_id, tx);
      if (!count) throw new NotFoundException('Stock count not found');
      if (count.status !== 'pending_approval') throw new ConflictException(`Only a count pending approval can be returned: this count is ${count.status}`);
      await this.repo.update(count.id, { status: 'counting', returnedBy: user.id, returnedAt: new Date(), returnReason: dto.remark }, tx);
      await this.repo.addRemark(count.id, dto.remark, user.id, tx);
      await this.audit.record(tx, { action: 'return', entity: 'stock_count', entityId: count.id, changes: [statusChange('pending_approval', 'counting'), ...remarkChanges(dto.remark)] });
    });
    return this.view(user, dto.count_id);
  }

  /** Cancels a count while counting (nothing is posted). 404; 403; 409 not counting. */
  async cancel(user: AuthUser, dto: StockCountStepDto): Promise<StockCountView> {
    await this.db.transaction(async (tx) => {
      const count = await this.counting(user, dto.count_id, tx, 'cancelled');
      await this.repo.update(count.id, { status: 'cancelled', cancelledBy: user.id, cancelledAt: new Date() }, tx);
      if (dto.remark) await this.repo.addRemark(count.id, dto.remark, user.id, tx);
      await this.audit.record(tx, { action: 'cancel', entity: 'stock_count', entityId: count.id, changes: [statusChange('counting', 'cancelled'), ...remarkChanges(dto.remark)] });
    });
    return this.view(user, dto.count_id);
  }

  /** A page of counts: a user tied to a warehouse sees its own (another `warehouse` answers 403). */
  async list(user: AuthUser, q: StockCountListQueryDto): Promise<StockCountPage> {
    const filter = { status: q.status, warehouseId: scopeWarehouse(user, q.warehouse), from: q.from, to: q.to, search: q.search, sort: { sort: q.sort, order: q.order } };
    const [rows, total] = await Promise.all([this.repo.find(filter, pageWindow(q)), this.repo.count(filter)]);
    return { stock_count_all: rows.map(toCountRowView), ...listCount(total) };
  }

  /**
   * One count as `user` may see it (404 unknown; 403 another warehouse): a blind count's expected
   * quantities, movements and differences are hidden from the warehouseAdmin until it is posted.
   */
  async view(user: AuthUser, id: string, lineId?: string): Promise<StockCountView> {
    const [row] = await this.repo.find({ id });
    if (!row) throw new NotFoundException('Stock count not found');
    assertWarehouseAccess(user, row.count.warehouseId);
    const hidden = row.count.blind && row.count.status !== 'posted' && user.role === 'warehouseAdmin';
    const [lines, remarks, moves] = await Promise.all([this.repo.linesWithRefs(id, lineId), this.repo.remarks(id), hidden ? [] : this.repo.movementsAroundCount(row.count)]);
    const now = new Date();
    const views = lines.map((l) => toCountLineView(l, hidden, lineMovements(l.line.id, l.product.units, moves), now));
    const valued = views.filter((v) => v.difference_value !== null);
    return {
      ...toCountRowView(row),
      lines: views,
      remarks: remarks.map((r) => ({ content: r.content, remark_by: r.remark_by, createdAt: r.createdAt.toISOString() })),
      difference_value_total: valued.length ? Number(valued.reduce((s, v) => s + v.difference_value!, 0).toFixed(2)) : null,
    };
  }

  /** The count locked and checked: of the user's warehouse (403), counting (409). */
  async counting(user: AuthUser, id: string, tx: Tx, to = 'changed'): Promise<StockCountRow> {
    const count = await this.repo.lock(id, tx);
    if (!count) throw new NotFoundException('Stock count not found');
    assertWarehouseAccess(user, count.warehouseId);
    if (count.status !== 'counting') throw new ConflictException(`Only a count being counted can be ${to}: this count is ${count.status}`);
    return count;
  }
}

/** What was counted before, with the units in `sent` replaced, in the product's unit order. */
export function mergeCounted(units: string[], before: QuantityEntry[] | null, sent: { name: string; value: number }[]): QuantityEntry[] {
  const merged = new Map((before ?? []).map((q) => [q.name, Number(q.value)]));
  for (const q of sent) merged.set(q.name, q.value);
  return units.filter((u) => merged.has(u)).map((name) => ({ name, value: merged.get(name)! }));
}
