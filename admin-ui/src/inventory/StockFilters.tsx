import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

type Named = { _id: string; name: string };

/** The filter values of the Outgoing Inventory screen ('' = not chosen). */
export interface StockFilterValues {
  warehouseId: string;
  categoryId: string;
  query: string;
}

interface StockFiltersProps {
  values: StockFilterValues;
  onChange: (values: StockFilterValues) => void;
  warehouses: Named[];
  categories: Named[];
  /** The user's own warehouse: the warehouse filter is fixed to it and disabled. */
  fixedWarehouse: boolean;
}

const Select = ({ label, value, options, disabled, allLabel, onChange }: {
  label: string; value: string; options: Named[]; disabled?: boolean; allLabel?: string; onChange: (v: string) => void;
}) => (
  <TextField select size="small" sx={{ width: 220 }} label={label} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
    {allLabel !== undefined && <MenuItem value="">{allLabel}</MenuItem>}
    {options.map((o) => <MenuItem key={o._id} value={o._id}>{o.name}</MenuItem>)}
  </TextField>
);

/** Warehouse (fixed for users with one), product category and product name (spec 2 Outgoing Inventory). */
export const StockFilters = ({ values, onChange, warehouses, categories, fixedWarehouse }: StockFiltersProps) => {
  const translate = useTranslate();
  const set = (patch: Partial<StockFilterValues>) => onChange({ ...values, ...patch });
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Select
        label={translate('inventory.warehouse')} value={values.warehouseId} disabled={fixedWarehouse}
        options={warehouses} onChange={(warehouseId) => set({ warehouseId })}
      />
      <Select
        label={translate('inventory.category')} value={values.categoryId} allLabel={translate('inventory.all')}
        options={categories} onChange={(categoryId) => set({ categoryId })}
      />
      <TextField size="small" sx={{ width: 260 }} label={translate('inventory.product_search')} value={values.query} onChange={(e) => set({ query: e.target.value })} />
    </Box>
  );
};
