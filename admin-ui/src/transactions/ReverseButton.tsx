import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { RemarkDialog } from '../incoming/RemarkDialog';
import { apiCall, errorMessage } from '../providers/httpClient';
import type { TransactionRecord } from './api';

/**
 * Reverse: on a direct receipt or issue not reversed yet, for the warehouseAdmin. Opens
 * 'Add Remarks' with the reason required, posts POST /api/transactions/reverse (one
 * Idempotency-Key per submission) and refreshes the list; the server's 409 (e.g. the received stock
 * is gone) is shown as it is.
 */
export const ReverseButton = ({ tx }: { tx: TransactionRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { keyFor, settled } = useIdempotencyKey();
  const confirm = async (reason: string) => {
    const body = { transaction_id: tx._id, remark: reason.trim() };
    setBusy(true);
    try {
      await apiCall('POST', '/transactions/reverse', body, { idempotencyKey: keyFor(body) });
      settled();
      setOpen(false);
      notify('transactions.reversed_done', { type: 'success' });
      refresh();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" color="warning" onClick={() => setOpen(true)}>{translate('transactions.reverse')}</Button>
      <RemarkDialog open={open} required action="transactions.reverse" busy={busy} onClose={() => setOpen(false)} onConfirm={(r) => void confirm(r)} />
    </>
  );
};
