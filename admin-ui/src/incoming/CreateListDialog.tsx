import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import { readSession } from '../providers/session';
import { incomingApi, type IncomingList } from './api';

interface CreateListDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (list: IncomingList) => void;
}

/** The 'Add New Incoming Lists' modal (spec 2): remarks and a Ref./GRN/ value, for the user's warehouse. */
export const CreateListDialog = ({ open, onClose, onCreated }: CreateListDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [grn, setGrn] = useState('');
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);

  const save = async () => {
    setTouched(true);
    const warehouse = readSession()?.warehouse;
    if (!warehouse) return notify('incoming.select_warehouse', { type: 'error' });
    if (!grn.trim()) return;
    setBusy(true);
    try {
      const list = await incomingApi.create({ warehouse, grn: grn.trim(), ...(remarks.trim() ? { remarks: { content: remarks.trim() } } : {}) });
      notify('incoming.created', { type: 'success' });
      onCreated(list);
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    setGrn('');
    setRemarks('');
    setTouched(false);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" TransitionProps={{ onExited: reset }}>
      <DialogTitle>{translate('incoming.create_title')}</DialogTitle>
      <DialogContent>
        <TextField
          label={translate('incoming.remarks')} value={remarks} onChange={(e) => setRemarks(e.target.value)}
          multiline rows={8} fullWidth margin="dense" inputProps={{ maxLength: 2000 }}
        />
        <TextField
          label={translate('incoming.grn_ref')} value={grn} onChange={(e) => setGrn(e.target.value)} required fullWidth margin="dense"
          error={touched && !grn.trim()} helperText={touched && !grn.trim() ? translate('incoming.grn_required') : ' '}
          inputProps={{ maxLength: 100 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>{translate('app.save')}</Button>
      </DialogActions>
    </Dialog>
  );
};
