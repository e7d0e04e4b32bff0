import type { DocumentLanguage } from '@inventory/common';
import { CATALOG_MESSAGES } from './messages/catalog.am';
import { GENERAL_MESSAGES, FIELD_RULES } from './messages/general.am';
import { IMPORT_MESSAGES, IMPORT_ROW_RULES } from './messages/imports.am';
import { LIST_MESSAGES } from './messages/lists.am';
import { STAFF_MESSAGES } from './messages/staff.am';
import { STOCK_MESSAGES } from './messages/stock.am';
import { TERMS } from './messages/terms.am';

/**
 * The Amharic texts of the API's messages: English template → Amharic template. `{name}` stands for
 * a value put in at run time (a name, a number, a status); the Amharic text puts it where Amharic
 * word order wants it. A whole message is looked up first, then a "<field> <rule>" message
 * (`quantity.0.value must not be negative`, also class-validator's `each value in <field> <rule>`)
 * by its rule (FIELD_RULES). test/server-messages.api.spec.ts walks every message the source can
 * throw and fails for one without an Amharic text.
 */
export const AMHARIC_MESSAGES: Readonly<Record<string, string>> = {
  ...GENERAL_MESSAGES,
  ...STAFF_MESSAGES,
  ...CATALOG_MESSAGES,
  ...LIST_MESSAGES,
  ...STOCK_MESSAGES,
  ...IMPORT_MESSAGES,
};

/** A compiled template: its pattern (one group per placeholder), the placeholders' names and the Amharic text. */
interface Template {
  pattern: RegExp;
  names: string[];
  amharic: string;
  /** Characters outside placeholders: the more, the more specific (tried first). */
  weight: number;
}

const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(entries: Readonly<Record<string, string>>, prefix = '', suffix = ''): Template[] {
  return Object.entries(entries)
    .map(([english, amharic]) => {
      const names = [...english.matchAll(PLACEHOLDER)].map((m) => m[1]);
      const parts = english.split(PLACEHOLDER).filter((_, i) => i % 2 === 0);
      const pattern = new RegExp(`^${prefix}${parts.map(escape).join('([\\s\\S]+?)')}${suffix}$`);
      return { pattern, names, amharic, weight: parts.join('').length };
    })
    .sort((a, b) => b.weight - a.weight);
}

const SENTENCES = compile(AMHARIC_MESSAGES);
/** The rules a field's (or an import cell's) message states after its name. */
const ALL_RULES = { ...FIELD_RULES, ...IMPORT_ROW_RULES };
/** `<field> <rule>`: the field is one token (`quantity.0.value`, `The body` is a sentence of its own). */
const RULES = compile(ALL_RULES, '(\\S+) ');
const EACH_RULES = compile(ALL_RULES, 'each value in (\\S+) ');
/** A rule on its own: a field's message in `errors` beside its `field`. */
const BARE_RULES = compile(ALL_RULES);

/** A placeholder's value, with the words of the product's vocabulary (statuses, roles, steps) in Amharic. */
const term = (value: string): string => TERMS[value] ?? value;

function fill(template: Template, match: RegExpExecArray, offset: number, extra: Record<string, string> = {}): string {
  const values: Record<string, string> = { ...extra };
  template.names.forEach((name, i) => (values[name] ??= term(match[i + 1 + offset])));
  return template.amharic.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** The Amharic text of one message, or undefined when the catalogue has none. */
function amharicOf(message: string): string | undefined {
  for (const t of SENTENCES) {
    const m = t.pattern.exec(message);
    if (m) return fill(t, m, 0);
  }
  for (const t of RULES) {
    const m = t.pattern.exec(message);
    if (m) return `${m[1]} ${fill(t, m, 1)}`;
  }
  for (const t of EACH_RULES) {
    const m = t.pattern.exec(message);
    if (m) return `በ${m[1]} ውስጥ ያለ እያንዳንዱ ዋጋ ${fill(t, m, 1)}`;
  }
  const bare = amharicRule(message);
  if (bare) return bare;
  // the validation pipe joins the messages of several fields with "; "
  const parts = message.split('; ');
  if (parts.length > 1) {
    const translated = parts.map(amharicOf);
    if (translated.every((p) => p !== undefined)) return translated.join('፤ ');
  }
  return undefined;
}

/** The Amharic text of `rule` alone (a field's rule, an import cell's rule), or undefined. */
function amharicRule(rule: string): string | undefined {
  for (const t of BARE_RULES) {
    const m = t.pattern.exec(rule);
    if (m) return fill(t, m, 0);
  }
  return undefined;
}

/** True when the catalogue has an Amharic text for `message` (the test of every source message uses it). */
export const hasAmharic = (message: string): boolean => amharicOf(message) !== undefined;

/**
 * `message` in `language`: for `am` its Amharic text from the catalogue; unchanged for `en`, and for
 * a message the catalogue does not know (a library's own text) rather than a wrong guess.
 */
export function localizeMessage(message: string, language: DocumentLanguage): string {
  return language === 'am' ? (amharicOf(message) ?? message) : message;
}

/**
 * An import row's error `{column, message}` in `language`. The message is stored in English at preview
 * (the English text is the catalogue's key, its values read back out of it), and written in the
 * reader's language when read. A message that starts with its column's header (`Unit price must be a
 * number, got "abc"`) keeps the header as the file has it, spaces and all, and translates the rule
 * after it; any other is a sentence of the catalogue.
 */
export function localizeRowError<E extends { column: string; message: string }>(error: E, language: DocumentLanguage): E {
  if (language === 'en') return error;
  const { column, message } = error;
  const rule = column && message.startsWith(`${column} `) ? amharicRule(message.slice(column.length + 1)) : undefined;
  return { ...error, message: rule ? `${column} ${rule}` : localizeMessage(message, language) };
}
