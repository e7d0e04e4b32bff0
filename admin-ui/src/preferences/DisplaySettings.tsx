import { Fragment, type ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { setDisplaySettings } from '../common/format';
import { useCalendar } from './useCalendar';

/**
 * Hands the UI language and the user's calendar to the formatters of common/format.ts before the page
 * renders. A language change re-renders the whole app (react-admin's I18nContextProvider);
 * a calendar change re-mounts the page so every date is shown again in the chosen calendar.
 */
export const DisplaySettings = ({ children }: { children: ReactNode }) => {
  const [locale] = useLocaleState();
  const calendar = useCalendar();
  setDisplaySettings({ locale, calendar });
  return <Fragment key={calendar}>{children}</Fragment>;
};
