import { useCallback, useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from '../providers/httpClient';

/**
 * `attempt(call, success, then?)` for dialogs and buttons: `busy` while `call` runs; on success it
 * notifies `success` (an i18n key) and runs `then(result)`; a failure shows the server's message as
 * an error notification, never success-styled (spec 8). Resolves to whether the call succeeded.
 */
export function useSubmit() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const attempt = useCallback(
    async <T>(call: () => Promise<T>, success: string, then?: (result: T) => void): Promise<boolean> => {
      setBusy(true);
      try {
        const result = await call();
        notify(success, { type: 'success' });
        then?.(result);
        return true;
      } catch (error) {
        notify(errorMessage(error), { type: 'error' });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [notify],
  );
  return { busy, attempt };
}
