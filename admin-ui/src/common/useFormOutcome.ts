import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../providers/httpClient';

/**
 * Create/Edit callbacks: success notifies `success` and goes to `listPath`; a failed save shows the
 * server's message as an error (never success-styled); a failed load (unknown id) says why
 * and goes back to the list.
 */
export function useFormOutcome(success: string, listPath: string) {
  const notify = useNotify();
  const navigate = useNavigate();
  const fail = (error: unknown) => notify(errorMessage(error), { type: 'error' });
  return {
    onSuccess: () => {
      notify(success, { type: 'success' });
      void navigate(listPath);
    },
    onError: fail,
    onLoadError: (error: unknown) => {
      fail(error);
      void navigate(listPath);
    },
  };
}
