import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import { incomingApi, type IncomingList } from './api';
import { refreshCounts } from '../layout/useApiCount';

/**
 * One incoming list and `act`, which runs a call returning the updated list, shows the success
 * text (or the server's message as an error), and reloads the menu badges. Resolves to success.
 */
export function useIncomingList(id: string | undefined) {
  const notify = useNotify();
  const [list, setList] = useState<IncomingList | null>(null);

  useEffect(() => {
    if (!id) return;
    incomingApi.one(id).then(setList, (e: unknown) => notify(errorMessage(e), { type: 'error' }));
  }, [id, notify]);

  const act = useCallback(
    async (call: () => Promise<IncomingList>, success: string): Promise<boolean> => {
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
