import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { useProposedNumber } from '../common/useProposedNumber';
import { errorMessage } from '../providers/httpClient';
import { transfersApi, type Transfer } from './api';

interface CreateTransferDialogProps {
  open: boolean;
  /** The warehouseAdmin's warehouse, the source. */
  fromWarehouse: string;
  onClose: () => void;
  onCreated: (t: Transfer) => void;
}

/** 'New Transfer': the destination warehouse, the TRN (pre-filled with the source's next TRN, editable) and a remark; POST /api/transfers/create. */
export const CreateTransferDialog = ({ open, fromWarehouse, onClose, onCreated }: CreateTransferDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: warehouses = [] } = useGetList('warehouses', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const [to, setTo] = useState('');
  const [trn, setTrn] = useState('');
  const [remark, setRemark] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { keyFor, settled } = useIdempotencyKey();
  useProposedNumber('trn', fromWarehouse || undefined, open, trn, setTrn);
  const reset = () => {
    setTo('');
    setTrn('');
    setRemark('');
    setTried(false);
    setError(null);
  };
  const submit = async () => {
    setTried(true);
    if (!to || !trn.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const body = { from_warehouse: fromWarehouse, to_warehouse: to, trn: trn.trim(), ...(remark.trim() ? { remark: remark.trim() } : {}) };
      const created = await transfersApi.create(body, keyFor(body));
      settled();
      notify('transfers.create.created_ok', { type: 'success' });
      onClose();
      onCreated(created);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" TransitionProps={{ onExited: reset }} aria-labelledby="new-transfer-title">
      <DialogTitle id="new-transfer-title">{translate('transfers.create.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField
            select required label={translate('transfers.create.to')} value={to} onChange={(e) => setTo(e.target.value)}
            error={tried && !to} helperText={tried && !to ? translate('transfers.create.required') : undefined}
          >
            {warehouses.filter((w) => w.id !== fromWarehouse).map((w) => <MenuItem key={w.id} value={String(w.id)}>{String(w.name)}</MenuItem>)}
          </TextField>
          <TextField
            required label={translate('transfers.create.trn')} value={trn} onChange={(e) => setTrn(e.target.value)}
            error={tried && !trn.trim()} helperText={tried && !trn.trim() ? translate('transfers.create.required') : undefined}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField label={translate('transfers.remark')} value={remark} multiline rows={3} onChange={(e) => setRemark(e.target.value)} slotProps={{ htmlInput: { maxLength: 2000 } }} />
          {error && <Alert severity="error">{translate(error, { _: error })}</Alert>}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>{translate('transfers.create.submit')}</Button>
      </DialogActions>
    </Dialog>
  );
};
