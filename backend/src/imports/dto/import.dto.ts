import { IMPORT_KINDS, IMPORT_STATUSES, type ImportKind, type ImportStatus } from '@inventory/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../common/http/pagination.dto';

/**
 * POST /api/imports form fields besides `file`. `mapping` and `options` are JSON text:
 * mapping `{target_field: "Source column"}`; options `{skip_invalid?, create_missing?, category?}`.
 */
export class UploadImportDto {
  @ApiProperty({ enum: IMPORT_KINDS })
  @IsIn(IMPORT_KINDS, { message: `kind must be one of ${IMPORT_KINDS.join(', ')}` })
  kind: ImportKind;

  /** The warehouse of opening_stock and sales_history. */
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'warehouse must be a valid id' })
  warehouse?: string;

  @ApiPropertyOptional({ description: 'JSON {target_field: "Source column"}; absent: columns matched by the template headers' })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  mapping?: string;

  @ApiPropertyOptional({ description: 'JSON {skip_invalid?: boolean, create_missing?: boolean, category?: string}' })
  @IsOptional()
  @IsString()
  @MaxLength(2_000)
  options?: string;
}

/** GET /api/imports/templates/{kind} query. */
export class TemplateQueryDto {
  @IsOptional()
  @IsIn(['xlsx', 'csv'], { message: 'format must be xlsx or csv' })
  format?: 'xlsx' | 'csv';
}

/** GET /api/imports query: paging and an optional kind or status. */
export class ImportListQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn(IMPORT_KINDS, { message: `kind must be one of ${IMPORT_KINDS.join(', ')}` })
  kind?: ImportKind;

  @IsOptional()
  @IsIn(IMPORT_STATUSES, { message: `status must be one of ${IMPORT_STATUSES.join(', ')}` })
  status?: ImportStatus;
}

/** The wire shapes (shared with the admin UI, @inventory/common). */
export type { ImportRowError as ImportErrorView, ImportView } from '@inventory/common';
