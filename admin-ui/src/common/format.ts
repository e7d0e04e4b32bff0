/**
 * The one date format and the one phone format of the UI (issue 13): dates in the spec's long
 * format ("November 23, 2026", spec 8), with the time where the time matters; phones as
 * "+251 911 234 567". Empty values render as "–".
 */
const EMPTY = '–';

const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const LONG_DATE_TIME: Intl.DateTimeFormatOptions = { ...LONG_DATE, hour: 'numeric', minute: '2-digit' };

function format(value: string | Date | null | undefined, options: Intl.DateTimeFormatOptions, locale: string): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? EMPTY : date.toLocaleString(locale, options);
}

/** A moment's day in the browser's time zone: "November 23, 2026". */
export const formatDate = (value: string | Date | null | undefined, locale = 'en-US'): string => format(value, LONG_DATE, locale);

/** A moment with its time in the browser's time zone: "November 23, 2026 at 1:05 PM". */
export const formatDateTime = (value: string | Date | null | undefined, locale = 'en-US'): string => format(value, LONG_DATE_TIME, locale);

/**
 * A calendar day stored without a time (purchase dates, `YYYY-MM-DD` or midnight UTC): read in UTC
 * so it never shows as the day before west of Greenwich.
 */
export const formatCalendarDay = (value: string | Date | null | undefined, locale = 'en-US'): string =>
  format(value, { ...LONG_DATE, timeZone: 'UTC' }, locale);

/**
 * An Ethiopian phone number as "+251 9XX XXX XXX". Accepts the stored nine digits ("911234567"),
 * a leading 0 or +251; anything else is shown as given.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const digits = value.replace(/\D/g, '').replace(/^251(?=\d{9}$)/, '').replace(/^0(?=\d{9}$)/, '');
  return /^\d{9}$/.test(digits) ? `+251 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : value;
}
