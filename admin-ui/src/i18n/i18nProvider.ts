import { defaultI18nProvider, type I18nProvider } from 'react-admin';
import { en } from './en';

/** Reads a dotted key (`users.list_title`) from the messages tree. */
function lookup(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => {
    return node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }, en);
}

/** Replaces `%{name}` placeholders with `options[name]`. */
function interpolate(text: string, options?: Record<string, unknown>): string {
  if (!options) return text;
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in options ? String(options[name]) : whole));
}

/** Our messages first (src/i18n/en.ts), then react-admin's English catalogue for `ra.*` keys. */
export const i18nProvider: I18nProvider = {
  ...defaultI18nProvider,
  translate: (key, options) => {
    const own = lookup(key);
    if (typeof own === 'string') return interpolate(own, options);
    return defaultI18nProvider.translate(key, options);
  },
};

/** A message list (e.g. `greeting.lines`) for code that needs the array itself. */
export function messageList(key: string): string[] {
  const value = lookup(key);
  return Array.isArray(value) ? (value as string[]) : [];
}
