import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { refreshCounts } from '../layout/useApiCount';
import { errorMessage } from '../providers/httpClient';
import { outgoingApi, type OutgoingList } from './api';

/**
 * One outgoing list and `act`, which runs a call returning the updated list, shows the success
 * text (or the server's message as an error) and reloads the menu badges. Resolves to success.
 */
export function useOutgoingList(id: string | undefined) {
  const notify = useNotify();
  const [list, setList] = useState<OutgoingList | null>(null);

  useEffect(() => {
    if (!id) return;
    outgoingApi.one(id).then(setList, (e: unknown) => notify(errorMessage(e), { type: 'error' }));
  }, [id, notify]);

  const act = useCallback(
    async (call: () => Promise<OutgoingList>, success: string): Promise<boolean> => {
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
