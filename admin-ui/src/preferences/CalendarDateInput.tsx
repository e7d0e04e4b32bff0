import { DateInput, useInput, useTranslate, type DateInputProps } from 'react-admin';
import { EthiopianDayField } from './EthiopianDayField';
import { useCalendar } from './useCalendar';

/** The day typed in the Ethiopian calendar, bound to the form (or filter form) field `source`. */
const EthiopianDateInput = ({ source, label, validate, disabled }: DateInputProps & { source: string }) => {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, validate, format: (v: unknown) => (typeof v === 'string' ? v : '') });
  return (
    <EthiopianDayField
      name={field.name}
      value={field.value as string}
      onChange={field.onChange}
      onBlur={field.onBlur}
      label={typeof label === 'string' ? translate(label, { _: label }) : label}
      disabled={disabled}
      error={fieldState.invalid}
      variant="filled"
      size="small"
      margin="dense"
    />
  );
};

/**
 * A date input in the user's calendar: react-admin's DateInput (the browser's picker) for
 * Gregorian users; for Ethiopian users a day typed as day/month/year of the Ethiopian calendar
 * (EthiopianDayField), the browser's picker knowing no other calendar. Either way the value is a
 * Gregorian `YYYY-MM-DD`, as the API takes it.
 */
export const CalendarDateInput = (props: DateInputProps & { source: string }) => {
  const calendar = useCalendar();
  return calendar === 'ethiopian' ? <EthiopianDateInput {...props} /> : <DateInput {...props} helperText={false} />;
};
