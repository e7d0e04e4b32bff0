import { ApiPropertyOptional } from '@nestjs/swagger';
import { asc, desc, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { IsIn, IsOptional } from 'class-validator';

/**
 * Sorting of list routes: `sort=<field>&order=asc|desc` over a documented set of
 * fields per list, with the row id as a stable tie-breaker so pages never overlap or skip.
 *
 * How to use it:
 * 1. In the list's DTO file, name the fields and mix them into the query (or body) DTO:
 *    ```ts
 *    export const USER_SORT_FIELDS = ['first_name', 'email', 'createdAt'] as const;
 *    export class UserListQueryDto extends Sortable(USER_SORT_FIELDS, PageQueryDto) { ... }
 *    ```
 *    `sort` must be one of the fields (else 400 naming `sort` with the allowed values), `order`
 *    `asc` or `desc` (default `asc`; else 400 naming `order`). Swagger lists both as enums.
 * 2. In the repository, map each field to a Drizzle column or SQL expression and order by
 *    {@link sortOrder}: without `sort` it gives today's order (`fallback`) unchanged; with it, the
 *    field in the asked direction, then the tie-breaker in the same direction.
 *    ```ts
 *    .orderBy(...sortOrder(q, { first_name: users.firstName, ... }, users.id, [desc(users.createdAt)]))
 *    ```
 * Ties: PostgreSQL sorts NULLs last ascending and first descending, so a nullable field is still
 * a total order once the id is appended.
 */

/** `asc` or `desc`. */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The `sort`/`order` pair a {@link Sortable} DTO carries. */
export interface SortQuery<F extends string = string> {
  sort?: F;
  order?: SortOrder;
}

// A TypeScript mixin's base must take `...args: any[]` (TS2545), hence the `any` here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor<T = object> = abstract new (...args: any[]) => T;

/**
 * A DTO class (extending `Base`, e.g. `PageQueryDto`, or nothing) with an optional `sort` that
 * must be one of `fields` and an optional `order` (`asc` | `desc`). Both validated by
 * class-validator (400 `sort must be one of: a, b` / `order must be asc or desc`) and listed as
 * enums in Swagger.
 */
export function Sortable<F extends string, B extends Ctor = Ctor>(fields: readonly F[], Base?: B) {
  const Parent = (Base ?? class {}) as Ctor;
  abstract class SortableDto extends Parent implements SortQuery<F> {
    /** The field to sort by; without it the list keeps its usual order. */
    @ApiPropertyOptional({ enum: fields, description: `Sort field: one of ${fields.join(', ')} (issue 13)` })
    @IsOptional()
    @IsIn(fields, { message: `sort must be one of: ${fields.join(', ')}` })
    sort?: F;

    /** Direction of `sort` (default asc). */
    @ApiPropertyOptional({ enum: SORT_ORDERS, default: 'asc', description: 'Sort direction (issue 13)' })
    @IsOptional()
    @IsIn(SORT_ORDERS, { message: 'order must be asc or desc' })
    order?: SortOrder;
  }
  return SortableDto as unknown as Ctor<InstanceType<B> & SortQuery<F>> & B;
}

/** A sortable expression: a column or any SQL (e.g. a sum or a lower-cased name). */
export type SortExpression = AnyColumn | SQL | SQL.Aliased | SQLWrapper;

/**
 * The ORDER BY terms for a {@link SortQuery}: without `q.sort`, `fallback` (the list's usual
 * order, kept exactly); with it, `columns[q.sort]` in `q.order` (default asc), then `tieBreaker`
 * (the row id) in the same direction so the order is total and paging is stable.
 */
export function sortOrder<F extends string>(
  q: SortQuery<F>,
  columns: Record<F, SortExpression>,
  tieBreaker: SortExpression,
  fallback: SQL[],
): SQL[] {
  if (!q.sort) return fallback;
  const dir = q.order === 'desc' ? desc : asc;
  return [dir(columns[q.sort]), dir(tieBreaker)];
}
