import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import { Sortable } from '../../../common/http/sort';
import { trim, trimAll } from '../../../common/http/transforms';

/** POST /api/productCategories/add body. */
export class CreateCategoryDto {
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing Category Name' })
  @MaxLength(200)
  name: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing Category Description' })
  @MaxLength(2000)
  description: string;

  /** Specification names products of this category carry (no blanks, no duplicates). */
  @Transform(trimAll)
  @IsArray()
  @ArrayMaxSize(50)
  @ArrayUnique({ message: 'Specifications must not repeat' })
  @IsString({ each: true })
  @IsNotEmpty({ each: true, message: 'Specification names must not be blank' })
  @MaxLength(100, { each: true })
  specifications: string[];

  /** Allowed units of measure (at least one, no duplicates), e.g. ["pcs", "kg"]. */
  @Transform(trimAll)
  @IsArray()
  @ArrayNotEmpty({ message: 'Missing Quantity Measurement' })
  @ArrayMaxSize(20)
  @ArrayUnique({ message: 'Quantity measurements must not repeat' })
  @IsString({ each: true })
  @IsNotEmpty({ each: true, message: 'Quantity measurements must not be blank' })
  @MaxLength(50, { each: true })
  quantity_measurement: string[];
}

/** PUT /api/productCategories/update/{id} body; `id`, when sent, must match the path. */
export class UpdateCategoryDto extends CreateCategoryDto {
  @IsOptional()
  @IsUUID('all', { message: 'id must be a valid id' })
  id?: string;
}

/** A category as the API returns it. */
export interface CategoryView {
  _id: string;
  name: string;
  description: string;
  specifications: string[];
  quantity_measurement: string[];
  removed: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Sort fields of the category lists. */
export const CATEGORY_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export type CategorySortField = (typeof CATEGORY_SORT_FIELDS)[number];

/** GET /api/productCategories(/removed/all) query: `sort`/`order`; not paged. */
export class CategoryListQueryDto extends Sortable(CATEGORY_SORT_FIELDS) {}
