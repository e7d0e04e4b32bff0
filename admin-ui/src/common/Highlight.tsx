import { Typography } from '@mui/material';
import { useListContext, useRecordContext } from 'react-admin';

/** Splits `text` around case-insensitive matches of `query`, marking the matches. */
export function highlightParts(text: string, query: string): { text: string; match: boolean }[] {
  const q = query.trim();
  if (!q) return [{ text, match: false }];
  const escaped = q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.split(new RegExp(`(${escaped})`, 'gi')).filter(Boolean).map((part) => ({ text: part, match: part.toLowerCase() === q.toLowerCase() }));
}

/** A text field whose matches of the list's search (`filter.q`) are highlighted (spec 2 Staff screens). */
export const HighlightField = ({ source, prefix = '' }: { source: string; prefix?: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const { filterValues } = useListContext();
  const value = String(record?.[source] ?? '');
  return (
    <Typography component="span" variant="body2">
      {prefix}
      {highlightParts(value, String(filterValues?.q ?? '')).map((part, i) =>
        part.match ? <mark key={i} style={{ backgroundColor: '#ffc069', padding: 0 }}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </Typography>
  );
};
