import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { STRONG_PASSWORD } from '@inventory/common';
import { useSubmit } from '../common/useSubmit';
import { saveSession, type Session } from '../providers/session';
import { useAppDataProvider } from '../providers/useAppDataProvider';

const EMPTY = { current: '', next: '', confirm: '' };

/**
 * "Change password" of the header's user menu: PUT /api/users/me/password
 * with the current and a new password (the rule of spec 5, checked here and on the server). The
 * answer is a fresh session whose token replaces the stored one, since the change ends every older
 * token; a failure shows the server's message and keeps the dialog open.
 */
export const ChangePasswordDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const dp = useAppDataProvider();
  const { busy, attempt } = useSubmit();
  const [values, setValues] = useState(EMPTY);
  const weak = values.next !== '' && !STRONG_PASSWORD.test(values.next);
  const mismatch = values.confirm !== '' && values.confirm !== values.next;
  const ready = values.current !== '' && STRONG_PASSWORD.test(values.next) && values.confirm === values.next;

  const close = () => {
    setValues(EMPTY);
    onClose();
  };
  const submit = async () => {
    await attempt(
      () => dp.api<Session>('PUT', '/users/me/password', { current_password: values.current, new_password: values.next }),
      'account.password_changed',
      (res) => {
        saveSession(res.data);
        close();
      },
    );
  };
  const field = (key: keyof typeof EMPTY, label: string, error = false, helper = ' ') => (
    <TextField
      fullWidth margin="dense" type="password" label={translate(label)} autoFocus={key === 'current'}
      autoComplete={key === 'current' ? 'current-password' : 'new-password'}
      value={values[key]} onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      error={error} helperText={helper}
    />
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{translate('account.change_password')}</DialogTitle>
      <DialogContent>
        {field('current', 'account.current_password')}
        {field('next', 'account.new_password', weak, weak ? translate('users.password_weak') : ' ')}
        {field('confirm', 'account.confirm_password', mismatch, mismatch ? translate('account.passwords_differ') : ' ')}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('app.cancel')}</Button>
        <Button variant="contained" disabled={busy || !ready} onClick={() => void submit()}>
          {translate('account.change_password')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
