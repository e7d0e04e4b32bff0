import { Box, Checkbox, FormControlLabel } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { colour } from './chartSetup';

/**
 * Which series (or slices) of a chart the user has hidden, by label, so a hidden product stays
 * hidden when the data reloads. `shown(label)` tells whether to draw it.
 */
export function useHiddenSeries() {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const toggle = (label: string) =>
    setHidden((old) => {
      const next = new Set(old);
      if (!next.delete(label)) next.add(label);
      return next;
    });
  return { shown: (label: string) => !hidden.has(label), toggle };
}

/**
 * The chart's legend in HTML, outside the plot: one checkbox per series in the series'
 * colour with the full name, in a scrolling box so every series stays reachable on a phone;
 * unticking hides the series from the chart. `labels[i]` is drawn in `colour(i)`.
 */
export const ChartLegend = ({ title, labels, series }: { title: string; labels: string[]; series: ReturnType<typeof useHiddenSeries> }) => {
  const translate = useTranslate();
  if (labels.length === 0) return null;
  return (
    <Box
      role="group"
      aria-label={translate('dashboard.legend', { title: translate(title) })}
      sx={{ mt: 1, maxHeight: { xs: 136, sm: 176 }, overflowY: 'auto', display: 'flex', flexWrap: 'wrap', columnGap: 2, border: 1, borderColor: 'divider', borderRadius: 1, px: 1 }}
    >
      {labels.map((label, i) => (
        <FormControlLabel
          key={label}
          sx={{ mr: 0, minWidth: 0, '& .MuiFormControlLabel-label': { fontSize: '0.875rem', overflowWrap: 'anywhere' } }}
          control={<Checkbox size="small" checked={series.shown(label)} onChange={() => series.toggle(label)} sx={{ color: colour(i), '&.Mui-checked': { color: colour(i) } }} />}
          label={label}
        />
      ))}
    </Box>
  );
};
