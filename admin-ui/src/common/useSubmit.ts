import { useCallback, useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import { useIdempotencyKey } from './useIdempotencyKey';

/**
 * `attempt(call, success, then?)` for dialogs and buttons: `busy` while `call` runs; on success it
 * notifies `success` (an i18n key) and runs `then(result)`; a failure shows the server's message as
 * an error notification, never success-styled. Resolves to whether the call succeeded.
 * `idempotencyKey(body)` is the Idempotency-Key of a stock-moving submission: the same while the
 * same body is retried, fresh after a success (see useIdempotencyKey).
 */
export function useSubmit() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const { keyFor, settled } = useIdempotencyKey();
  const attempt = useCallback(
    async <T>(call: () => Promise<T>, success: string, then?: (result: T) => void): Promise<boolean> => {
      setBusy(true);
      try {
        const result = await call();
        settled();
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
    [notify, settled],
  );
  return { busy, attempt, idempotencyKey: keyFor };
}
