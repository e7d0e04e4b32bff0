import type { CellValue } from './export-stream';

/** `First Last` of a person an export names; null for none. */
export const personName = (p: { first_name: string; last_name: string } | null | undefined): string | null => (p ? `${p.first_name} ${p.last_name}` : null);

/** A stored timestamp (ISO text) as a date cell; null for none. */
export const dateCell = (iso: string | null | undefined): CellValue => (iso ? new Date(iso) : null);

/** Excel's format of a date-time cell (UTC), as the other list exports write it. */
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
