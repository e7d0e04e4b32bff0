import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from '../providers/httpClient';

/**
 * Loads `load()` whenever `deps` change; failures become error notifications with the
 * server's message and leave `data` undefined (the chart then shows its empty state).
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data?: T; loading: boolean } {
  const notify = useNotify();
  const [state, setState] = useState<{ data?: T; loading: boolean }>({ loading: true });
  useEffect(() => {
    let alive = true;
    setState((s) => ({ ...s, loading: true }));
    load()
      .then((data) => alive && setState({ data, loading: false }))
      .catch((e: unknown) => {
        if (!alive) return;
        setState({ loading: false });
        notify(errorMessage(e), { type: 'error' });
      });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
