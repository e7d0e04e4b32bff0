import { Box, TextField, Typography, type TextFieldProps } from '@mui/material';
import { formatEthiopianInput, parseEthiopianInput, toEthiopianDay } from '@inventory/common';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

/** A UTC day (`YYYY-MM-DD`) as the Ethiopian input shows it (`23/05/2018`); '' for none. */
const shown = (value: string | null | undefined): string => {
  const day = value ? toEthiopianDay(value.slice(0, 10)) : undefined;
  return day ? formatEthiopianInput(day) : '';
};

/** Props of {@link EthiopianDayField}: MUI's TextField's, with the day as `YYYY-MM-DD` ('' for none). */
export type EthiopianDayFieldProps = Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: string | null | undefined;
  onChange: (day: string) => void;
};

/**
 * A day typed in the Ethiopian calendar, day/month/year (`23/05/2018`; `.` or `-` between, an era
 * after it is allowed): the browser's date picker only knows the Gregorian calendar. The value stays
 * a Gregorian UTC day (`YYYY-MM-DD`, as the API takes it), converted through Intl's Ethiopic calendar.
 * A text that is not yet a day is kept on screen and marked, and changes nothing; emptied, it clears.
 */
export const EthiopianDayField = ({ value, onChange, sx, ...props }: EthiopianDayFieldProps) => {
  const translate = useTranslate();
  const [text, setText] = useState(() => shown(value));
  // a value set from outside (a cleared filter, another control) replaces what was typed
  useEffect(() => {
    setText((typed) => ((parseEthiopianInput(typed) ?? '') === (value ?? '') ? typed : shown(value)));
  }, [value]);
  const invalid = text.trim() !== '' && parseEthiopianInput(text) === undefined;
  // the message is a caption of its own, not a helper text: react-admin's filter forms hide those
  return (
    <Box sx={[{ display: 'inline-flex', flexDirection: 'column' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <TextField
        {...props}
        value={text}
        error={invalid || props.error}
        placeholder={translate('account.ethiopian_format')}
        onChange={(e) => {
          setText(e.target.value);
          const day = parseEthiopianInput(e.target.value);
          if (!e.target.value.trim()) onChange('');
          else if (day) onChange(day);
        }}
        slotProps={{ ...props.slotProps, inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', 'data-calendar': 'ethiopian', ...(props.slotProps?.htmlInput as object) } }}
      />
      {invalid && (
        <Typography variant="caption" color="error" role="status" sx={{ mx: 1.75 }}>
          {translate('account.ethiopian_invalid')}
        </Typography>
      )}
    </Box>
  );
};
