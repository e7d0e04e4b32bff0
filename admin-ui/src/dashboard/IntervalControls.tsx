import { Alert, Box, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { EthiopianDayField } from '../preferences/EthiopianDayField';
import { useCalendar } from '../preferences/useCalendar';
import type { Period } from './api';

const PERIODS: Period[] = ['daily', 'weekly', 'monthly'];

/** The interval chart's question: a period and an inclusive range of UTC days (`YYYY-MM-DD`, '' when cleared). */
export interface IntervalQuestion {
  period: Period;
  from: string;
  to: string;
}

/** Why a range cannot be asked (an i18n key), or null when it can: both days given, From not after To. */
export const rangeProblem = ({ from, to }: IntervalQuestion): string | null =>
  !from || !to ? 'dashboard.range_missing' : from > to ? 'dashboard.range_reversed' : null;

/** Period select and From / To day inputs of the interval chart, in the user's calendar; a bad range is marked on the inputs. */
export const IntervalControls = ({ value, onChange }: { value: IntervalQuestion; onChange: (next: IntervalQuestion) => void }) => {
  const translate = useTranslate();
  const bad = rangeProblem(value) !== null;
  const ethiopian = useCalendar() === 'ethiopian';
  const day = (field: 'from' | 'to', label: string) => {
    const shared = {
      size: 'small' as const,
      label: translate(label),
      error: bad,
      slotProps: { inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': bad ? 'interval-range-problem' : undefined } },
      sx: { flex: '1 1 150px' },
    };
    return ethiopian ? (
      <EthiopianDayField {...shared} value={value[field]} onChange={(day) => onChange({ ...value, [field]: day })} />
    ) : (
      <TextField {...shared} type="date" value={value[field]} onChange={(e) => onChange({ ...value, [field]: e.target.value })} />
    );
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label={translate('dashboard.period')}
        value={value.period}
        onChange={(e) => onChange({ ...value, period: e.target.value as Period })}
        sx={{ flex: '1 1 100%' }}
        slotProps={{ htmlInput: { 'data-testid': 'period-select' } }}
      >
        {PERIODS.map((p) => <MenuItem key={p} value={p}>{translate(`dashboard.${p}`)}</MenuItem>)}
      </TextField>
      {day('from', 'dashboard.start_date')}
      {day('to', 'dashboard.end_date')}
    </Box>
  );
};

/** The inline message under the controls when the range cannot be asked (no request is sent then). */
export const RangeNotice = ({ problem }: { problem: string }) => {
  const translate = useTranslate();
  return (
    <Alert severity="warning" id="interval-range-problem" data-testid="interval-range-problem">
      {translate(problem)}
    </Alert>
  );
};
