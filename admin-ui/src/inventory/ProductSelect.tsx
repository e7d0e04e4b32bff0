import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { stockApi, type ProductOption } from './api';
import { DEBOUNCE_MS, useRemote } from './useRemote';

/** A product for the receive modal: what the picker and an inventory row both know. */
export type PickedProduct = Pick<ProductOption, '_id' | 'name' | 'code' | 'quantity'>;

/** Searchable product select (GET /api/products/search, debounced 300 ms): a product may have no stock yet. */
export const ProductSelect = ({ value, onChange }: { value: PickedProduct | null; onChange: (p: PickedProduct | null) => void }) => {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const { data } = useRemote(() => stockApi.products(input.trim()), [input], DEBOUNCE_MS);
  return (
    <Autocomplete<PickedProduct>
      options={data ?? []}
      value={value}
      filterOptions={(o) => o}
      getOptionLabel={(p) => `${p.name} (${p.code})`}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      onChange={(_, p) => onChange(p)}
      onInputChange={(_, text, reason) => reason === 'input' && setInput(text)}
      renderInput={(params) => <TextField {...params} size="small" required label={translate('inventory.product')} />}
    />
  );
};
