import { formatCalendarDay } from '@inventory/common';
import { amharic } from '../i18n/amharic';
import type { DocumentLocale } from '../i18n/document-locale';
import type { CellValue, ExportColumn } from './export-stream';
import { dateOf, IsoDateTime } from './iso-date-time';

/** A unit column's header, `On hand (pcs)`: the label and the unit, kept as it is. */
const UNIT_HEADER = /^(.+) (\([^()]+\))$/;

/**
 * A header in the export's language: for `am`, the Amharic label with the English one
 * beneath (one cell, two lines); a unit column's label is translated and its unit kept
 * (`በእጅ ያለ (pcs)`).
 */
export function exportHeader(header: string, locale: DocumentLocale): string {
  if (locale.language !== 'am') return header;
  const unit = UNIT_HEADER.exec(header);
  const am = amharic(header) ?? (unit && amharic(unit[1]) ? `${amharic(unit[1])} ${unit[2]}` : undefined);
  return am ? `${am}\n${header}` : header;
}

/** A date cell in the Ethiopian calendar, as text: `23/05/2018 AM`, with the UTC time when the column shows one (`hh:mm`). */
function ethiopianCell(value: Date | IsoDateTime, numFmt: string | undefined): string {
  const date = dateOf(value);
  const day = formatCalendarDay(date, 'ethiopian');
  return numFmt?.includes('hh') ? `${day} ${date.toISOString().slice(11, 16)}` : day;
}

/**
 * The columns of an export for its reader: headers in the request's language
 * ({@link exportHeader}); with the Ethiopian calendar, date cells become text in that calendar
 * (Excel has no Ethiopian date format) and the column is formatted as text. With English and the
 * Gregorian calendar the columns are returned unchanged.
 */
export function localizeColumns<C extends ExportColumn<never>>(columns: C[], locale: DocumentLocale): C[] {
  if (locale.language !== 'am' && locale.calendar !== 'ethiopian') return columns;
  return columns.map((c) => {
    const header = exportHeader(c.header, locale);
    if (locale.calendar !== 'ethiopian' || !c.numFmt?.includes('yy')) return { ...c, header };
    const value = (row: Parameters<C['value']>[0]): CellValue => {
      const v = c.value(row);
      return v instanceof Date || v instanceof IsoDateTime ? ethiopianCell(v, c.numFmt) : v;
    };
    return { ...c, header, value, numFmt: undefined };
  });
}
