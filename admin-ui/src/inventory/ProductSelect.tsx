import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { useDebounced } from '../dashboard/useDebounced';
import { DEBOUNCE_MS } from './listParts';

/** A product for the receive modal: what the picker and an inventory row both know. */
export interface PickedProduct {
  _id: string;
  name: string;
  code: string;
  /** Its units of measure. */
  quantity: string[];
}

/**
 * Searchable product select of the receive modal: the `products` resource (GET /api/products?query,
 * first 20 matches), searched 300 ms after the last keystroke; a product may have no stock yet.
 */
export const ProductSelect = ({ value, onChange }: { value: PickedProduct | null; onChange: (p: PickedProduct | null) => void }) => {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const query = useDebounced(input.trim(), DEBOUNCE_MS);
  const { data } = useGetList<PickedProduct & { id: string }>('products', { filter: query ? { q: query } : {}, pagination: { page: 1, perPage: 20 } });
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
