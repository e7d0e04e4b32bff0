import { Typography } from '@mui/material';
import { useListContext, useRecordContext } from 'react-admin';
import { formatPhone } from './format';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits `text` around case-insensitive matches of `query`, marking the matches. With `loose`,
 * spaces in `text` between the query's characters still match (a phone shown as "+251 911 234 567"
 * matched by "9112").
 */
export function highlightParts(text: string, query: string, loose = false): { text: string; match: boolean }[] {
  const q = loose ? query.replace(/\s/g, '') : query.trim();
  if (!q) return [{ text, match: false }];
  const pattern = loose ? [...q].map(escape).join('\\s*') : escape(q);
  const whole = new RegExp(`^(?:${pattern})$`, 'i');
  return text.split(new RegExp(`(${pattern})`, 'gi')).filter(Boolean).map((part) => ({ text: part, match: whole.test(part) }));
}

/**
 * A text field whose matches of the list's search (`filter.q`) are highlighted (spec 2 Staff
 * screens). `phone` shows the value as "+251 9XX XXX XXX" (common/format.ts) and matches across its spaces.
 * `label`, `sortable` and `sortBy` are read by the Datagrid header.
 */
export const HighlightField = ({ source, phone = false }: { source: string; phone?: boolean; label?: string; sortable?: boolean; sortBy?: string }) => {
  const record = useRecordContext();
  const { filterValues } = useListContext();
  const raw = String(record?.[source] ?? '');
  const value = phone ? formatPhone(raw) : raw;
  return (
    <Typography component="span" variant="body2">
      {highlightParts(value, String(filterValues?.q ?? ''), phone).map((part, i) =>
        part.match ? <mark key={i} style={{ backgroundColor: '#ffc069', padding: 0 }}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </Typography>
  );
};
