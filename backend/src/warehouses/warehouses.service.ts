import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
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
 * Warehouse rules (spec 7 Warehouses): name unique among active warehouses, soft removal; a
 * warehouse with lists not yet finished cannot be removed (409, StockUseService), as their
 * approval or delivery could no longer post.
 */
@Injectable()
export class WarehousesService {
  constructor(
    private readonly warehouses: WarehousesRepository,
    private readonly stockUse: StockUseService,
  ) {}

  /** Active or removed warehouses, by name or by `sort` (issue 13). */
  async list(removed: boolean, sort: SortQuery<WarehouseSortField> = {}): Promise<WarehouseView[]> {
    return (await this.warehouses.list(removed, { sort: sort.sort, order: sort.order })).map(toWarehouseView);
  }

  async create(dto: CreateWarehouseDto): Promise<WarehouseView> {
    await this.assertNameFree(dto.name);
    return toWarehouseView(await this.warehouses.insert({ name: dto.name, address: dto.address }));
  }

  async update(id: string, dto: UpdateWarehouseDto): Promise<WarehouseView> {
    if (dto.id && dto.id !== id) throw new BadRequestException('The id in the body does not match the path');
    const existing = await this.require(id);
    if (!existing.removed) await this.assertNameFree(dto.name, id);
    return toWarehouseView((await this.warehouses.update(id, { name: dto.name, address: dto.address }))!);
  }

  async setRemoved(id: string, removed: boolean): Promise<WarehouseView> {
    const w = await this.require(id);
    if (w.removed === removed) {
      throw new ConflictException(removed ? 'This warehouse is already removed' : 'This warehouse is already active');
    }
    if (!removed) return toWarehouseView(await this.activate(w));
    const row = await this.warehouses.transaction(async (tx) => {
      if ((await this.warehouses.lockById(tx, id))!.removed) throw new ConflictException('This warehouse is already removed');
      await this.stockUse.assertWarehouseRemovable(tx, id);
      return this.warehouses.update(id, { removed: true }, tx);
    });
    return toWarehouseView(row!);
  }

  private async activate(w: WarehouseRow): Promise<WarehouseRow> {
    await this.assertNameFree(w.name, w.id);
    return (await this.warehouses.update(w.id, { removed: false }))!;
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
