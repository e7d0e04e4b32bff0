import { Button } from '@mui/material';
import type { ReactElement } from 'react';
import { SelectArrayInput, SelectInput, TextInput, useListContext, useTranslate } from 'react-admin';
import { categoryFilter, warehouseFilter } from '../inventory/StockFilters';
import { TRANSACTION_KINDS } from './api';
import { CalendarDateInput } from '../preferences/CalendarDateInput';

const TYPES = [
  { id: 'incoming', name: 'transactions.incoming' },
  { id: 'outgoing', name: 'transactions.outgoing' },
];
/** The kinds of rows: receipt, issue, list receipt, delivery, customer return, reversal, and adjustment. */
const KINDS = TRANSACTION_KINDS.map((id) => ({ id, name: `transactions.kinds.${id}` }));
const DATES: [string, string][] = [['specificDate', 'specific_date'], ['startDate', 'start_date'], ['endDate', 'end_date']];
const SEARCHES: [string, string][] = [
  ['grnSearchQuery', 'grn_search'], ['ginSearchQuery', 'gin_search'], ['customerSearchQuery', 'customer_search'], ['productSearchQuery', 'product_search'],
];

/**
 * Every filter of spec 2 Transaction Range as react-admin filter inputs (sources = the search body's
 * fields; `startDate` + `endDate` make the date range): warehouse (fixed to `own` for users tied to
 * one), category, type, kind (one or several), specific date, date range, GRN, GIN,
 * customer and product searches.
 */
export const transactionFilters = (own: string | null): ReactElement[] => [
  warehouseFilter(own, 'transactions.warehouse', 'transactions.all'),
  categoryFilter('transactions.category', 'transactions.all'),
  <SelectInput key="transactionType" source="transactionType" label="transactions.type" choices={TYPES} emptyText="transactions.all" helperText={false} sx={{ minWidth: 200 }} alwaysOn />,
  <SelectArrayInput key="kind" source="kind" label="transactions.kind" choices={KINDS} helperText={false} sx={{ minWidth: 200 }} alwaysOn />,
  ...DATES.map(([source, label]) => <CalendarDateInput key={source} source={source} label={`transactions.${label}`} alwaysOn />),
  ...SEARCHES.map(([source, label]) => <TextInput key={source} source={source} label={`transactions.${label}`} helperText={false} alwaysOn />),
];

/** 'Reset Filters': every filter back to blank (a user's own warehouse stays, as the list's permanent filter). */
export const ResetFiltersButton = () => {
  const translate = useTranslate();
  const { setFilters } = useListContext();
  return <Button variant="outlined" size="small" onClick={() => setFilters({}, {})}>{translate('transactions.reset')}</Button>;
};
