import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RestoreIcon from '@mui/icons-material/Restore';
import { Box, IconButton, Tooltip } from '@mui/material';
import { Datagrid, List, TextField, TopToolbar, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { can } from '../../../backend/src/common/auth/permissions';
import { ConfirmButton } from '../common/ConfirmButton';
import { LinkButton } from '../common/LinkButton';
import { PageTitle } from '../common/PageTitle';
import { ACTIVE_FILTER, StatusFilter } from '../common/StatusFilter';
import { readSession } from '../providers/session';
import { useAppDataProvider } from '../providers/useAppDataProvider';

/** Admin row actions (spec 2 Warehouse screens): edit and delete on active rows, restore on removed rows. */
const WarehouseActions = (_props: { label?: string }) => {
  const record = useRecordContext();
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const dp = useAppDataProvider();
  if (!record) return null;
  const id = record.id;
  if (filterValues?.status === 'removed') {
    return (
      <ConfirmButton
        label="warehouses.restore" icon={<RestoreIcon />} color="success"
        question="warehouses.confirm_activate" success="warehouses.activated"
        run={() => dp.activate('warehouses', { id })}
      />
    );
  }
  return (
    <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
      <Tooltip title={translate('warehouses.edit')}>
        <IconButton size="small" color="primary" aria-label={translate('warehouses.edit')} component={Link} to={`/addWarehouse/${id}`}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      <ConfirmButton
        label="warehouses.delete" icon={<DeleteIcon />} color="error"
        question="warehouses.confirm_delete" success="warehouses.deleted"
        run={() => dp.delete('warehouses', { id })}
      />
    </Box>
  );
};

/** /viewWarehouse: 'List of Warehouse'; admins get actions, the Active/Removed filter and 'Add Warehouse'. */
export const WarehouseList = () => {
  const isAdmin = can(readSession()?.role, 'warehouses.manage');
  return (
    <Box>
      <PageTitle title="warehouses.list_title" />
      <List
        resource="warehouses"
        title=" "
        perPage={10}
        filters={isAdmin ? [<StatusFilter key="status" source="status" alwaysOn />] : undefined}
        actions={<TopToolbar>{isAdmin && <LinkButton to="/addWarehouse" label="warehouses.add" />}</TopToolbar>}
        empty={false}
        filterDefaultValues={ACTIVE_FILTER}
        exporter={false}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" label="warehouses.name" />
          <TextField source="address" label="warehouses.address" />
          {isAdmin && <WarehouseActions label="app.actions" />}
        </Datagrid>
      </List>
    </Box>
  );
};
