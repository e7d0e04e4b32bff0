import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { QuantityEntry } from '../inventory/api';
import type { Transfer } from './api';

type Received = Record<string, Record<string, string>>;

interface ReceiveDialogProps {
  transfer: Transfer;
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (lines: { line_id: string; quantity: QuantityEntry[] }[], remark: string) => void;
}

/**
 * 'Receive' (the destination's warehouseAdmin): what arrived of each line and unit,
 * prefilled with what was dispatched; anything less is a transit loss and needs the remark.
 */
export const ReceiveDialog = ({ transfer, open, busy, onClose, onConfirm }: ReceiveDialogProps) => {
  const translate = useTranslate();
  const initial = (): Received => Object.fromEntries(transfer.lines.map((l) => [l._id, Object.fromEntries(l.quantity.map((q) => [q.name, String(q.value)]))]));
  const [received, setReceived] = useState<Received>(initial);
  const [remark, setRemark] = useState('');
  const [tried, setTried] = useState(false);
  const lines = transfer.lines.map((l) => ({ line_id: l._id, quantity: l.quantity.map((q) => ({ name: q.name, value: Number(received[l._id]?.[q.name] ?? q.value) })) }));
  const invalid = transfer.lines.some((l) => l.quantity.some((q) => {
    const v = Number(received[l._id]?.[q.name]);
    return received[l._id]?.[q.name] === '' || Number.isNaN(v) || v < 0 || v > q.value;
  }));
  const short = transfer.lines.some((l) => l.quantity.some((q) => Number(received[l._id]?.[q.name]) < q.value));
  const confirm = () => {
    setTried(true);
    if (invalid || (short && !remark.trim())) return;
    onConfirm(lines, remark);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" TransitionProps={{ onEnter: () => { setReceived(initial()); setRemark(''); setTried(false); } }} aria-labelledby="receive-title">
      <DialogTitle id="receive-title">{translate('transfers.receive_dialog.title', { trn: transfer.trn })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('transfers.receive_dialog.help')}</Typography>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {transfer.lines.map((l) => (
            <Box key={l._id} data-testid="receive-line">
              <Typography><strong>{l.product.name}</strong> ({l.product.code})</Typography>
              {l.quantity.map((q) => (
                <TextField
                  key={q.name} size="small" type="number" sx={{ mt: 1, mr: 1 }}
                  label={translate('transfers.receive_dialog.received', { unit: q.name, dispatched: q.value })}
                  value={received[l._id]?.[q.name] ?? ''}
                  onChange={(e) => setReceived({ ...received, [l._id]: { ...received[l._id], [q.name]: e.target.value } })}
                  slotProps={{ htmlInput: { min: 0, max: q.value, step: 'any', 'aria-label': `${l.product.name} ${q.name} received` } }}
                />
              ))}
            </Box>
          ))}
          <TextField
            label={translate('transfers.remark')} value={remark} multiline rows={3} required={short} onChange={(e) => setRemark(e.target.value)}
            error={tried && short && !remark.trim()} helperText={tried && short && !remark.trim() ? translate('transfers.receive_dialog.remark_required') : undefined}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={confirm}>{translate('transfers.receive_dialog.submit')}</Button>
      </DialogActions>
    </Dialog>
  );
};
