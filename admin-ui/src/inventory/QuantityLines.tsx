import { Typography } from '@mui/material';
import type { QuantityEntry } from './api';

/** `12 : pcs`, as Inventory and Transaction Range write a quantity (spec 2). */
export const valueFirst = (q: QuantityEntry): string => `${q.value} : ${q.name}`;

/** A quantity per unit, one line each, written by `text` (default {@link valueFirst}). */
export const QuantityLines = ({ entries, text = valueFirst }: { entries: QuantityEntry[]; text?: (q: QuantityEntry) => string }) => (
  <>
    {entries.map((q) => (
      <Typography key={q.name} variant="body2" component="div">{text(q)}</Typography>
    ))}
  </>
);
