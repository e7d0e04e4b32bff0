import { describe, expect, it } from 'vitest';
import {
  documentLanguage, ETHIOPIAN_TIN, formatCalendarDay, formatEthiopianInput, fromEthiopianDay, isCalendar, parseEthiopianInput, toEthiopianDay, type EthiopianDay,
} from './calendar';

const DAY_MS = 86_400_000;

/**
 * An independent Ethiopian (Amete Mihret) conversion by day numbers: a year has 12 months of 30
 * days and Pagume of 5, 6 in a year after which `year % 4 === 3`, so Meskerem 1 of year y falls
 * 365 (y - 1) + floor(y / 4) days after the epoch. The epoch's Julian Day Number is 1724221 and
 * 1970-01-01 is JDN 2440588, which puts Meskerem 1 of year 1 at 715610 days before 1970-01-01.
 */
const EPOCH_DAYS = 1724221 - 2440588;
const ethiopianToUtcDay = ({ year, month, day }: EthiopianDay): string =>
  new Date((EPOCH_DAYS + 365 * (year - 1) + Math.floor(year / 4) + 30 * (month - 1) + day - 1) * DAY_MS).toISOString().slice(0, 10);

describe('Ethiopian calendar conversion', () => {
  it.each([
    ['2024-09-11', { year: 2017, month: 1, day: 1 }], // new year after a common year
    ['2023-09-12', { year: 2016, month: 1, day: 1 }], // new year after the leap year 2015 (Pagume 6)
    ['2023-09-11', { year: 2015, month: 13, day: 6 }], // Pagume 6 of the leap year 2015
    ['2024-09-10', { year: 2016, month: 13, day: 5 }], // the last day of 2016
    ['2025-01-07', { year: 2017, month: 4, day: 29 }], // Genna: Tahsas 29
    ['2024-03-02', { year: 2016, month: 6, day: 23 }], // Adwa Victory Day, Yekatit 23, after a Gregorian 29 February
  ])('%s is %o', (gregorian, ethiopian) => {
    expect(ethiopianToUtcDay(ethiopian)).toBe(gregorian);
    expect(toEthiopianDay(gregorian)).toEqual(ethiopian);
    expect(fromEthiopianDay(ethiopian)).toBe(gregorian);
  });

  it('agrees with the day-number reckoning on every day from 2015 to 2030, both ways', () => {
    const start = Date.UTC(2015, 0, 1);
    const end = Date.UTC(2030, 11, 31);
    for (let t = start; t <= end; t += DAY_MS) {
      const gregorian = new Date(t).toISOString().slice(0, 10);
      const e = toEthiopianDay(gregorian)!;
      expect(ethiopianToUtcDay(e), gregorian).toBe(gregorian);
      expect(fromEthiopianDay(e), gregorian).toBe(gregorian);
    }
  });

  it('has no such day for Pagume 6 of a common year, a 31st day or a 14th month', () => {
    expect(fromEthiopianDay({ year: 2016, month: 13, day: 6 })).toBeUndefined();
    expect(fromEthiopianDay({ year: 2015, month: 13, day: 7 })).toBeUndefined();
    expect(fromEthiopianDay({ year: 2017, month: 1, day: 31 })).toBeUndefined();
    expect(fromEthiopianDay({ year: 2017, month: 14, day: 1 })).toBeUndefined();
    expect(fromEthiopianDay({ year: 2017, month: 0, day: 1 })).toBeUndefined();
    expect(fromEthiopianDay({ year: 2017, month: 1.5, day: 1 })).toBeUndefined();
  });

  it('reads a moment by its UTC day and refuses an unreadable one', () => {
    expect(toEthiopianDay('2024-09-10T23:59:59Z')).toEqual({ year: 2016, month: 13, day: 5 });
    expect(toEthiopianDay(new Date('2024-09-11T00:00:00Z'))).toEqual({ year: 2017, month: 1, day: 1 });
    expect(toEthiopianDay('not a day')).toBeUndefined();
  });
});

describe('Ethiopian date input', () => {
  it('shows a day as day/month/year with two-digit day and month', () => {
    expect(formatEthiopianInput({ year: 2017, month: 1, day: 1 })).toBe('01/01/2017');
    expect(formatEthiopianInput({ year: 2015, month: 13, day: 6 })).toBe('06/13/2015');
  });

  it.each(['1/1/2017', '01/01/2017', '1.1.2017', '1-1-2017', ' 01 / 01 / 2017 ', '01/01/2017 AM', '01/01/2017 am', '01/01/2017 ዓ.ም.', '01/01/2017 ዓም'])(
    'reads %j as 2024-09-11',
    (text) => expect(parseEthiopianInput(text)).toBe('2024-09-11'),
  );

  it.each(['', '2017-01-01', '01/01/17', '32/01/2017', '06/13/2016', '1/1/2017 BC', 'abc'])('refuses %j', (text) => {
    expect(parseEthiopianInput(text)).toBeUndefined();
  });

  it('round-trips what it shows', () => {
    for (const day of ['2023-09-11', '2024-02-29', '2024-09-11', '2025-01-07']) {
      expect(parseEthiopianInput(formatEthiopianInput(toEthiopianDay(day)!))).toBe(day);
    }
  });
});

describe('formatCalendarDay (PDFs and exports)', () => {
  it('prints Gregorian days as ISO and Ethiopian days as day/month/year and era', () => {
    expect(formatCalendarDay('2024-09-11T22:30:00Z', 'gregorian')).toBe('2024-09-11');
    expect(formatCalendarDay('2024-09-11T22:30:00Z', 'ethiopian')).toBe('01/01/2017 AM');
    expect(formatCalendarDay(new Date('2023-09-11T00:00:00Z'), 'ethiopian')).toBe('06/13/2015 AM');
  });

  it('returns an unreadable text as it is', () => {
    expect(formatCalendarDay('soon', 'ethiopian')).toBe('soon');
    expect(formatCalendarDay(new Date(Number.NaN), 'gregorian')).toBe('');
  });
});

describe('calendar and language settings', () => {
  it('knows the two calendars only', () => {
    expect(isCalendar('gregorian')).toBe(true);
    expect(isCalendar('ethiopian')).toBe(true);
    expect(isCalendar('julian')).toBe(false);
    expect(isCalendar(undefined)).toBe(false);
  });

  it.each([
    ['am', 'am'],
    ['am-ET', 'am'],
    ['AM-et,en;q=0.5', 'am'],
    ['am;q=0.9, en', 'am'],
    ['en-US,am;q=0.9', 'en'],
    ['amh', 'en'],
    ['', 'en'],
  ])('Accept-Language %j prints documents in %s', (header, lang) => expect(documentLanguage(header)).toBe(lang));

  it('takes the first of several headers and reads none as English', () => {
    expect(documentLanguage(['am-ET', 'en'])).toBe('am');
    expect(documentLanguage(undefined)).toBe('en');
  });

  it('takes a TIN of exactly 10 digits', () => {
    expect(ETHIOPIAN_TIN.test('0012345678')).toBe(true);
    expect(ETHIOPIAN_TIN.test('123456789')).toBe(false);
    expect(ETHIOPIAN_TIN.test('12345678901')).toBe(false);
    expect(ETHIOPIAN_TIN.test('12345 6789')).toBe(false);
  });
});
