/**
 * Calendars and the Ethiopian context (issue 18): each user picks how dates are shown in the UI,
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

/** The languages of documents and exports, read from `Accept-Language` (issue 18): Amharic, else English. */
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
 * An Ethiopian taxpayer identification number (TIN): exactly 10 digits (issue 18). The company's
 * COMPANY_TIN and a customer's optional `tin` follow it.
 */
export const ETHIOPIAN_TIN = /^\d{10}$/;
/** The message of a TIN that is not 10 digits. */
export const ETHIOPIAN_TIN_MESSAGE = 'must be an Ethiopian TIN: exactly 10 digits';

/** Ethiopian days: Intl's Ethiopic calendar, read in UTC (issue 18). */
const ETHIOPIC_DAY = new Intl.DateTimeFormat('en-GB-u-ca-ethiopic', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', era: 'short' });

/**
 * The calendar day of `date` (an ISO string or a Date), read in UTC, as the UI, PDFs and exports
 * print it (issue 18): Gregorian as ISO `2026-01-31` (as before); Ethiopian through Intl's
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
