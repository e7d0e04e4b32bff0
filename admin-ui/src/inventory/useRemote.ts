import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from '../providers/httpClient';

/** Search debounce of spec 9 (inventory, product pickers). */
export const DEBOUNCE_MS = 300;

/**
 * Runs `load()` `delayMs` after `deps` last changed, and again on `reload()`. Failures become
 * error notifications with the server's message and keep the previous data.
 */
export function useRemote<T>(load: () => Promise<T>, deps: unknown[], delayMs = 0): { data?: T; loading: boolean; reload: () => void } {
  const notify = useNotify();
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let alive = true;
    const timer = setTimeout(() => {
      setLoading(true);
      load()
        .then((d) => alive && setData(d))
        .catch((e: unknown) => alive && notify(errorMessage(e), { type: 'error' }))
        .finally(() => alive && setLoading(false));
    }, delayMs);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, loading, reload };
}
