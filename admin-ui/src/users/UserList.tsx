import { Box } from '@mui/material';
import { Datagrid, FunctionField, List, SearchInput, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { can } from '../../../backend/src/common/auth/permissions';
import { HighlightField } from '../common/Highlight';
import { LinkButton } from '../common/LinkButton';
import { PageTitle } from '../common/PageTitle';
import { ServerExportButton } from '../common/ServerExportButton';
import { ACTIVE_FILTER, StatusFilter } from '../common/StatusFilter';
import { readSession } from '../providers/session';
import { UserActions } from './UserActions';

const adminFilters = [<SearchInput key="q" source="q" alwaysOn />, <StatusFilter key="status" source="status" alwaysOn />];

/** `source` and `sortBy` are read by the Datagrid header (click to sort, issue 13). */
const RoleField = (_props: { label: string; source: string }) => {
  const translate = useTranslate();
  return <FunctionField render={(r: RaRecord) => translate(`roles.${r.role}`, { _: r.role })} />;
};

const WarehouseField = (_props: { label: string; source: string }) => {
  const translate = useTranslate();
  return <FunctionField render={(r: RaRecord) => (r.role === 'admin' ? translate('users.admin_warehouse') : (r.warehouse_name ?? ''))} />;
};

/** /viewUser: 'List of Staff members' (spec 2 Staff screens), columns and actions per role; header clicks sort on the server, Export downloads the CSV (issue 13). */
export const UserList = () => {
  const role = readSession()?.role;
  const isAdmin = can(role, 'staff.manage');
  return (
    <Box>
      <PageTitle title="users.list_title" />
      <List
        resource="users"
        title=" "
        perPage={10}
        filters={isAdmin ? adminFilters : [<SearchInput key="q" source="q" alwaysOn />]}
        actions={(
          <TopToolbar>
            {isAdmin && <LinkButton to="/userRegistration" label="users.add" />}
            {can(role, 'staff.read') && <ServerExportButton />}
          </TopToolbar>
        )}
        empty={false}
        filterDefaultValues={ACTIVE_FILTER}
        exporter={false}
        sort={{ field: 'createdAt', order: 'DESC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <HighlightField source="first_name" label="users.first_name" />
          <HighlightField source="last_name" label={isAdmin ? 'users.last_name' : 'users.last_name_plain'} />
          <RoleField source="role" label="users.role" />
          <HighlightField source="phone" prefix="+251 " label="users.phone" />
          <HighlightField source="email" label="users.email" />
          {isAdmin && <WarehouseField source="warehouse_name" label="users.warehouse" />}
          {isAdmin && <UserActions label="app.actions" />}
        </Datagrid>
      </List>
    </Box>
  );
};
