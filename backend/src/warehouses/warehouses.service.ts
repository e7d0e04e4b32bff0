import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { StockUseService } from '../inventory/stock-use.service';
import type { SortQuery } from '../common/http/sort';
import type { CreateWarehouseDto, UpdateWarehouseDto, WarehouseSortField, WarehouseView } from './dto/warehouse.dto';
import { WarehousesRepository, type WarehouseRow } from './warehouses.repository';

/** Maps a warehouse row to its API view. */
export function toWarehouseView(w: WarehouseRow): WarehouseView {
  return {
    _id: w.id,
    name: w.name,
    address: w.address,
    removed: w.removed,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

/**
 * Warehouse rules: name unique among active warehouses, soft removal; a
 * warehouse with lists not yet finished cannot be removed (409, StockUseService), as their
 * approval or delivery could no longer post. Every change writes one audit event in its own
 * transaction; a refused one writes none.
 */
@Injectable()
export class WarehousesService {
  constructor(
    private readonly warehouses: WarehousesRepository,
    private readonly stockUse: StockUseService,
    private readonly audit: AuditService,
  ) {}

  /** The warehouse `id` when it exists and is not removed (the warehouse of a user or of a list must be one). */
  async findActive(id: string): Promise<WarehouseRow | undefined> {
    const w = await this.warehouses.findById(id);
    return w && !w.removed ? w : undefined;
  }

  /** Active or removed warehouses, by name or by `sort`. */
  async list(removed: boolean, sort: SortQuery<WarehouseSortField> = {}): Promise<WarehouseView[]> {
    return (await this.warehouses.list(removed, { sort: sort.sort, order: sort.order })).map(toWarehouseView);
  }

  /** Creates a warehouse (409 for an active name) with its `create` audit event. */
  async create(dto: CreateWarehouseDto): Promise<WarehouseView> {
    await this.assertNameFree(dto.name);
    return this.warehouses.transaction(async (tx) => {
      const view = toWarehouseView(await this.warehouses.insert({ name: dto.name, address: dto.address }, tx));
      await this.audit.record(tx, { action: 'create', entity: 'warehouse', entityId: view._id, before: null, after: view });
      return view;
    });
  }

  /** Renames or moves a warehouse; the `update` audit event holds the fields that differ. */
  async update(id: string, dto: UpdateWarehouseDto): Promise<WarehouseView> {
    if (dto.id && dto.id !== id) throw new BadRequestException('The id in the body does not match the path');
    const existing = await this.require(id);
    if (!existing.removed) await this.assertNameFree(dto.name, id);
    return this.warehouses.transaction(async (tx) => {
      const before = toWarehouseView((await this.warehouses.lockById(tx, id))!);
      const after = toWarehouseView((await this.warehouses.update(id, { name: dto.name, address: dto.address }, tx))!);
      await this.audit.record(tx, { action: 'update', entity: 'warehouse', entityId: id, before, after });
      return after;
    });
  }

  /** Removes (409 while it has lists not yet finished) or activates a warehouse, with its `remove`/`activate` audit event. */
  async setRemoved(id: string, removed: boolean): Promise<WarehouseView> {
    const w = await this.require(id);
    if (w.removed === removed) {
      throw new ConflictException(removed ? 'This warehouse is already removed' : 'This warehouse is already active');
    }
    if (!removed) await this.assertNameFree(w.name, w.id);
    const row = await this.warehouses.transaction(async (tx) => {
      if ((await this.warehouses.lockById(tx, id))!.removed === removed) {
        throw new ConflictException(removed ? 'This warehouse is already removed' : 'This warehouse is already active');
      }
      if (removed) await this.stockUse.assertWarehouseRemovable(tx, id);
      const updated = await this.warehouses.update(id, { removed }, tx);
      await this.audit.record(tx, { action: removed ? 'remove' : 'activate', entity: 'warehouse', entityId: id, changes: [{ field: 'removed', before: !removed, after: removed }] });
      return updated;
    });
    return toWarehouseView(row!);
  }

  private async require(id: string): Promise<WarehouseRow> {
    const w = await this.warehouses.findById(id);
    if (!w) throw new NotFoundException('Warehouse not found');
    return w;
  }

  private async assertNameFree(name: string, exceptId?: string): Promise<void> {
    if (await this.warehouses.findActiveByName(name, exceptId)) {
      throw new ConflictException(`A warehouse named "${name}" already exists`);
    }
  }
}
