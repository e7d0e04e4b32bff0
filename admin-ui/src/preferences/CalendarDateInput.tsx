import { Box, FormHelperText } from '@mui/material';
import { DateInput, useTranslate, type DateInputProps } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatEthiopianDay } from '../common/format';
import { useCalendar } from './useCalendar';

/**
 * The hint under a (Gregorian) date picker: the picked day in the Ethiopian calendar when that is the
 * user's calendar (issue 18); nothing otherwise.
 */
export function useEthiopianHint(day: string | null | undefined): string | false {
  const translate = useTranslate();
  const calendar = useCalendar();
  return calendar === 'ethiopian' && day ? translate('account.ethiopian_date', { date: formatEthiopianDay(day) }) : false;
}

/**
 * react-admin's DateInput (the browser's Gregorian picker) with the Ethiopian date under it when the
 * user's calendar is Ethiopian (issue 18). The hint is a caption of its own, not the input's helper
 * text: react-admin's filter forms blank every filter input's helper text.
 */
export const CalendarDateInput = (props: DateInputProps & { source: string }) => {
  const value = useWatch({ name: props.source }) as string | undefined;
  const hint = useEthiopianHint(value);
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      <DateInput {...props} helperText={false} />
      {hint && <FormHelperText sx={{ mx: 1.75, mt: 0 }}>{hint}</FormHelperText>}
    </Box>
  );
};
