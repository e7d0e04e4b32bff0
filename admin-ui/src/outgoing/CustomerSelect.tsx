import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatPhone } from '../common/format';
import { errorMessage } from '../providers/httpClient';
import { outgoingApi, type ListCustomer } from './api';

const DEBOUNCE_MS = 300;

interface CustomerSelectProps {
  value: ListCustomer | null;
  onChange: (c: ListCustomer | null) => void;
  error: boolean;
}

/** The searchable customer select: the server matches name, email, company or phone. */
export const CustomerSelect = ({ value, onChange, error }: CustomerSelectProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<ListCustomer[]>([]);

  useEffect(() => {
    let alive = true;
    const timer = setTimeout(() => {
      outgoingApi.customers(input).then(
        (c) => alive && setOptions(c),
        (e: unknown) => notify(errorMessage(e), { type: 'error' }),
      );
    }, DEBOUNCE_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [input, notify]);

  return (
    <Autocomplete
      options={options}
      value={value}
      filterOptions={(o) => o}
      getOptionLabel={(c) => `${c.name} (${c.email}, ${formatPhone(c.phone_no[0])})`}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      onChange={(_, c) => onChange(c)}
      onInputChange={(_, text, reason) => reason === 'input' && setInput(text)}
      renderInput={(params) => (
        <TextField {...params} label={translate('outgoing.customer_search')} margin="dense" required error={error} helperText={error ? translate('outgoing.required') : ' '} />
      )}
    />
  );
};
