import { afterEach, describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDate, formatDateTime, formatNumber, formatPhone, numberLocale, setDisplaySettings } from './format';
import { formatEtb } from '../outgoing/money';

afterEach(() => setDisplaySettings({ locale: 'en', calendar: 'gregorian' }));

// a moment built from local parts reads the same in any time zone the tests run in
const moment = new Date(2026, 10, 23, 13, 5);

describe('dates', () => {
  it('shows the long Gregorian format, with the time where asked', () => {
    expect(formatDate(moment)).toBe('November 23, 2026');
    expect(formatDateTime(moment)).toBe('November 23, 2026 at 1:05 PM');
    expect(formatDate(moment.toISOString())).toBe('November 23, 2026');
  });

  it('reads a stored calendar day in UTC, so it is never the day before', () => {
    expect(formatCalendarDay('2024-09-11')).toBe('September 11, 2024');
    expect(formatCalendarDay('2024-09-11T00:00:00.000Z')).toBe('September 11, 2024');
  });

  it('shows the Ethiopian calendar when the user chose it: 11 September 2024 is Meskerem 1, 2017', () => {
    setDisplaySettings({ locale: 'en', calendar: 'ethiopian' });
    expect(formatCalendarDay('2024-09-11')).toBe('Meskerem 1, 2017 AM');
    expect(formatCalendarDay('2023-09-12')).toBe('Meskerem 1, 2016 AM');
    expect(formatCalendarDay('2023-09-11')).toBe('Pagumen 6, 2015 AM');
    setDisplaySettings({ locale: 'am', calendar: 'ethiopian' });
    expect(formatCalendarDay('2024-09-11')).toBe('1 መስከረም 2017');
  });

  it('shows "–" for no date or an unreadable one', () => {
    expect(formatDate(null)).toBe('–');
    expect(formatDate(undefined)).toBe('–');
    expect(formatDateTime('')).toBe('–');
    expect(formatCalendarDay('not a date')).toBe('–');
  });
});

describe('numbers and money', () => {
  it('groups thousands and keeps at most 3 decimals (or as asked)', () => {
    expect(formatNumber(1250.5)).toBe('1,250.5');
    expect(formatNumber(1234567.8915)).toBe('1,234,567.892');
    expect(formatNumber(12.3456, 2)).toBe('12.35');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-3)).toBe('-3');
  });

  it('shows ETB with exactly two decimals, from a number or the API decimal text', () => {
    expect(formatEtb(1250.5)).toBe('1,250.50');
    expect(formatEtb('1250.50')).toBe('1,250.50');
    expect(formatEtb(0)).toBe('0.00');
    expect(formatEtb('0.005')).toBe('0.01');
    expect(formatEtb(1_000_000)).toBe('1,000,000.00');
  });

  it('follows the UI language', () => {
    expect(numberLocale()).toBe('en-US');
    setDisplaySettings({ locale: 'am', calendar: 'gregorian' });
    expect(numberLocale()).toBe('am-ET');
    expect(formatNumber(1250.5)).toBe((1250.5).toLocaleString('am-ET'));
    expect(formatEtb(3)).toBe((3).toLocaleString('am-ET', { minimumFractionDigits: 2 }));
  });
});

describe('phones', () => {
  it('prints +251 9XX XXX XXX, "–" when none', () => {
    expect(formatPhone('911234567')).toBe('+251 911 234 567');
    expect(formatPhone('0911234567')).toBe('+251 911 234 567');
    expect(formatPhone(null)).toBe('–');
    expect(formatPhone('')).toBe('–');
  });
});
