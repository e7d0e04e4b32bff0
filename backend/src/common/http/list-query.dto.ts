import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsOptional, IsString, IsUUID, MaxLength, ValidateBy, type ValidationArguments } from 'class-validator';
import { parseIsoDate } from './iso-date';
import { PageQueryDto } from './pagination.dto';
import { Sortable } from './sort';

/** A blank query value (`?search=`) counts as not sent. */
export const blank = ({ value }: { value: unknown }): unknown => {
  const v = typeof value === 'string' ? value.trim() : value;
  return v === '' ? undefined : v;
};

/**
 * `status=a&status=b` or `status=a,b` (or both) as one list without blanks or repeats; other
 * shapes stay as sent for the validators to refuse.
 */
const statusList = ({ value }: { value: unknown }): unknown => {
  const parts = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(parts) || !parts.every((p): p is string => typeof p === 'string')) return value;
  const list = [...new Set(parts.flatMap((p) => p.split(',')).map((s) => s.trim()).filter(Boolean))];
  return list.length > 0 ? list : undefined;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** True for a real calendar day written `YYYY-MM-DD`, from 1970-01-01. */
const isDay = (value: unknown): value is string => typeof value === 'string' && DAY.test(value) && (parseIsoDate(value)?.getTime() ?? -1) >= 0;

/** A `from`/`to` day: `YYYY-MM-DD` (UTC), else 400 "<field> must be a date YYYY-MM-DD". */
export function IsDay(): PropertyDecorator {
  return ValidateBy({
    name: 'isDay',
    validator: { validate: isDay, defaultMessage: (args?: ValidationArguments) => `${args?.property} must be a date YYYY-MM-DD from 1970-01-01` },
  });
}

/** `to` not before `from` (when both are days): else 400 "to must not be before from". */
export function NotBeforeFrom(): PropertyDecorator {
  return ValidateBy({
    name: 'notBeforeFrom',
    validator: {
      validate: (to: unknown, args?: ValidationArguments) => {
        const from = (args?.object as { from?: unknown }).from;
        return !isDay(to) || !isDay(from) || from <= to;
      },
      defaultMessage: () => 'to must not be before from',
    },
  });
}

/** The filters of a list page after validation. */
export interface ListFilters<S extends string = string> {
  search?: string;
  status?: S[];
  warehouse?: string;
  from?: string;
  to?: string;
}

/**
 * The query of GET /api/incomingLists/all and /api/outgoingLists/all and their exports:
 * `page` (default 1) and `limit` (default 10, at most 100); `search`, a case-insensitive part of
 * the texts `searched` names; `status`, one or several of `statuses` (`status=a&status=b` or
 * `status=a,b`); `warehouse` (an id; users tied to a warehouse get theirs, 403 for another);
 * `from`/`to`, created days `YYYY-MM-DD` (UTC), both included; and `sort`/`order` over
 * `sortFields`. Each bad value answers 400 naming its field; blank values count as not sent.
 */
export function ListQuery<S extends string, F extends string>(statuses: readonly S[], sortFields: readonly F[], searched: string) {
  class ListQueryDto extends Sortable(sortFields, PageQueryDto) implements ListFilters<S> {
    /** A part of the searched texts, case-insensitive (`%` and `_` match themselves). */
    @ApiPropertyOptional({ maxLength: 100, description: `Case-insensitive part of: ${searched} (issue 13)` })
    @IsOptional()
    @Transform(blank)
    @IsString({ message: 'search must be a text' })
    @MaxLength(100)
    search?: string;

    /** One or several statuses. */
    @ApiPropertyOptional({ enum: statuses, isArray: true, description: 'One or several statuses: status=a&status=b or status=a,b (issue 13)' })
    @IsOptional()
    @Transform(statusList)
    @IsArray({ message: `status must be one or several of ${statuses.join(', ')}` })
    @IsIn(statuses, { each: true, message: `status must be one or several of ${statuses.join(', ')}` })
    status?: S[];

    /** Only this warehouse (users tied to a warehouse always get their own; another answers 403). */
    @ApiPropertyOptional({ format: 'uuid', description: 'Only this warehouse' })
    @IsOptional()
    @Transform(blank)
    @IsUUID('all', { message: 'warehouse must be a valid id' })
    warehouse?: string;

    /** Created on or after this day (UTC). */
    @ApiPropertyOptional({ format: 'date', example: '2026-01-31', description: 'Created on or after this day, YYYY-MM-DD (UTC) (issue 13)' })
    @IsOptional()
    @Transform(blank)
    @IsDay()
    from?: string;

    /** Created on or before this day (UTC), not before `from`. */
    @ApiPropertyOptional({ format: 'date', example: '2026-02-28', description: 'Created on or before this day, YYYY-MM-DD (UTC), not before from (issue 13)' })
    @IsOptional()
    @Transform(blank)
    @IsDay()
    @NotBeforeFrom()
    to?: string;
  }
  return ListQueryDto;
}
