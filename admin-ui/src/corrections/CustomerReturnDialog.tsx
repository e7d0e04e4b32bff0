import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { QuantityFields, toQuantity, type UnitValues } from '../incoming/QuantityFields';
import type { OutgoingList, QuantityEntry } from '../outgoing/api';
import { returnableOf } from './customerReturnRules';

interface CustomerReturnDialogProps {
  list: OutgoingList;
  busy: boolean;
  onClose: () => void;
  /** The returned lines (only those with a quantity) and the reason. */
  onConfirm: (lines: { line_id: string; quantity: QuantityEntry[] }[], reason: string) => void;
}

/**
 * Record a customer return: per line of the delivered list, a field per unit for what
 * came back (at most what is still returnable, shown beside it) and the required reason.
 */
export const CustomerReturnDialog = ({ list, busy, onClose, onConfirm }: CustomerReturnDialogProps) => {
  const translate = useTranslate();
  const returnable = returnableOf(list);
  const [values, setValues] = useState<Record<string, UnitValues>>({});
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const lines = list.inventory_list
    .map((line) => ({ line_id: line._id, quantity: toQuantity(values[line._id] ?? {}) }))
    .filter((l) => l.quantity.length > 0);
  const tooMuch = lines.some((l) => l.quantity.some((q) => q.value > (returnable.get(l.line_id)?.find((r) => r.name === q.name)?.value ?? 0)));
  const send = () => {
    setTried(true);
    if (lines.length && !tooMuch && reason.trim()) onConfirm(lines, reason.trim());
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate('corrections.customer_return.title')}</DialogTitle>
      <DialogContent>
        {list.inventory_list.map((line) => {
          const left = returnable.get(line._id) ?? [];
          return (
            <Box key={line._id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="subtitle2">{`${line.product.name} (${line.product.code})`}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('corrections.customer_return.returnable', { quantity: left.map((q) => `${q.value} ${q.name}`).join(', ') })}
              </Typography>
              <QuantityFields
                units={left.filter((q) => q.value > 0).map((q) => q.name)}
                values={values[line._id] ?? {}}
                onChange={(v) => setValues((all) => ({ ...all, [line._id]: v }))}
                label={line.product.name}
              />
            </Box>
          );
        })}
        {tried && !lines.length && <Typography color="error" role="alert">{translate('corrections.customer_return.nothing')}</Typography>}
        {tooMuch && <Typography color="error" role="alert">{translate('corrections.customer_return.too_much')}</Typography>}
        <TextField
          label={translate('corrections.reason')} value={reason} onChange={(e) => setReason(e.target.value)}
          required error={tried && !reason.trim()} helperText={tried && !reason.trim() ? translate('corrections.reason_required') : undefined}
          multiline rows={3} fullWidth margin="dense" inputProps={{ maxLength: 2000 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={send}>{translate('corrections.customer_return.record')}</Button>
      </DialogActions>
    </Dialog>
  );
};
