import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import TranslateIcon from '@mui/icons-material/Translate';
import { Divider, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, useLocales, useNotify, useTranslate, useUserMenu } from 'react-admin';
import type { Calendar } from '../common/format';
import { errorMessage } from '../providers/httpClient';
import { saveLanguage } from './useSaveLanguage';
import { useCalendar, useSaveCalendar } from './useCalendar';

const CALENDARS: Calendar[] = ['gregorian', 'ethiopian'];

/** One choice of the user menu: a radio item that closes the menu and applies the choice. */
const Choice = ({ icon, label, checked, lang, onChoose }: { icon: ReactNode; label: string; checked: boolean; lang?: string; onChoose: () => void }) => {
  const userMenu = useUserMenu();
  return (
    <MenuItem
      role="menuitemradio"
      aria-checked={checked}
      selected={checked}
      lang={lang}
      onClick={() => {
        userMenu?.onClose();
        onChoose();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
};

/**
 * The user menu's language and calendar choices: the UI language through react-admin's
 * locale state (remembered in the browser by its store) and saved with the user on the server, so
 * the next sign-in on any browser opens in it; the calendar of dates saved to the user's preferences.
 */
export const PreferenceMenuItems = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const calendar = useCalendar();
  const saveCalendar = useSaveCalendar();
  const chooseLanguage = (next: string) => () => {
    setLocale(next);
    void saveLanguage(next).catch((e: unknown) => notify(errorMessage(e), { type: 'error' }));
  };
  const chooseCalendar = (next: Calendar) => () =>
    void saveCalendar(next)
      .then(() => notify('account.calendar_saved', { type: 'success' }))
      .catch((e: unknown) => notify(errorMessage(e), { type: 'error' }));
  return [
    <Divider key="languages" />,
    ...locales.map((l) => (
      <Choice key={l.locale} icon={<TranslateIcon fontSize="small" />} label={l.name} lang={l.locale} checked={l.locale === locale} onChoose={chooseLanguage(l.locale)} />
    )),
    <Divider key="calendars" />,
    ...CALENDARS.map((c) => (
      <Choice key={c} icon={<CalendarMonthIcon fontSize="small" />} label={translate(`account.calendars.${c}`)} checked={c === calendar} onChoose={chooseCalendar(c)} />
    )),
  ];
};
