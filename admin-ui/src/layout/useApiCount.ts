import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { apiCall } from '../providers/httpClient';

/** Window event that makes every header and menu count reload at once (see {@link refreshCounts}). */
export const REFRESH_COUNTS_EVENT = 'backoffice:refresh-counts';

/** Reloads every badge count now, e.g. after a stock movement or a workflow step succeeded. */
export function refreshCounts(): void {
  window.dispatchEvent(new Event(REFRESH_COUNTS_EVENT));
}

/**
 * A count read from GET /api{path} with `count(data)`, refreshed on every navigation and on
 * {@link REFRESH_COUNTS_EVENT}: after one's own steps, and whenever the live stream says the counts
 * changed (useLiveEvents, issue 17; no polling).
 * Any failure (route missing, 403, network) counts as 0: badges never break the layout.
 */
export function useApiCount(path: string | undefined, count: (data: unknown) => number): number {
  const [value, setValue] = useState(0);
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!path) return undefined;
    let alive = true;
    const load = () =>
      apiCall('GET', path)
        .then(({ data }) => alive && setValue(Math.max(0, Number(count(data)) || 0)))
        .catch(() => alive && setValue(0));
    void load();
    const reload = () => void load();
    window.addEventListener(REFRESH_COUNTS_EVENT, reload);
    return () => {
      alive = false;
      window.removeEventListener(REFRESH_COUNTS_EVENT, reload);
    };
    // `count` is a pure selector; reloading on navigation keeps badges fresh after workflow steps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, pathname, search]);
  return value;
}

/** Badge text: the count, or 99+ above 99. */
export const badgeText = (n: number): string => (n > 99 ? '99+' : String(n));
