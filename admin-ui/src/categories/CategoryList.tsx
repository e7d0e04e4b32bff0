import { Box, Chip, MenuItem, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid, FunctionField, ListContextProvider, Pagination, ResourceContextProvider, SimpleList, TextField as NameField,
  useList, useTranslate, type RaRecord,
} from 'react-admin';
import { can } from '@inventory/common';
import { LinkButton, SoftRemoveActions } from '../common/LinkButton';
import { PageTitle } from '../common/PageTitle';
import { ServerExportButton } from '../common/ServerExportButton';
import { readSession } from '../providers/session';
import { useCategories, type Category } from './useCategories';

type Status = 'active' | 'removed';

const chips = (c: RaRecord) => (c as RaRecord & Category).specifications.map((s) => <Chip key={s} label={s} size="small" sx={{ mr: 0.5 }} />);
const units = (c: RaRecord) => (c as RaRecord & Category).quantity_measurement.join(', ');

/**
 * /viewCategory: 'List of Categories'. The API answers the whole list (the removed one as
 * `{categories}`), so react-admin's client-side list (useList) sorts by a header click and pages it
 *; below 600 px one item per category. warehouseAdmin gets the status dropdown, Add
 * Category and row actions. Export and Excel (active categories) download the server's file
 * (GET /api/productCategories/export).
 */
export const CategoryList = () => {
  const translate = useTranslate();
  const manager = can(readSession()?.role, 'categories.manage');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [status, setStatus] = useState<Status>('active');
  const { rows, reload } = useCategories(status);
  const list = useList({
    data: rows?.map((c) => ({ ...c, id: c._id })), isPending: !rows, resource: 'categories', perPage: 10,
    sort: { field: 'name', order: 'ASC' },
  });
  /** warehouseAdmin row actions: edit and delete on active rows, Undo on removed rows; the list reloads after. */
  const actions = (label?: string) => (
    <SoftRemoveActions
      resource="categories" messages="categories" restore="undo" editPath={(id) => `/addCategory/${id}`}
      removed={status === 'removed'} onChanged={reload} label={label}
    />
  );
  return (
    <Box>
      <PageTitle title="categories.list_title" />
      {manager && (
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select size="small" label={translate('app.status')} value={status} sx={{ minWidth: 160 }}
            onChange={(e) => setStatus(e.target.value as Status)}
          >
            <MenuItem value="active">{translate('app.active')}</MenuItem>
            <MenuItem value="removed">{translate('app.removed')}</MenuItem>
          </TextField>
          <LinkButton to="/addCategory" label="categories.add" />
        </Stack>
      )}
      <ResourceContextProvider value="categories">
        <ListContextProvider value={list}>
          {status === 'active' && <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}><ServerExportButton /></Stack>}
          {phone ? (
            <SimpleList
              rowClick={false} primaryText={(c: RaRecord) => c.name}
              secondaryText={(c: RaRecord) => `${(c as RaRecord & Category).specifications.join(', ')} · ${units(c)}`}
              rightIcon={manager ? () => actions() : undefined}
            />
          ) : (
            <Datagrid bulkActionButtons={false} rowClick={false} aria-label={translate('categories.list_title')}
              empty={<Typography variant="body2" sx={{ p: 2 }}>{translate('categories.empty')}</Typography>}>
              <NameField source="name" label="categories.name" />
              <FunctionField label="categories.specifications" render={chips} />
              <FunctionField label="categories.quantity_measurement" render={units} />
              {manager && actions('app.actions')}
            </Datagrid>
          )}
          <Pagination />
        </ListContextProvider>
      </ResourceContextProvider>
    </Box>
  );
};
