import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

interface RemarkDialogProps {
  open: boolean;
  /** i18n key of the confirming button (e.g. 'incoming.submit'). */
  action: string;
  busy: boolean;
  /** The remark is the reason of a return or cancel: a blank one shows 'Give the reason' and is not sent. */
  required?: boolean;
  onClose: () => void;
  onConfirm: (remark: string) => void;
}

/** The 'Add Remarks' modal of each workflow step: an 8-row textarea and the step's button; the reason of a return or cancel is required. */
export const RemarkDialog = ({ open, action, busy, required, onClose, onConfirm }: RemarkDialogProps) => {
  const translate = useTranslate();
  const [remark, setRemark] = useState('');
  const [missing, setMissing] = useState(false);
  const send = () => {
    if (required && !remark.trim()) return setMissing(true);
    onConfirm(remark);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" TransitionProps={{ onExited: () => { setRemark(''); setMissing(false); } }}>
      <DialogTitle>{translate('incoming.add_remarks')}</DialogTitle>
      <DialogContent>
        <TextField
          label={translate(required ? 'corrections.reason' : 'incoming.remark')}
          value={remark}
          onChange={(e) => { setRemark(e.target.value); setMissing(false); }}
          required={required}
          error={missing}
          helperText={missing ? translate('corrections.reason_required') : undefined}
          multiline
          rows={8}
          fullWidth
          autoFocus
          margin="dense"
          inputProps={{ maxLength: 2000 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={send}>
          {translate(action)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
