import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import { readSession } from '../providers/session';
import { outgoingApi, type ListCustomer, type OutgoingList } from './api';
import { CustomerSelect } from './CustomerSelect';
import { useSubmit } from '../common/useSubmit';
import { useProposedNumber } from '../common/useProposedNumber';

interface CreateOutgoingDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (list: OutgoingList) => void;
}

const EMPTY = { warehouse: '', fs: '', remarks: '', gin: '' };

/** The 'New Outgoing List' modal: warehouse, searchable customer, Fs Number, Remarks and GIN (pre-filled with the chosen warehouse's next GIN, editable). */
export const CreateOutgoingDialog = ({ open, onClose, onCreated }: CreateOutgoingDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const own = readSession()?.warehouse ?? '';
  const [form, setForm] = useState({ ...EMPTY, warehouse: own });
  const [customer, setCustomer] = useState<ListCustomer | null>(null);
  const [warehouses, setWarehouses] = useState<{ _id: string; name: string }[]>([]);
  const [touched, setTouched] = useState(false);
  const { busy, attempt } = useSubmit();
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  useProposedNumber('gin', form.warehouse || undefined, open, form.gin, (gin) => setForm((f) => ({ ...f, gin })));

  useEffect(() => {
    if (open) outgoingApi.warehouses().then(setWarehouses, (e: unknown) => notify(errorMessage(e), { type: 'error' }));
  }, [open, notify]);

  const save = async () => {
    setTouched(true);
    if (!form.warehouse) return notify('outgoing.select_warehouse', { type: 'error' });
    if (!customer || !form.gin.trim()) return;
    const body = {
      warehouse: form.warehouse, customer: customer._id, gin: form.gin.trim(),
      ...(form.fs.trim() ? { fs_number: form.fs.trim() } : {}),
      ...(form.remarks.trim() ? { remarks: { content: form.remarks.trim() } } : {}),
    };
    await attempt(() => outgoingApi.create(body), 'outgoing.created', onCreated);
  };
  const reset = () => {
    setForm({ ...EMPTY, warehouse: own });
    setCustomer(null);
    setTouched(false);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" TransitionProps={{ onExited: reset }}>
      <DialogTitle>{translate('outgoing.create_title')}</DialogTitle>
      <DialogContent>
        <TextField select label={translate('outgoing.warehouse')} value={form.warehouse} onChange={set('warehouse')} disabled={!!own} required fullWidth margin="dense">
          {warehouses.map((w) => <MenuItem key={w._id} value={w._id}>{w.name}</MenuItem>)}
        </TextField>
        <CustomerSelect value={customer} onChange={setCustomer} error={touched && !customer} />
        <TextField label={translate('outgoing.fs_number')} value={form.fs} onChange={set('fs')} fullWidth margin="dense" inputProps={{ maxLength: 100 }} />
        <TextField label={translate('outgoing.remarks')} value={form.remarks} onChange={set('remarks')} multiline rows={4} fullWidth margin="dense" inputProps={{ maxLength: 2000 }} />
        <TextField
          label={translate('outgoing.gin')} value={form.gin} onChange={set('gin')} required fullWidth margin="dense" inputProps={{ maxLength: 100 }}
          error={touched && !form.gin.trim()} helperText={touched && !form.gin.trim() ? translate('outgoing.required') : ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>{translate('app.save')}</Button>
      </DialogActions>
    </Dialog>
  );
};
