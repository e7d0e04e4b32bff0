import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { can } from '@inventory/common';
import { formatDateTime } from '../common/format';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { outgoingApi, type OutgoingList, type QuantityEntry } from '../outgoing/api';
import { errorMessage } from '../providers/httpClient';
import { CustomerReturnDialog } from './CustomerReturnDialog';

interface CustomerReturnsProps {
  list: OutgoingList;
  role: string | undefined;
  /** Sends the return; resolves to whether the server took it (and the list on screen is updated). */
  onReturn: (lines: { line_id: string; quantity: QuantityEntry[] }[], reason: string, idempotencyKey: string) => Promise<boolean>;
}

const quantityText = (q: QuantityEntry[]) => q.map((e) => `${e.value} ${e.name}`).join(', ');

/**
 * Customer returns of a delivered list: each return (who, when, why, lines) with its
 * credit note, and for the warehouseAdmin of the list's warehouse the button recording a new one.
 */
export const CustomerReturns = ({ list, role, onReturn }: CustomerReturnsProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { keyFor, settled } = useIdempotencyKey();
  const returns = list.customer_returns ?? [];
  const mayRecord = list.status === 'delivered' && can(role, 'outgoing.customerReturn');
  if (!mayRecord && !returns.length) return null;
  const confirm = async (lines: { line_id: string; quantity: QuantityEntry[] }[], reason: string) => {
    setBusy(true);
    if (await onReturn(lines, reason, keyFor({ lines, reason }))) {
      settled();
      setOpen(false);
    }
    setBusy(false);
  };
  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="customer-returns-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography id="customer-returns-title" variant="h6" component="h2">{translate('corrections.customer_return.section')}</Typography>
          {mayRecord && <Button variant="outlined" onClick={() => setOpen(true)}>{translate('corrections.customer_return.open')}</Button>}
        </Box>
        {!returns.length && <Typography color="text.secondary">{translate('corrections.customer_return.none')}</Typography>}
        {[...returns].reverse().map((r) => (
          <Box key={r._id} data-testid="customer-return" sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
            <Typography variant="body2">
              {translate('corrections.customer_return.by', { name: `${r.returned_by.first_name} ${r.returned_by.last_name}`, date: formatDateTime(r.returned_at), reason: r.reason })}
            </Typography>
            <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
              {r.lines.map((l) => <li key={l.line_id}>{`${l.product.name} (${l.product.code}): ${quantityText(l.quantity)}`}</li>)}
            </Box>
            {can(role, 'outgoing.documents') && (
              <Button
                size="small" variant="outlined" startIcon={<DownloadIcon />}
                onClick={() => void outgoingApi.creditNote(list, r).catch((e: unknown) => notify(errorMessage(e), { type: 'error' }))}
              >
                {`${translate('corrections.customer_return.credit_note')} ${r.credit_note}`}
              </Button>
            )}
          </Box>
        ))}
      </CardContent>
      {open && <CustomerReturnDialog list={list} busy={busy} onClose={() => setOpen(false)} onConfirm={(lines, reason) => void confirm(lines, reason)} />}
    </Card>
  );
};
