import { useTranslate } from 'react-admin';
import { layoutMessages } from './messages';

/**
 * Translates a `layout.*` key (src/layout/messages.ts, in the catalogue src/i18n/en.ts), typed by key;
 * the English text is the fallback.
 */
export function useLayoutTranslate(): (key: keyof typeof layoutMessages, options?: Record<string, unknown>) => string {
  const translate = useTranslate();
  return (key, options) => translate(`layout.${key}`, { _: layoutMessages[key], ...options });
}
