import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import type { StatsRequest } from './api';
import type { ChartState } from './ChartCard';

/**
 * The `data` of one Stats API call through react-admin's dataProvider and query cache:
 * keyed by method, path and body, so React StrictMode's double mount and repeated renders share one
 * request per view; an answer stays fresh for a minute, so a remount (layout switch, login redirect)
 * reuses it; no refetch on window focus and no retry (a 400 stays a 400). `enabled: false`
 * (e.g. a reversed date range) sends nothing. Failures come back as `error` with the server's message.
 */
export function useStats<T>(request: StatsRequest, enabled = true) {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['stats', request.method, request.path, request.body ?? null],
    queryFn: async () => (await dataProvider.api<T>(request.method, request.path, request.body)).data,
    enabled,
    retry: false,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

/** A ranking chart's rows (none until loaded) and the state its card shows (loading, failed, empty). */
export function useRanking<T>(request: StatsRequest): { rows: T[]; state: ChartState } {
  const query = useStats<T[]>(request);
  const rows = query.data ?? [];
  return { rows, state: { isLoading: query.isLoading, error: query.error, empty: rows.length === 0 } };
}
