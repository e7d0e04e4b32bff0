import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
  Datagrid, FilterButton, List, SimpleList, TextField, TopToolbar, useTranslate, type RaRecord,
} from 'react-admin';
import { can } from '@inventory/common';
import { LinkButton, SoftRemoveActions } from '../common/LinkButton';
import { PageTitle } from '../common/PageTitle';
import { ServerExportButton } from '../common/ServerExportButton';
import { ACTIVE_FILTER, StatusFilter } from '../common/StatusFilter';
import { usePhoneFilters } from '../common/usePhoneFilters';
import { readSession } from '../providers/session';

/** Admin row actions: edit and delete on active rows, restore on removed rows. */
const WarehouseActions = (_props: { label?: string }) => (
  <SoftRemoveActions resource="warehouses" messages="warehouses" restore="restore" editPath={(id) => `/addWarehouse/${id}`} />
);

/**
 * /viewWarehouse: 'List of Warehouse'; admins get actions, the Active/Removed filter and
 * 'Add Warehouse'. The API answers the whole list: the dataProvider sorts it by a header click and
 * pages it on the client; below 600 px one item per warehouse and the filter behind Filters.
 * Export and Excel download the server's file of the active warehouses (GET /api/warehouses/export).
 */
export const WarehouseList = () => {
  const translate = useTranslate();
  const isAdmin = can(readSession()?.role, 'warehouses.manage');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = usePhoneFilters(isAdmin ? [<StatusFilter key="status" source="status" alwaysOn />] : []);
  return (
    <Box>
      <PageTitle title="warehouses.list_title" />
      <List
        resource="warehouses" title=" " perPage={10} storeKey={false} filters={isAdmin ? filters : undefined}
        actions={(
          <TopToolbar sx={{ flexWrap: 'wrap' }}>
            {isAdmin && phone && <FilterButton disableSaveQuery />}
            {isAdmin && <LinkButton to="/addWarehouse" label="warehouses.add" />}
            <ServerExportButton />
          </TopToolbar>
        )}
        empty={false} filterDefaultValues={ACTIVE_FILTER} exporter={false} sort={{ field: 'name', order: 'ASC' }}
      >
        {phone ? (
          <SimpleList
            rowClick={false} primaryText={(w: RaRecord) => w.name} secondaryText={(w: RaRecord) => w.address}
            rightIcon={isAdmin ? () => <WarehouseActions /> : undefined}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false} aria-label={translate('warehouses.list_title')}>
            <TextField source="name" label="warehouses.name" />
            <TextField source="address" label="warehouses.address" />
            {isAdmin && <WarehouseActions label="app.actions" />}
          </Datagrid>
        )}
      </List>
    </Box>
  );
};
