import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { IMPORT_NEEDS_WAREHOUSE, type ImportKind } from '@inventory/common';
import { errorMessage } from '../providers/httpClient';
import { importsApi } from './api';

interface ImportSettingsProps {
  kinds: readonly ImportKind[];
  kind: ImportKind;
  warehouse: string;
  /** The user's own warehouse (a warehouseAdmin): the warehouse is fixed to it. */
  ownWarehouse: string | null;
  disabled?: boolean;
  onKind: (kind: ImportKind) => void;
  onWarehouse: (warehouse: string) => void;
}

/** The kind select (only the kinds the role may import), the warehouse select when the kind needs one, and the template downloads. */
export const ImportSettings = ({ kinds, kind, warehouse, ownWarehouse, disabled, onKind, onWarehouse }: ImportSettingsProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const needsWarehouse = IMPORT_NEEDS_WAREHOUSE.includes(kind);
  const { data: warehouses = [] } = useGetList('warehouses', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } }, { enabled: needsWarehouse });
  const choices = ownWarehouse ? warehouses.filter((w) => w.id === ownWarehouse) : warehouses;
  const template = (format: 'xlsx' | 'csv') => importsApi.template(kind, format).catch((e: unknown) => notify(errorMessage(e), { type: 'error' }));
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField select fullWidth={false} size="small" label={translate('imports.kind')} value={kind} disabled={disabled} sx={{ minWidth: 200 }} onChange={(e) => onKind(e.target.value as ImportKind)}>
        {kinds.map((k) => <MenuItem key={k} value={k}>{translate(`imports.kinds.${k}`)}</MenuItem>)}
      </TextField>
      {needsWarehouse && (
        <TextField
          select fullWidth={false} size="small" label={translate('imports.warehouse')} value={choices.some((w) => w.id === warehouse) ? warehouse : ''}
          disabled={disabled || !!ownWarehouse} required sx={{ minWidth: 200 }} onChange={(e) => onWarehouse(e.target.value)}
        >
          {choices.map((w) => <MenuItem key={w.id} value={String(w.id)}>{String(w.name)}</MenuItem>)}
        </TextField>
      )}
      <Button size="small" variant="outlined" onClick={() => void template('xlsx')}>{translate('imports.template_xlsx')}</Button>
      <Button size="small" variant="outlined" onClick={() => void template('csv')}>{translate('imports.template_csv')}</Button>
    </Box>
  );
};
