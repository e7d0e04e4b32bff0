import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import type { ListCount } from '../../../common/http/envelope';
import { PageQueryDto } from '../../../common/http/pagination.dto';
import { Sortable } from '../../../common/http/sort';
import { DecimalField } from '../../../common/http/decimal';
import { toInteger, trim, trimAll } from '../../../common/http/transforms';

/** Largest buffer quantity NUMERIC(14,3) holds. */
const MAX_QUANTITY = 99_999_999_999;

/** One specification `{name, value}`; `name` must be one of the category's specifications. */
export class SpecificationDto {
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Specification name must not be blank' })
  @MaxLength(100)
  name: string;

  @Transform(trim)
  @IsString()
  @MaxLength(500)
  value: string;
}

/** Buffer (low-stock) level: a unit among the product's chosen units and a quantity >= 0 (3 decimals). */
export class BufferStockDto {
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing Buffer Stock unit' })
  @MaxLength(50)
  unit_of_measurement: string;

  @DecimalField({ places: 3, min: 0, max: MAX_QUANTITY, label: 'Buffer stock quantity' })
  quantity: number;
}

/** Fields of PATCH /api/products/{id}: every field optional. */
export class UpdateProductDto {
  @IsOptional()
  @IsUUID('all', { message: 'id must be a valid id' })
  id?: string;

  /** Category id. */
  @IsOptional()
  @IsUUID('all', { message: 'Missing Product Category' })
  category?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing Product Name' })
  @MaxLength(200)
  name?: string;

  /** Unique among active products (case-insensitive). */
  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing Product Code' })
  @MaxLength(100)
  code?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing Product Description' })
  @MaxLength(2000)
  description?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => SpecificationDto)
  specifications?: SpecificationDto[];

  /** The chosen units of measure: non-empty, each one of the category's quantity_measurement. */
  @IsOptional()
  @Transform(trimAll)
  @IsArray()
  @ArrayNotEmpty({ message: 'Missing Product Quantity Measurement' })
  @ArrayMaxSize(20)
  @ArrayUnique({ message: 'Units must not repeat' })
  @IsString({ each: true })
  @MaxLength(50, { each: true })
  quantity?: string[];

  @IsOptional()
  @IsObject({ message: 'Missing Buffer Stock' })
  @ValidateNested()
  @Type(() => BufferStockDto)
  buffer_stock?: BufferStockDto;

  /** The original client's name for buffer_stock on update; buffer_stock wins when both are sent. */
  @IsOptional()
  @IsObject({ message: 'Missing Buffer Stock' })
  @ValidateNested()
  @Type(() => BufferStockDto)
  bufferStock?: BufferStockDto;
}

/** POST /api/products body (the product field messages). */
export class CreateProductDto {
  @IsUUID('all', { message: 'Missing Product Category' })
  category: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing Product Name' })
  @MaxLength(200)
  name: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing Product Code' })
  @MaxLength(100)
  code: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing Product Description' })
  @MaxLength(2000)
  description: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => SpecificationDto)
  specifications?: SpecificationDto[];

  @Transform(trimAll)
  @IsArray({ message: 'Missing Product Quantity Measurement' })
  @ArrayNotEmpty({ message: 'Missing Product Quantity Measurement' })
  @ArrayMaxSize(20)
  @ArrayUnique({ message: 'Units must not repeat' })
  @IsString({ each: true })
  @MaxLength(50, { each: true })
  quantity: string[];

  @IsDefined({ message: 'Missing Buffer Stock' })
  @IsObject({ message: 'Missing Buffer Stock' })
  @ValidateNested()
  @Type(() => BufferStockDto)
  buffer_stock: BufferStockDto;
}

/** Sort fields of the product lists: `category` is the category's name. */
export const PRODUCT_SORT_FIELDS = ['name', 'code', 'category', 'createdAt', 'updatedAt'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

/** GET /api/products(/removed/all, /search) query and the query part of POST /api/products/search; `sort`/`order` of issue 13. */
export class ProductSearchQueryDto extends Sortable(PRODUCT_SORT_FIELDS, PageQueryDto) {
  /** Matched case-insensitively against name, code, description and category name. */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  query?: string;
}

/** POST /api/products/search body: `{query, page, limit, sort, order}`; body values win over the query string. */
export class ProductSearchBodyDto extends Sortable(PRODUCT_SORT_FIELDS) {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  query?: string;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1)
  page?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(100)
  limit?: number;
}

/** A product as the API returns it. */
export interface ProductView {
  _id: string;
  name: string;
  code: string;
  description: string;
  category: { _id: string; name: string };
  specifications: { name: string; value: string }[];
  /** The chosen units. */
  quantity: string[];
  buffer_stock: { unit_of_measurement: string; quantity: number };
  image_extension: string | null;
  removed: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Paged product lists: `data = {products, total_count, total_capped}`. */
export interface ProductPage extends ListCount {
  products: ProductView[];
}
