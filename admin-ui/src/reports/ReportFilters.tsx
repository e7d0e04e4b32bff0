import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import { reportApi, type Option, type ReportFilter } from './api';

const ALL = 'all';

/** Loads the options of a filter select; failures notify with the server's message. */
function useOptions(load: () => Promise<Option[]>): Option[] {
  const notify = useNotify();
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    load().then(setOptions, (e: unknown) => notify(errorMessage(e), { type: 'error' }));
  }, [load, notify]);
  return options;
}

const FilterSelect = ({ label, allLabel, value, options, onChange, testId }: {
  label: string; allLabel: string; value: string; options: Option[]; onChange: (v: string) => void; testId: string;
}) => (
  <TextField select size="small" fullWidth={false} label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 220 }} inputProps={{ 'data-testid': testId }}>
    <MenuItem value={ALL}>{allLabel}</MenuItem>
    {options.map((o) => <MenuItem key={o._id} value={o._id}>{o.name}</MenuItem>)}
  </TextField>
);

/** Category and warehouse filters (defaults 'All Category', 'All Warehouse') with 'Filter Report' and 'Download Excel'. */
export const ReportFilters = ({ onFilter, onDownload, downloading }: {
  onFilter: (f: ReportFilter) => void;
  onDownload: (f: ReportFilter) => void;
  downloading: boolean;
}) => {
  const translate = useTranslate();
  const categories = useOptions(reportApi.categories);
  const warehouses = useOptions(reportApi.warehouses);
  const [category, setCategory] = useState(ALL);
  const [warehouse, setWarehouse] = useState(ALL);
  const filter = (): ReportFilter => ({
    ...(category !== ALL ? { productCategoryId: category } : {}),
    ...(warehouse !== ALL ? { warehouseId: warehouse } : {}),
  });
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', my: 2 }}>
      <FilterSelect label={translate('report.category')} allLabel={translate('report.all_categories')} value={category} options={categories} onChange={setCategory} testId="report-category" />
      <FilterSelect label={translate('report.warehouse')} allLabel={translate('report.all_warehouses')} value={warehouse} options={warehouses} onChange={setWarehouse} testId="report-warehouse" />
      <Button variant="contained" onClick={() => onFilter(filter())}>{translate('report.filter')}</Button>
      <Button variant="outlined" disabled={downloading} onClick={() => onDownload(filter())}>
        {translate(downloading ? 'report.downloading' : 'report.download')}
      </Button>
    </Box>
  );
};
