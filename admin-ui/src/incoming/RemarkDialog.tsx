import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

interface RemarkDialogProps {
  open: boolean;
  /** i18n key of the confirming button (e.g. 'incoming.submit'). */
  action: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: (remark: string) => void;
}

/** The 'Add Remarks' modal of each workflow step: an 8-row textarea (spec 9) and the step's button. */
export const RemarkDialog = ({ open, action, busy, onClose, onConfirm }: RemarkDialogProps) => {
  const translate = useTranslate();
  const [remark, setRemark] = useState('');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" TransitionProps={{ onExited: () => setRemark('') }}>
      <DialogTitle>{translate('incoming.add_remarks')}</DialogTitle>
      <DialogContent>
        <TextField
          label={translate('incoming.remark')}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
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
        <Button variant="contained" disabled={busy} onClick={() => onConfirm(remark)}>
          {translate(action)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
