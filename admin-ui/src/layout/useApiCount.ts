import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { apiCall } from '../providers/httpClient';

const REFRESH_MS = 60_000;

/**
 * A count read from GET /api{path} with `count(data)`, refreshed on every navigation and every minute.
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
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
    // `count` is a pure selector; reloading on navigation keeps badges fresh after workflow steps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, pathname, search]);
  return value;
}

/** Badge text: the count, or 99+ above 99 (spec 9). */
export const badgeText = (n: number): string => (n > 99 ? '99+' : String(n));
