import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { am } from './am';
import { en, type Messages } from './en';

/** The UI languages: English and Amharic; react-admin's LocalesMenuButton lists them. */
export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'am', name: 'አማርኛ' },
];

/** The catalogue of a UI language (English for any other). */
export const messagesOf = (locale: string): Messages => (locale === 'am' ? am : en);

// The catalogues' lists (greeting.lines) are read by messageList; polyglot files them under `.0`, `.1`, ….
const polyglot = polyglotI18nProvider((locale) => messagesOf(locale) as unknown as TranslationMessages, 'en', LOCALES);

/**
 * Loads the bundled Ethiopic font (theme.ts) before any Amharic is shown: Chromium keeps drawing text
 * laid out while the font was still loading as empty boxes on some elements, even after it arrives.
 * A font that cannot load leaves the system's fallback.
 */
const loadEthiopicFont = (): Promise<unknown> => document.fonts.load('1em "Noto Sans Ethiopic Variable"', 'ሀ').catch(() => undefined);

/**
 * react-admin's polyglot provider over en.ts and am.ts. react-admin's store remembers the
 * chosen locale in the browser and restores it on load; the document's `lang` follows it (WCAG 3.1.1).
 */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  changeLocale: async (locale, options) => {
    if (locale === 'am') await loadEthiopicFont();
    await polyglot.changeLocale(locale, options);
    document.documentElement.lang = locale;
  },
};

/** The current UI language (`en` or `am`), e.g. for the API's Accept-Language header. */
export const currentLocale = (): string => i18nProvider.getLocale();

/** A message list of the current language (e.g. `greeting.lines`) for code that needs the array itself. */
export function messageList(key: string): string[] {
  const value = key.split('.').reduce<unknown>((node, part) => {
    return node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }, messagesOf(currentLocale()));
  return Array.isArray(value) ? (value as string[]) : [];
}
