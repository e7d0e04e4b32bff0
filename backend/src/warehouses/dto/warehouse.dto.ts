import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { Sortable } from '../../common/http/sort';
import { trim } from '../../common/http/transforms';

/** POST /api/warehouses body (name and address required). */
export class CreateWarehouseDto {
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing Warehouse Name' })
  @MaxLength(200)
  name: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing Warehouse Address' })
  @MaxLength(500)
  address: string;
}

/** PATCH /api/warehouses/update/{id} body; `id`, when sent, must match the path. */
export class UpdateWarehouseDto extends CreateWarehouseDto {
  @IsOptional()
  @IsUUID('all', { message: 'id must be a valid id' })
  id?: string;
}

/** A warehouse as the API returns it. */
export interface WarehouseView {
  _id: string;
  name: string;
  address: string;
  removed: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Sort fields of the warehouse lists. */
export const WAREHOUSE_SORT_FIELDS = ['name', 'address', 'createdAt', 'updatedAt'] as const;
export type WarehouseSortField = (typeof WAREHOUSE_SORT_FIELDS)[number];

/** GET /api/warehouses(/removed/all) query: `sort`/`order`; not paged. */
export class WarehouseListQueryDto extends Sortable(WAREHOUSE_SORT_FIELDS) {}
