import { Transform } from 'class-transformer';
import { toInteger } from './transforms';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `?page&limit`: page is 1-based (default 1); limit defaults to 10, at most 100. */
export class PageQueryDto {
  /** 1-based page number. */
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  page?: number = 1;

  /** Rows per page, 1 to 100. */
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number = 10;
}

/** Offset and limit for a {@link PageQueryDto}. */
export function pageWindow(q: { page?: number; limit?: number }): { limit: number; offset: number } {
  const limit = q.limit ?? 10;
  return { limit, offset: ((q.page ?? 1) - 1) * limit };
}

/**
 * `page`/`limit` with the rules of {@link PageQueryDto} (400 naming the field) but no defaults: for
 * routes that take them from the body or the query string and let the body win (the ledger and
 * inventory searches), and for a route that pages only when asked (the asset valuation report,
 * issue 13), which can then tell "all rows" (neither sent) from a page. A digit string (query
 * string) counts as its number.
 */
export class OptionalPageDto {
  /** 1-based page number (default 1 when `limit` is sent); bounded so the row offset stays a whole number. */
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  page?: number;

  /** Rows per page, 1 to 100 (default 10 when `page` is sent). */
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

/**
 * The `page`/`limit` of a route that takes them from the body or the query string: the body's
 * win, each field on its own (ledger searches, the valuation report); a field neither
 * sent stays undefined.
 */
export function pageOf(query: OptionalPageDto, body: OptionalPageDto): OptionalPageDto {
  return { page: body.page ?? query.page, limit: body.limit ?? query.limit };
}
