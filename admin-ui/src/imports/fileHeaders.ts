import Papa from 'papaparse';
import { IMPORT_COLUMNS, importHeaderKey, type ImportKind } from '@inventory/common';

/** The first 64 KB of a file as text, gunzipped for a .gz file. */
async function head(file: File): Promise<string> {
  const slice = file.slice(0, 64 * 1024);
  if (!/\.gz$/i.test(file.name)) return slice.text();
  const reader = file.stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const { value } = await reader.read();
  await reader.cancel().catch(() => undefined);
  return new TextDecoder().decode(value ?? new Uint8Array());
}

/** The header row of a CSV file (plain or gzipped), read in the browser; [] for .xlsx or an unreadable file. */
export async function readCsvHeaders(file: File): Promise<string[]> {
  if (/\.xlsx$/i.test(file.name)) return [];
  try {
    const text = (await head(file)).replace(/^\uFEFF/, '');
    // comma-separated as the server reads it (`;` separates values inside a cell: units, phones)
    const [first = []] = Papa.parse<string[]>(text, { preview: 1, skipEmptyLines: true, delimiter: ',' }).data;
    return first.map((c) => c.trim()).filter(Boolean);
  } catch {
    return [];
  }
}

/** Each field of `kind` matched to the header of the same name (case and spaces ignored), as the server does without a mapping. */
export function autoMapping(kind: ImportKind, headers: readonly string[]): Record<string, string> {
  const byKey = new Map(headers.map((h) => [importHeaderKey(h), h]));
  return Object.fromEntries(
    IMPORT_COLUMNS[kind].flatMap((c) => {
      const header = byKey.get(importHeaderKey(c.header)) ?? byKey.get(importHeaderKey(c.field));
      return header ? [[c.field, header]] : [];
    }),
  );
}

/** The distinct headers of both lists, in order of first appearance. */
export const mergeHeaders = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])];
