import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { refreshCounts } from '../layout/useApiCount';
import { LIST_CHANGED_EVENT } from '../layout/useLiveEvents';
import { errorMessage } from '../providers/httpClient';

/**
 * One workflow list (incoming GRN or outgoing GIN) loaded with `load(id)`, and `act`, which runs a
 * call returning the updated list (or an updater of the list on screen, for line edits), shows the
 * success text (or the server's message as an error) and reloads the menu badges. `act` resolves to
 * whether the call succeeded. The list reloads when the live stream reports it changed.
 */
export function useWorkflowList<T>(id: string | undefined, load: (id: string) => Promise<T>) {
  const notify = useNotify();
  const [list, setList] = useState<T | null>(null);

  useEffect(() => {
    if (!id) return;
    load(id).then(setList, (e: unknown) => notify(errorMessage(e), { type: 'error' }));
  }, [id, load, notify]);

  // Another user's step on this list reloads it (the live stream's list-changed)
  useEffect(() => {
    if (!id) return undefined;
    const changed = (e: Event) => {
      if ((e as CustomEvent<{ id?: string }>).detail?.id === id) load(id).then(setList, () => undefined);
    };
    window.addEventListener(LIST_CHANGED_EVENT, changed);
    return () => window.removeEventListener(LIST_CHANGED_EVENT, changed);
  }, [id, load]);

  const act = useCallback(
    async (call: () => Promise<T | ((current: T | null) => T | null)>, success: string): Promise<boolean> => {
      try {
        setList(await call());
        notify(success, { type: 'success' });
        refreshCounts();
        return true;
      } catch (error) {
        notify(errorMessage(error), { type: 'error' });
        return false;
      }
    },
    [notify],
  );

  return { list, act };
}
