/** The count a paged list route answers (docs/api.md "Pagination"). */
interface ApiCount {
  total_count?: unknown;
  total_capped?: unknown;
}

/** react-admin's partial pagination: whether pages come before and after this one. */
interface PageInfo {
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

/** The count fields of a getList result: `total`, or `pageInfo` when the count was capped; `meta` when any. */
export type PageCount = { total?: number; pageInfo?: PageInfo; meta?: Record<string, unknown> };

/**
 * The count fields of a getList result for a page of `rows` rows asked with `limit` rows a page.
 * An exact count is react-admin's `total`. A capped one (`total_capped`: at most 1,000 matches with
 * a search, 10,000 without) is no total, since react-admin would then stop at the cap's last page
 * although the server serves the pages past it: instead `pageInfo` (partial pagination: a next page
 * while this one ends before the cap or is full) and the cap in `meta.total_count`, which
 * ListPagination shows as "1,000+". `meta` is what else the screen reads as the list's meta.
 */
export function pageCount(data: ApiCount, rows: number, { page, limit }: { page: number; limit: number }, meta: Record<string, unknown>): PageCount {
  const total = Number(data.total_count ?? rows);
  if (data.total_capped !== true) return { total, ...(Object.keys(meta).length > 0 && { meta }) };
  return {
    pageInfo: { hasPreviousPage: page > 1, hasNextPage: page * limit < total || rows >= limit },
    meta: { ...meta, total_capped: true, total_count: total },
  };
}

/** The capped count of a list from its `meta` (the cap, which more records match), else undefined. */
export function cappedCount(meta: unknown): number | undefined {
  const m = meta as { total_capped?: boolean; total_count?: number } | undefined;
  return m?.total_capped === true ? m.total_count : undefined;
}
