import LockResetIcon from '@mui/icons-material/LockReset';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { STRONG_PASSWORD } from '@inventory/common';
import { useSubmit } from '../common/useSubmit';

/** Reset password action: a dialog asking for the new password (PUT /api/users/resetpassword). */
export const ResetPasswordButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const dp = useAppDataProvider();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const { busy, attempt } = useSubmit();
  const weak = password !== '' && !STRONG_PASSWORD.test(password);

  const close = () => {
    setOpen(false);
    setPassword('');
  };
  const submit = async () => {
    await attempt(() => dp.api('PUT', '/users/resetpassword', { user_id: record?.id, password }), 'users.password_reset', close);
  };

  if (!record) return null;
  return (
    <>
      <Tooltip title={translate('users.reset_password')}>
        <IconButton size="small" aria-label={translate('users.reset_password')} onClick={() => setOpen(true)}>
          <LockResetIcon />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <DialogTitle>{translate('users.reset_password')}: {String(record.first_name ?? '')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus fullWidth margin="dense" type="password" label={translate('users.new_password')}
            value={password} onChange={(e) => setPassword(e.target.value)}
            error={weak} helperText={weak ? translate('users.password_weak') : ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('app.cancel')}</Button>
          <Button variant="contained" disabled={busy || !STRONG_PASSWORD.test(password)} onClick={() => void submit()}>
            {translate('users.reset_password')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
