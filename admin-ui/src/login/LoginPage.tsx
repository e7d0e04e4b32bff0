import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { LocalesMenuButton, useLogin, useNotify, useTranslate } from 'react-admin';
import { useApplyLanguageAtSignIn, type SignedIn } from '../preferences/useSaveLanguage';
import { errorMessage } from '../providers/httpClient';
import { useAfterSignInPath } from './useAfterSignInPath';

/** Sign-in screen; success goes to the page asked for before signing in, else /dashboard. The UI language is chosen here too; signing in applies the one kept with the user. */
export const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const applyLanguage = useApplyLanguageAtSignIn();
  const afterSignIn = useAfterSignInPath();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!email.trim() || !password) {
      notify('login.required', { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      applyLanguage((await login({ email: email.trim(), password }, afterSignIn)) as SignedIn | undefined);
      notify('login.success', { type: 'success' });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Box component="nav" aria-label={translate('account.language')} data-testid="login-language" sx={{ position: 'absolute', top: 8, right: 8 }}>
        <LocalesMenuButton />
      </Box>
      <Card sx={{ width: 380, maxWidth: '92vw' }}>
        <CardContent component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 4 }}>
          <Box sx={{ textAlign: 'center' }}>
            <img src="/logo.svg" alt="" width={56} height={56} />
            <Typography variant="h5" component="h1" fontWeight={700}>{translate('login.subtitle')}</Typography>
            <Typography variant="body2" color="text.secondary">{translate('login.title')}</Typography>
          </Box>
          <TextField
            label={translate('login.email')} name="email" type="email" autoComplete="username" autoFocus
            value={email} onChange={(e) => setEmail(e.target.value)}
            error={touched && !email.trim()} helperText={touched && !email.trim() ? translate('login.email_required') : ' '}
          />
          <TextField
            label={translate('login.password')} name="password" type="password" autoComplete="current-password"
            value={password} onChange={(e) => setPassword(e.target.value)}
            error={touched && !password} helperText={touched && !password ? translate('login.password_required') : ' '}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? translate('login.loading') : translate('login.submit')}
          </Button>
        </CardContent>
      </Card>
      <Typography component="footer" variant="caption" color="text.secondary" sx={{ mt: 3 }}>
        {translate('login.credit', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
};
