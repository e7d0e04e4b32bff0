import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import type { ImportView } from './api';
import { useReadImport } from './useReadImport';

/** How often a committing import is asked for its progress. */
const POLL_MS = 1500;

/**
 * While `view` is committing (a large file in batches), reads it again every {@link POLL_MS} ms and
 * hands each answer to `onChange` (keep it stable) until it is committed or failed.
 */
export function useImportProgress(view: ImportView | null, onChange: (view: ImportView) => void): void {
  const notify = useNotify();
  const readImport = useReadImport();
  const id = view?._id;
  const committing = view?.status === 'committing';
  useEffect(() => {
    if (!id || !committing) return undefined;
    let live = true;
    const timer = setInterval(() => {
      readImport(id).then(
        (next) => { if (live) onChange(next); },
        (e: unknown) => { if (live) notify(errorMessage(e), { type: 'error' }); },
      );
    }, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [id, committing, onChange, notify, readImport]);
}
