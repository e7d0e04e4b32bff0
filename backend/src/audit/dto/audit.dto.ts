import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { Exportable } from '../../common/export/export-stream';
import { blank, IsDay, NotBeforeFrom } from '../../common/http/list-query.dto';
import { PageQueryDto } from '../../common/http/pagination.dto';
import { Sortable } from '../../common/http/sort';
import type { AuditChange } from '../../database/schema';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from '@inventory/common';

export const AUDIT_SORT_FIELDS = ['at', 'action', 'entity'] as const;
export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];

/**
 * GET /api/audit query: each filter optional; `from`/`to` are days YYYY-MM-DD (UTC, both
 * included); newest first unless `sort` says otherwise. Each bad value answers 400 naming its field.
 */
export class AuditQueryDto extends Sortable(AUDIT_SORT_FIELDS, PageQueryDto) {
  @ApiPropertyOptional({ enum: AUDIT_ENTITIES, description: 'Only events of this kind of record' })
  @IsOptional()
  @Transform(blank)
  @IsIn(AUDIT_ENTITIES, { message: `entity must be one of: ${AUDIT_ENTITIES.join(', ')}` })
  entity?: AuditEntity;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only events of this record' })
  @IsOptional()
  @Transform(blank)
  @IsUUID('all', { message: 'entity_id must be a valid id' })
  entity_id?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only events done by this user' })
  @IsOptional()
  @Transform(blank)
  @IsUUID('all', { message: 'user_id must be a valid id' })
  user_id?: string;

  @ApiPropertyOptional({ enum: AUDIT_ACTIONS, description: 'Only this action' })
  @IsOptional()
  @Transform(blank)
  @IsIn(AUDIT_ACTIONS, { message: `action must be one of: ${AUDIT_ACTIONS.join(', ')}` })
  action?: AuditAction;

  @ApiPropertyOptional({ format: 'date', example: '2026-01-31', description: 'On or after this day, YYYY-MM-DD (UTC)' })
  @IsOptional()
  @Transform(blank)
  @IsDay()
  from?: string;

  @ApiPropertyOptional({ format: 'date', example: '2026-02-28', description: 'On or before this day, YYYY-MM-DD (UTC), not before from' })
  @IsOptional()
  @Transform(blank)
  @IsDay()
  @NotBeforeFrom()
  to?: string;
}

/** GET /api/audit/export query: the filters and sort of GET /api/audit and `format=csv|xlsx`. */
export class AuditExportQueryDto extends Exportable(AuditQueryDto) {}

/** Path of GET /api/audit/{entity}/{id}. */
export class AuditRecordParamsDto {
  @ApiProperty({ enum: AUDIT_ENTITIES })
  @IsIn(AUDIT_ENTITIES, { message: `entity must be one of: ${AUDIT_ENTITIES.join(', ')}` })
  entity: AuditEntity;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a valid id' })
  id: string;
}

/** Who did it, as the event recorded them (name and role at the time); null for the system or an unknown sign-in. */
export class AuditActorView {
  _id: string | null;
  name: string;
  role: string | null;
}

/** One audit event. `changes` lists the changed fields; never a password or hash. */
export class AuditEventView {
  _id: string;
  /** ISO time of the change. */
  at: string;
  user: AuditActorView;
  @ApiProperty({ enum: AUDIT_ACTIONS })
  action: AuditAction;
  @ApiProperty({ enum: AUDIT_ENTITIES })
  entity: AuditEntity;
  entity_id: string | null;
  changes: AuditChange[];
  request_id: string | null;
  client_address: string | null;
}

/** An event as the export writes it: its record's name, and names in place of the ids in its changes. */
export interface NamedAuditEvent extends AuditEventView {
  record_name: string | null;
}

/** A page of audit events, newest first by default. */
export class AuditPage {
  events: AuditEventView[];
  /**
   * The names of the records the page's events refer to, by id: each event's record and every id
   * in its changes (a warehouse, category, product `name (code)`, customer, staff member
   * `first last`, stock record `product (code) · warehouse`, list by GRN/GIN/TRN, count `SC-n`,
   * import file). An id of a record that no longer exists is absent.
   */
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { '5f3c0d1e-0000-4000-8000-000000000001': 'Main store' } })
  names: Record<string, string>;
  /** How many events match, counted up to 10,000. */
  total_count: number;
  /** True when more than 10,000 match: total_count is then 10,000 (narrow the filters to count them). */
  total_capped: boolean;
}
