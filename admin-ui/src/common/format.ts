/**
 * The one date format and the one phone format of the UI (issue 13): dates in the spec's long
 * format ("November 23, 2026", spec 8), with the time where the time matters; phones as
 * "+251 911 234 567". Empty values render as "–".
 */
import { formatPhone as formatPhoneNumber } from '@inventory/common';

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

/** A phone as "+251 9XX XXX XXX" (the shared rule of @inventory/common, as exports and documents print it); "–" when none. */
export function formatPhone(value: string | null | undefined): string {
  return value ? formatPhoneNumber(value) : EMPTY;
}
