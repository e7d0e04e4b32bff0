import { useCallback } from 'react';
import { useLocaleState } from 'react-admin';
import { apiCall } from '../providers/httpClient';

/** What POST /api/users/login answers beyond the stored session: the user's saved UI language. */
export interface SignedIn {
  language?: string;
}

/** Saves the UI language with the signed-in user (PUT /api/users/me/preferences), so any browser opens in it. */
export const saveLanguage = async (language: string): Promise<void> => {
  await apiCall('PUT', '/users/me/preferences', { language });
};

/**
 * The language the sign-in screen opened in: kept in the module, not in the screen's state, because a
 * language change re-mounts the whole app (react-admin's I18nContextProvider), the screen with it.
 */
let signInOpenedIn: string | undefined;

/**
 * At sign-in, the language the user keeps on the server (a new browser opens in English until then).
 * A language picked on the sign-in screen itself (other than the one it opened in) is the user's new
 * choice instead: it is saved rather than replaced. Failures to save leave the screen as it is.
 */
export function useApplyLanguageAtSignIn(): (signedIn: SignedIn | undefined) => void {
  const [locale, setLocale] = useLocaleState();
  signInOpenedIn ??= locale;
  return useCallback(
    (signedIn) => {
      const openedIn = signInOpenedIn;
      signInOpenedIn = undefined; // the next sign-in screen (after signing out) starts again
      if (locale !== openedIn) void saveLanguage(locale).catch(() => undefined);
      else if (signedIn?.language && signedIn.language !== locale) setLocale(signedIn.language);
    },
    [locale, setLocale],
  );
}
