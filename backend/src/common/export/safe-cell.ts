/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a text that starts
 * with `=`, `+`, `-`, `@`, a tab or a carriage return is taken for a formula by spreadsheet
 * programs once it is typed back, pasted or saved as CSV. Every export (xlsx and CSV) writes each
 * text value through {@link safeCellText}; numbers and dates are written as numbers and dates.
 */
const [EQUALS, PLUS, MINUS, AT, TAB, CR] = [...'=+-@\t\r'].map((c) => c.charCodeAt(0));

/** The prefix that keeps such a text a text, as OWASP advises: a single quote, shown in the cell. */
export const TEXT_PREFIX = "'";

/** The Excel number format "Text" (`@`): a cell edited in Excel stays text instead of becoming a formula. */
export const TEXT_FORMAT = '@';

/**
 * `text` as it is safe to put in a spreadsheet cell: `'=HYPERLINK(…)` for `=HYPERLINK(…)`,
 * `'@SUM(1)` for `@SUM(1)`, `'-5` for `-5`; any other text unchanged. Null stays null (an empty cell).
 */
export function safeCellText(text: string): string;
export function safeCellText(text: string | null): string | null;
export function safeCellText(text: string | null): string | null {
  if (text === null) return null;
  // the first character's code compared: a regular expression test cost up to twice as much, on every text cell of every export
  const c = text.charCodeAt(0);
  return c === EQUALS || c === PLUS || c === MINUS || c === AT || c === TAB || c === CR ? `${TEXT_PREFIX}${text}` : text;
}
