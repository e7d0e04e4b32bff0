/**
 * The one date, number and phone format of the UI: dates in the spec's long format
 * ("November 23, 2026"), with the time where the time matters; phones as "+251 911 234 567".
 * Empty values render as "–". Issue 18: dates, numbers and ETB amounts follow the UI language
 * (`en-US` / `am-ET`), and dates the user's calendar (Gregorian, or Ethiopian through the browser's
 * Intl Ethiopic calendar, `-u-ca-ethiopic`). preferences/DisplaySettings.tsx sets both before the page
 * renders, and re-renders the page when they change.
 */
import { formatPhone as formatPhoneNumber } from '@inventory/common';

const EMPTY = '–';

/** How dates are shown (a missing setting reads as Gregorian). */
export type Calendar = 'gregorian' | 'ethiopian';

/** What formatting depends on: the UI language and the user's calendar. */
export interface DisplaySettings {
  locale: string;
  calendar: Calendar;
}

let settings: DisplaySettings = { locale: 'en', calendar: 'gregorian' };

/** Sets the UI language and calendar the formatters use (called by preferences/DisplaySettings.tsx). */
export function setDisplaySettings(next: DisplaySettings): void {
  settings = next;
}

/** The Intl locale of the UI language: `am-ET` or `en-US`. */
export const numberLocale = (): string => (settings.locale === 'am' ? 'am-ET' : 'en-US');

/** The Intl locale of dates: the UI language's, with the Ethiopic calendar when the user chose it. */
const dateLocale = (calendar: Calendar = settings.calendar): string =>
  calendar === 'ethiopian' ? `${numberLocale()}-u-ca-ethiopic` : numberLocale();

const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const LONG_DATE_TIME: Intl.DateTimeFormatOptions = { ...LONG_DATE, hour: 'numeric', minute: '2-digit' };

function format(value: string | Date | null | undefined, options: Intl.DateTimeFormatOptions, locale: string): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? EMPTY : date.toLocaleString(locale, options);
}

/** A moment's day in the browser's time zone: "November 23, 2026". */
export const formatDate = (value: string | Date | null | undefined, locale = dateLocale()): string => format(value, LONG_DATE, locale);

/** A moment with its time in the browser's time zone: "November 23, 2026 at 1:05 PM". */
export const formatDateTime = (value: string | Date | null | undefined, locale = dateLocale()): string => format(value, LONG_DATE_TIME, locale);

/**
 * A calendar day stored without a time (purchase dates, `YYYY-MM-DD` or midnight UTC): read in UTC
 * so it never shows as the day before west of Greenwich.
 */
export const formatCalendarDay = (value: string | Date | null | undefined, locale = dateLocale()): string =>
  format(value, { ...LONG_DATE, timeZone: 'UTC' }, locale);

/** A number in the UI language's digits and grouping: "1,250.5" (at most `maxDecimals` decimals). */
export const formatNumber = (value: number, maxDecimals = 3): string =>
  value.toLocaleString(numberLocale(), { maximumFractionDigits: maxDecimals });

/** A phone as "+251 9XX XXX XXX" (the shared rule of @inventory/common, as exports and documents print it); "–" when none. */
export function formatPhone(value: string | null | undefined): string {
  return value ? formatPhoneNumber(value) : EMPTY;
}
