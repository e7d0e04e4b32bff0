import { documentLanguage, formatCalendarDay } from '@inventory/common';
import { exportHeader, localizeColumns } from '../export/export-locale';
import type { ExportColumn } from '../export/export-stream';
import { IsoDateTime } from '../export/iso-date-time';
import { localeOf } from './document-locale';

describe('document locale (issue 18)', () => {
  it.each([
    ['am', 'am'],
    ['am-ET', 'am'],
    ['AM-et;q=0.9, en', 'am'],
    ['en-US,am;q=0.8', 'en'],
    ['amx', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('reads Accept-Language %j as %s', (header, language) => {
    expect(documentLanguage(header)).toBe(language);
  });

  it("takes the calendar from the signed-in user, Gregorian without one", () => {
    expect(localeOf({ headers: { 'accept-language': 'am' } })).toEqual({ language: 'am', calendar: 'gregorian' });
    const req = { headers: {}, user: { calendar: 'ethiopian' } };
    expect(localeOf(req as unknown as Parameters<typeof localeOf>[0])).toEqual({ language: 'en', calendar: 'ethiopian' });
  });

  it.each([
    ['2026-01-31T10:00:00Z', '23/05/2018 AM'],
    ['2025-09-11T00:00:00Z', '01/01/2018 AM'], // Enkutatash, the Ethiopian new year
    ['2025-09-10T23:59:59Z', '05/13/2017 AM'], // the 13th month, Pagume
  ])('formats %s in the Ethiopian calendar as %s (Intl, UTC)', (iso, day) => {
    expect(formatCalendarDay(iso, 'ethiopian')).toBe(day);
    expect(formatCalendarDay(iso, 'gregorian')).toBe(iso.slice(0, 10));
  });

  it('localizes export columns: Amharic headers over English, Ethiopian dates as text; unchanged for English and Gregorian', () => {
    const columns: ExportColumn<{ at: Date; name: string }>[] = [
      { header: 'Name', value: (r) => r.name },
      { header: 'Created At', value: (r) => r.at, numFmt: 'yyyy-mm-dd hh:mm' },
      { header: 'Unlabelled', value: () => null },
    ];
    expect(localizeColumns(columns, { language: 'en', calendar: 'gregorian' })).toBe(columns);
    const am = localizeColumns(columns, { language: 'am', calendar: 'ethiopian' });
    expect(am.map((c) => c.header)).toEqual(['ስም\nName', 'የተፈጠረበት\nCreated At', 'Unlabelled']);
    expect(am[1].value({ at: new Date('2026-01-31T10:05:00Z'), name: 'x' })).toBe('23/05/2018 AM 10:05');
    expect(am[1].numFmt).toBeUndefined();
    // a date given as its ISO text (the ledger export's) reads the same
    const isoColumns: ExportColumn<string>[] = [{ header: 'Date', value: (iso) => new IsoDateTime(iso), numFmt: 'yyyy-mm-dd hh:mm' }];
    const [iso] = localizeColumns(isoColumns, { language: 'en', calendar: 'ethiopian' });
    expect(iso.value('2026-01-31T10:05:00.000Z')).toBe('23/05/2018 AM 10:05');
    expect(exportHeader('Name', { language: 'en', calendar: 'ethiopian' })).toBe('Name');
  });
});
