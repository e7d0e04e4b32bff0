import { expect, test } from '@playwright/test';
import { am } from '../admin-ui/src/i18n/am';
import { en } from '../admin-ui/src/i18n/en';

/**
 * The English and Amharic catalogues of the admin UI (admin-ui/src/i18n/en.ts, am.ts, with
 * react-admin's `ra.*`) have the same keys, the same `%{x}` placeholders and the same number of
 * `||||` plural forms; and the Amharic one holds no English. No browser: the message objects only.
 */

/** Every leaf of a catalogue as `dotted.key` → text (list items as `key.0`, `key.1`, …). */
function leaves(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) leaves(value, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

const placeholders = (text: string): string[] => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();
const pluralForms = (text: string): number => text.split('||||').length;

const english = leaves(en);
const amharic = leaves(am);

test('every key of one language exists in the other', () => {
  const onlyEnglish = [...english.keys()].filter((k) => !amharic.has(k));
  const onlyAmharic = [...amharic.keys()].filter((k) => !english.has(k));
  expect({ onlyEnglish, onlyAmharic }).toEqual({ onlyEnglish: [], onlyAmharic: [] });
  expect(english.size).toBeGreaterThan(900); // the whole catalogue was read, react-admin's included
});

test('both languages use the same placeholders and plural forms in every message', () => {
  const differing = [...english].flatMap(([key, text]) => {
    const other = amharic.get(key);
    if (other === undefined) return [];
    const problems = [];
    if (placeholders(text).join() !== placeholders(other).join()) problems.push(`${key}: ${placeholders(text).join()} ≠ ${placeholders(other).join()}`);
    if (pluralForms(text) !== pluralForms(other)) problems.push(`${key}: ${pluralForms(text)} ≠ ${pluralForms(other)} plural forms`);
    return problems;
  });
  expect(differing).toEqual([]);
});

/** Latin words the Amharic UI keeps: document codes, file formats and units printed as they are. */
const KEPT_LATIN = new Set(['GRN', 'GIN', 'SIV', 'TRN', 'CSV', 'PDF', 'JPG', 'PNG', 'csv', 'xlsx', 'regexp']);

test('the Amharic catalogue is written in Amharic', () => {
  const english = [...amharic].filter(([, text]) => {
    const words = text.replace(/%\{\w+\}/g, '').match(/[A-Za-z]{3,}/g) ?? [];
    return words.some((w) => !KEPT_LATIN.has(w));
  });
  expect(english).toEqual([]);
});
