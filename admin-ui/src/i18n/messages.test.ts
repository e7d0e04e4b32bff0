import { describe, expect, it } from 'vitest';
import { am } from './am';
import { en } from './en';

/** Every text of a catalogue by its dotted key. */
function leaves(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
const pluralForms = (text: string) => text.split('||||').length;

describe('English and Amharic catalogues', () => {
  const english = leaves(en);
  const amharic = leaves(am);

  it('have the same keys', () => {
    expect([...amharic.keys()].filter((k) => !english.has(k))).toEqual([]);
    expect([...english.keys()].filter((k) => !amharic.has(k))).toEqual([]);
  });

  it('interpolate the same %{placeholders} in each text', () => {
    const differ = [...english].filter(([key, text]) => amharic.has(key) && placeholders(text).join() !== placeholders(amharic.get(key)!).join());
    expect(differ.map(([key]) => key)).toEqual([]);
  });

  it('leave no Amharic text empty where the English one says something', () => {
    expect([...amharic].filter(([key, text]) => text.trim() === '' && english.get(key)?.trim()).map(([key]) => key)).toEqual([]);
  });

  it('give a plural text its forms in both languages', () => {
    const differ = [...english].filter(([key, text]) => pluralForms(text) > 1 && pluralForms(amharic.get(key) ?? '') < 2);
    expect(differ.map(([key]) => key)).toEqual([]);
  });
});
