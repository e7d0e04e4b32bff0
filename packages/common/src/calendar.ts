/**
 * Calendars and the Ethiopian context: each user picks how dates are shown in the UI,
 * PDFs and exports; the API's JSON keeps ISO 8601 dates whatever the choice.
 */

/** The calendars a user can pick (`users.calendar`, PUT /api/users/me/preferences). */
export const CALENDARS = ['gregorian', 'ethiopian'] as const;
/** One of {@link CALENDARS}. */
export type Calendar = (typeof CALENDARS)[number];
/** The calendar of a new user. */
export const DEFAULT_CALENDAR: Calendar = 'gregorian';

/** True when `value` is one of {@link CALENDARS}. */
export const isCalendar = (value: unknown): value is Calendar => (CALENDARS as readonly unknown[]).includes(value);

/** The languages of documents and exports, read from `Accept-Language`: Amharic, else English. */
export const DOCUMENT_LANGUAGES = ['en', 'am'] as const;
/** One of {@link DOCUMENT_LANGUAGES}. */
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

/**
 * The document language of an `Accept-Language` header: `am` when its first language is Amharic
 * (`am`, `am-ET`, `am;q=0.9, en`), else `en`.
 */
export function documentLanguage(header: string | string[] | undefined): DocumentLanguage {
  const value = Array.isArray(header) ? header[0] : header;
  const first = (value ?? '').split(',')[0].split(';')[0].trim().toLowerCase();
  return first === 'am' || first.startsWith('am-') ? 'am' : 'en';
}

/**
 * An Ethiopian taxpayer identification number (TIN): exactly 10 digits. The company's
 * COMPANY_TIN and a customer's optional `tin` follow it.
 */
export const ETHIOPIAN_TIN = /^\d{10}$/;
/** The message of a TIN that is not 10 digits. */
export const ETHIOPIAN_TIN_MESSAGE = 'must be an Ethiopian TIN: exactly 10 digits';

/** Ethiopian days: Intl's Ethiopic calendar, read in UTC. */
const ETHIOPIC_DAY = new Intl.DateTimeFormat('en-GB-u-ca-ethiopic', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', era: 'short' });

/**
 * The calendar day of `date` (an ISO string or a Date), read in UTC, as the UI, PDFs and exports
 * print it: Gregorian as ISO `2026-01-31` (as before); Ethiopian through Intl's
 * Ethiopic calendar (`en-GB-u-ca-ethiopic`, no hand-written conversion) as day/month/year and
 * the era: `23/05/2018 AM` (Amharic Intl data prints the same digits and era). An unreadable
 * string is returned as it is.
 */
export function formatCalendarDay(date: string | Date, calendar: Calendar): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) return typeof date === 'string' ? date : '';
  if (calendar !== 'ethiopian') return d.toISOString().slice(0, 10);
  return ETHIOPIC_DAY.formatToParts(d).map((p) => (p.type === 'literal' ? (p.value.trim() ? '/' : ' ') : p.value)).join('');
}

/** A day of the Ethiopian calendar: year (Amete Mihret), month 1-13 (13 = Pagume) and day of the month. */
export interface EthiopianDay {
  year: number;
  month: number;
  day: number;
}

const ETHIOPIC_NUMERIC = new Intl.DateTimeFormat('en-US-u-ca-ethiopic-nu-latn', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' });
const DAY_MS = 86_400_000;

/** The Ethiopian day of a UTC day (`YYYY-MM-DD` or a Date), through Intl's Ethiopic calendar; undefined when unreadable. */
export function toEthiopianDay(date: string | Date): EthiopianDay | undefined {
  const d = typeof date === 'string' ? new Date(date.length === 10 ? `${date}T00:00:00Z` : date) : date;
  if (Number.isNaN(d.getTime())) return undefined;
  const part = (type: string) => Number(ETHIOPIC_NUMERIC.formatToParts(d).find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/**
 * The UTC day (`YYYY-MM-DD`) of an Ethiopian day, or undefined when there is no such day (month 13
 * has 5 days, 6 in a leap year). The Gregorian day is estimated from the new year (Meskerem 1
 * falls on 11 or 12 September of year + 7) and confirmed through Intl, so the conversion is Intl's.
 */
export function fromEthiopianDay({ year, month, day }: EthiopianDay): string | undefined {
  if (![year, month, day].every(Number.isInteger) || year < 1 || month < 1 || month > 13 || day < 1 || day > 30) return undefined;
  const estimate = Date.UTC(year + 7, 8, 11) + ((month - 1) * 30 + day - 1) * DAY_MS;
  for (const shift of [0, 1, -1, 2, -2]) {
    const candidate = new Date(estimate + shift * DAY_MS);
    const e = toEthiopianDay(candidate);
    if (e && e.year === year && e.month === month && e.day === day) return candidate.toISOString().slice(0, 10);
  }
  return undefined;
}

/** An Ethiopian day as the date inputs show it: day/month/year, `23/05/2018`. */
export const formatEthiopianInput = (e: EthiopianDay): string =>
  `${String(e.day).padStart(2, '0')}/${String(e.month).padStart(2, '0')}/${e.year}`;

/**
 * Reads a typed Ethiopian day, day/month/year (`23/5/2018`, `23.05.2018`, `23-05-2018`, an era
 * `AM` or `ዓ.ም.` after it is allowed), to its UTC day `YYYY-MM-DD`; undefined when it is not one.
 */
export function parseEthiopianInput(text: string): string | undefined {
  const m = /^\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})\s*(?:AM|ዓ\.?\s*ም\.?)?\s*$/i.exec(text);
  return m ? fromEthiopianDay({ day: Number(m[1]), month: Number(m[2]), year: Number(m[3]) }) : undefined;
}
