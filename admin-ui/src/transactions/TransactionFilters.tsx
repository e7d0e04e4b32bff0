import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TransactionFilterValues } from './api';

type Named = { _id: string; name: string };

interface TransactionFiltersProps {
  values: TransactionFilterValues;
  onChange: (values: TransactionFilterValues) => void;
  onReset: () => void;
  warehouses: Named[];
  categories: Named[];
  /** Users tied to a warehouse: the warehouse filter is fixed to theirs. */
  fixedWarehouse: boolean;
}

type Key = keyof TransactionFilterValues;
const DATES: [Key, string][] = [['specificDate', 'specific_date'], ['startDate', 'start_date'], ['endDate', 'end_date']];
const SEARCHES: [Key, string][] = [
  ['grnSearchQuery', 'grn_search'], ['ginSearchQuery', 'gin_search'], ['customerSearchQuery', 'customer_search'], ['productSearchQuery', 'product_search'],
];

/** Every filter of spec 2 Transaction Range, and 'Reset Filters'. */
export const TransactionFilters = ({ values, onChange, onReset, warehouses, categories, fixedWarehouse }: TransactionFiltersProps) => {
  const translate = useTranslate();
  const t = (k: string) => translate(`transactions.${k}`);
  const field = (key: Key) => ({ value: values[key], onChange: (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value }) });
  const select = (key: Key, label: string, options: Named[], disabled = false) => (
    <TextField select size="small" sx={{ width: 200 }} label={t(label)} disabled={disabled} {...field(key)}>
      <MenuItem value="">{t('all')}</MenuItem>
      {options.map((o) => <MenuItem key={o._id} value={o._id}>{o.name}</MenuItem>)}
    </TextField>
  );
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
      {select('warehouseId', 'warehouse', warehouses, fixedWarehouse)}
      {select('categoryId', 'category', categories)}
      {select('transactionType', 'type', [{ _id: 'incoming', name: t('incoming') }, { _id: 'outgoing', name: t('outgoing') }])}
      {DATES.map(([key, label]) => (
        <TextField key={key} size="small" type="date" sx={{ width: 170 }} label={t(label)} slotProps={{ inputLabel: { shrink: true } }} {...field(key)} />
      ))}
      {SEARCHES.map(([key, label]) => <TextField key={key} size="small" sx={{ width: 180 }} label={t(label)} {...field(key)} />)}
      <Button variant="outlined" onClick={onReset}>{t('reset')}</Button>
    </Box>
  );
};
