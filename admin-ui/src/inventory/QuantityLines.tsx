import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { QuantityEntry } from './api';

/** `12 : pcs`, as Inventory and Transaction Range write a quantity. */
export const valueFirst = (q: QuantityEntry): string => `${q.value} : ${q.name}`;

/**
 * "Hidden during count": what a quantity cell says while the API hides it (`quantities_hidden`: the
 * record is on a blind count the reader counts, until the count is submitted).
 */
export const HiddenDuringCount = () => {
  const translate = useTranslate();
  return (
    <Typography variant="body2" component="div" color="text.secondary" sx={{ fontStyle: 'italic' }} data-testid="hidden-during-count">
      {translate('inventory.hidden_during_count')}
    </Typography>
  );
};

/** A quantity per unit, one line each, written by `text` (default {@link valueFirst}); with `hidden` {@link HiddenDuringCount}. */
export const QuantityLines = ({ entries, text = valueFirst, hidden = false }: { entries: QuantityEntry[]; text?: (q: QuantityEntry) => string; hidden?: boolean }) =>
  hidden ? (
    <HiddenDuringCount />
  ) : (
    <>
      {entries.map((q) => (
        <Typography key={q.name} variant="body2" component="div">{text(q)}</Typography>
      ))}
    </>
  );
