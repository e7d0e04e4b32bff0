import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { readSession } from '../providers/session';
import { incomingApi, type IncomingList } from './api';
import { useSubmit } from '../common/useSubmit';
import { useProposedNumber } from '../common/useProposedNumber';

interface CreateListDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (list: IncomingList) => void;
}

/** The 'Add New Incoming Lists' modal: remarks and a Ref./GRN/ value (pre-filled with the warehouse's next GRN, editable), for the user's warehouse. */
export const CreateListDialog = ({ open, onClose, onCreated }: CreateListDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [grn, setGrn] = useState('');
  const [remarks, setRemarks] = useState('');
  const { busy, attempt } = useSubmit();
  const [touched, setTouched] = useState(false);
  useProposedNumber('grn', readSession()?.warehouse ?? undefined, open, grn, setGrn);

  const save = async () => {
    setTouched(true);
    const warehouse = readSession()?.warehouse;
    if (!warehouse) return notify('incoming.select_warehouse', { type: 'error' });
    if (!grn.trim()) return;
    const body = { warehouse, grn: grn.trim(), ...(remarks.trim() ? { remarks: { content: remarks.trim() } } : {}) };
    await attempt(() => incomingApi.create(body), 'incoming.created', onCreated);
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
