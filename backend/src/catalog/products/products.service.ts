import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { offsetPages } from '../../common/export/export-stream';
import { listCount } from '../../common/http/envelope';
import { pageWindow } from '../../common/http/pagination.dto';
import type { SortQuery } from '../../common/http/sort';
import { AuditService } from '../../audit/audit.service';
import type { DbOrTx } from '../../database/database';
import { StockUseService } from '../../inventory/stock-use.service';
import { CategoriesRepository, type CategoryRow } from '../categories/categories.repository';
import type {
  BufferStockDto,
  CreateProductDto,
  ProductPage,
  ProductSearchQueryDto,
  ProductSortField,
  ProductView,
  SpecificationDto,
  UpdateProductDto,
} from './dto/product.dto';
import { ProductsRepository, type ProductValues, type ProductWithCategory } from './products.repository';

/** Maps a product row to its API view; the buffer quantity becomes a number. */
export function toProductView(p: ProductWithCategory): ProductView {
  return {
    _id: p.id,
    name: p.name,
    code: p.code,
    description: p.description,
    category: { _id: p.categoryId, name: p.categoryName },
    specifications: p.specifications,
    quantity: p.units,
    buffer_stock: { unit_of_measurement: p.bufferUnit, quantity: Number(p.bufferQuantity) },
    image_extension: p.imageExtension,
    removed: p.removed,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The catalogue fields of a product before they are checked against its category. */
interface ProductFields {
  category: string;
  name: string;
  code: string;
  description: string;
  specifications: SpecificationDto[];
  quantity: string[];
  buffer_stock: BufferStockDto;
}

/**
 * Product rules: the category must exist and be active; code unique
 * among active products (409); specification names and units must be the category's; the
 * buffer unit must be one of the chosen units (400). Removal is soft. So that every open list
 * stays postable (StockUseService), a product on a list not yet finished cannot be removed and
 * a unit cannot be dropped while an open line asks it or stock is held in it (409).
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly categories: CategoriesRepository,
    private readonly stockUse: StockUseService,
    private readonly audit: AuditService,
  ) {}

  async list(q: { page?: number; limit?: number; query?: string } & SortQuery<ProductSortField>, removed: boolean): Promise<ProductPage> {
    const page = await this.products.list({ removed, search: q.query?.trim() || undefined, ...pageWindow(q), sort: q.sort, order: q.order });
    return { products: page.rows.map(toProductView), ...listCount(page) };
  }

  /** Every active product of {@link list} for the same search and sort, a page at a time (issue 13 export). */
  pages(q: ProductSearchQueryDto): AsyncGenerator<ProductView[]> {
    return offsetPages(async (w) => (await this.list({ ...q, ...w }, false)).products);
  }

  async get(id: string): Promise<ProductView> {
    return toProductView(await this.require(id));
  }

  async create(dto: CreateProductDto): Promise<ProductView> {
    const fields: ProductFields = { ...dto, specifications: dto.specifications ?? [] };
    await this.assertFitsCategory(fields);
    await this.assertCodeFree(fields.code);
    const id = await this.products.transaction(async (tx) => {
      const row = await this.products.insert(this.values(fields), tx);
      await this.audit.record(tx, { action: 'create', entity: 'product', entityId: row.id, before: null, after: await this.viewIn(tx, row.id) });
      return row.id;
    });
    return this.get(id);
  }

  /** Partial update: the merged product is checked as a whole; 409 when it drops a unit still in use. */
  async update(id: string, dto: UpdateProductDto): Promise<ProductView> {
    if (dto.id && dto.id !== id) throw new BadRequestException('The id in the body does not match the path');
    const p = await this.require(id);
    const current = toProductView(p);
    const fields: ProductFields = {
      category: dto.category ?? p.categoryId,
      name: dto.name ?? p.name,
      code: dto.code ?? p.code,
      description: dto.description ?? p.description,
      specifications: dto.specifications ?? p.specifications,
      quantity: dto.quantity ?? p.units,
      buffer_stock: dto.buffer_stock ?? dto.bufferStock ?? current.buffer_stock,
    };
    await this.assertFitsCategory(fields);
    if (!p.removed) await this.assertCodeFree(fields.code, id);
    await this.products.transaction(async (tx) => {
      const locked = (await this.products.lockById(tx, id))!;
      const dropped = locked.units.filter((u) => !fields.quantity.includes(u));
      await this.stockUse.assertUnitsDroppable(tx, id, dropped);
      await this.products.update(id, this.values(fields), tx);
      await this.audit.record(tx, { action: 'update', entity: 'product', entityId: id, before: toProductView(locked && { ...p, ...locked }), after: await this.viewIn(tx, id) });
    });
    return this.get(id);
  }

  /** Removes (409 while on a list not yet finished) or activates a product. */
  async setRemoved(id: string, removed: boolean): Promise<ProductView> {
    const p = await this.require(id);
    if (!removed) {
      if (!p.removed) throw new ConflictException('This product is already active');
      await this.activeCategory(p.categoryId);
      await this.assertCodeFree(p.code, id);
    }
    await this.products.transaction(async (tx) => {
      const locked = (await this.products.lockById(tx, id))!;
      if (locked.removed === removed) {
        throw new ConflictException(removed ? 'This product is already removed' : 'This product is already active');
      }
      if (removed) await this.stockUse.assertProductRemovable(tx, id);
      await this.products.update(id, { removed }, tx);
      await this.audit.record(tx, { action: removed ? 'remove' : 'activate', entity: 'product', entityId: id, changes: [{ field: 'removed', before: !removed, after: removed }] });
    });
    return this.get(id);
  }

  /** The product or 404 'Product not found'. */
  async require(id: string): Promise<ProductWithCategory> {
    const p = await this.products.findById(id);
    if (!p) throw new NotFoundException('Product not found');
    return p;
  }

  /** The product's view as `tx` sees it (for the audit trail's before/after). */
  private async viewIn(tx: DbOrTx, id: string): Promise<ProductView> {
    return toProductView((await this.products.findById(id, tx))!);
  }

  private values(f: ProductFields): ProductValues {
    return {
      categoryId: f.category,
      name: f.name,
      code: f.code,
      description: f.description,
      specifications: f.specifications.map((s) => ({ name: s.name, value: s.value })),
      units: f.quantity,
      bufferUnit: f.buffer_stock.unit_of_measurement,
      bufferQuantity: String(f.buffer_stock.quantity),
    };
  }

  private async assertFitsCategory(f: ProductFields): Promise<void> {
    const category = await this.activeCategory(f.category);
    const names = f.specifications.map((s) => s.name);
    const foreign = names.filter((n) => !category.specifications.includes(n));
    if (foreign.length) {
      throw new BadRequestException(`Specifications ${quote(foreign)} are not specifications of the category "${category.name}"`);
    }
    if (new Set(names).size !== names.length) throw new BadRequestException('Specification names must not repeat');
    const foreignUnits = f.quantity.filter((u) => !category.quantityMeasurement.includes(u));
    if (foreignUnits.length) {
      throw new BadRequestException(`Units ${quote(foreignUnits)} are not units of the category "${category.name}"`);
    }
    if (!f.quantity.includes(f.buffer_stock.unit_of_measurement)) {
      throw new BadRequestException(`The buffer stock unit "${f.buffer_stock.unit_of_measurement}" is not one of the product's units`);
    }
  }

  private async activeCategory(id: string): Promise<CategoryRow> {
    const category = await this.categories.findById(id);
    if (!category) throw new NotFoundException('Product category not found');
    if (category.removed) throw new ConflictException(`The category "${category.name}" is removed`);
    return category;
  }

  private async assertCodeFree(code: string, exceptId?: string): Promise<void> {
    if (await this.products.findActiveByCode(code, exceptId)) {
      throw new ConflictException(`A product with code "${code}" already exists`);
    }
  }
}

const quote = (xs: string[]) => xs.map((x) => `"${x}"`).join(', ');
