import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../../audit/audit.service';
import { ProductsRepository } from '../products/products.repository';
import type { SortQuery } from '../../common/http/sort';
import type { CategorySortField, CategoryView, CreateCategoryDto, UpdateCategoryDto } from './dto/category.dto';
import { CategoriesRepository, type CategoryRow } from './categories.repository';

/** Maps a category row to its API view. */
export function toCategoryView(c: CategoryRow): CategoryView {
  return {
    _id: c.id,
    name: c.name,
    description: c.description,
    specifications: c.specifications,
    quantity_measurement: c.quantityMeasurement,
    removed: c.removed,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/**
 * Category rules: name unique among active categories (409),
 * soft removal refused while active products use the category (409 naming how many),
 * and an update may not drop a unit or specification an active product still uses (409).
 * Every change writes one audit event in its own transaction; a refused one writes none.
 */
@Injectable()
export class CategoriesService {
  constructor(
    private readonly categories: CategoriesRepository,
    private readonly products: ProductsRepository,
    private readonly audit: AuditService,
  ) {}

  /** Active or removed categories, in their usual order or by `sort`. */
  async list(removed: boolean, sort: SortQuery<CategorySortField> = {}): Promise<CategoryView[]> {
    return (await this.categories.list(removed, { sort: sort.sort, order: sort.order })).map(toCategoryView);
  }

  async get(id: string): Promise<CategoryView> {
    return toCategoryView(await this.require(id));
  }

  /** Creates a category (409 for an active name) with its `create` audit event. */
  async create(dto: CreateCategoryDto): Promise<CategoryView> {
    await this.assertNameFree(dto.name);
    return this.categories.transaction(async (tx) => {
      const view = toCategoryView(await this.categories.insert(this.values(dto), tx));
      await this.audit.record(tx, { action: 'create', entity: 'category', entityId: view._id, before: null, after: view });
      return view;
    });
  }

  /** Replaces a category's fields; the `update` audit event holds the fields that differ. */
  async update(id: string, dto: UpdateCategoryDto): Promise<CategoryView> {
    if (dto.id && dto.id !== id) throw new BadRequestException('The id in the body does not match the path');
    const existing = await this.require(id);
    if (!existing.removed) await this.assertNameFree(dto.name, id);
    await this.assertKeepsUsedFields(id, dto);
    return this.categories.transaction(async (tx) => {
      const before = toCategoryView((await this.categories.lockById(tx, id))!);
      const after = toCategoryView((await this.categories.update(id, this.values(dto), tx))!);
      await this.audit.record(tx, { action: 'update', entity: 'category', entityId: id, before, after });
      return after;
    });
  }

  /** Removes (409 while active products use it) or activates a category, with its `remove`/`activate` audit event. */
  async setRemoved(id: string, removed: boolean): Promise<CategoryView> {
    const c = await this.require(id);
    if (c.removed === removed) {
      throw new ConflictException(removed ? 'This category is already removed' : 'This category is already active');
    }
    if (removed) {
      const n = await this.products.countActiveInCategory(id);
      if (n > 0) {
        throw new ConflictException(`This category still has ${n} active product${n === 1 ? '' : 's'}; remove ${n === 1 ? 'it' : 'them'} first`);
      }
    } else {
      await this.assertNameFree(c.name, id);
    }
    return this.categories.transaction(async (tx) => {
      if ((await this.categories.lockById(tx, id))!.removed === removed) {
        throw new ConflictException(removed ? 'This category is already removed' : 'This category is already active');
      }
      const row = (await this.categories.update(id, { removed }, tx))!;
      await this.audit.record(tx, { action: removed ? 'remove' : 'activate', entity: 'category', entityId: id, changes: [{ field: 'removed', before: !removed, after: removed }] });
      return toCategoryView(row);
    });
  }

  private values(dto: CreateCategoryDto) {
    return {
      name: dto.name,
      description: dto.description,
      specifications: dto.specifications,
      quantityMeasurement: dto.quantity_measurement,
    };
  }

  /** Active products of the category must keep all their units and specification names. */
  private async assertKeepsUsedFields(id: string, dto: CreateCategoryDto): Promise<void> {
    const used = await this.products.usedFieldsInCategory(id);
    const lostUnits = used.units.filter((u) => !dto.quantity_measurement.includes(u));
    const lostSpecs = used.specifications.filter((s) => !dto.specifications.includes(s));
    if (lostUnits.length || lostSpecs.length) {
      const lost = [...lostUnits, ...lostSpecs].map((x) => `"${x}"`).join(', ');
      throw new ConflictException(`Active products of this category still use ${lost}`);
    }
  }

  private async require(id: string): Promise<CategoryRow> {
    const c = await this.categories.findById(id);
    if (!c) throw new NotFoundException('Category not found');
    return c;
  }

  private async assertNameFree(name: string, exceptId?: string): Promise<void> {
    if (await this.categories.findActiveByName(name, exceptId)) {
      throw new ConflictException(`A category named "${name}" already exists`);
    }
  }
}
