import { Box } from '@mui/material';
import { Datagrid, FunctionField, List, SearchInput, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { can } from '../../../backend/src/common/auth/permissions';
import { HighlightField } from '../common/Highlight';
import { LinkButton } from '../common/LinkButton';
import { PageTitle } from '../common/PageTitle';
import { ACTIVE_FILTER, StatusFilter } from '../common/StatusFilter';
import { readSession } from '../providers/session';
import { UserActions } from './UserActions';

const adminFilters = [<SearchInput key="q" source="q" alwaysOn />, <StatusFilter key="status" source="status" alwaysOn />];

const RoleField = (_props: { label: string }) => {
  const translate = useTranslate();
  return <FunctionField render={(r: RaRecord) => translate(`roles.${r.role}`, { _: r.role })} />;
};

const WarehouseField = (_props: { label: string }) => {
  const translate = useTranslate();
  return <FunctionField render={(r: RaRecord) => (r.role === 'admin' ? translate('users.admin_warehouse') : (r.warehouse_name ?? ''))} />;
};

/** /viewUser: 'List of Staff members' (spec 2 Staff screens), columns and actions per role. */
export const UserList = () => {
  const isAdmin = can(readSession()?.role, 'staff.manage');
  return (
    <Box>
      <PageTitle title="users.list_title" />
      <List
        resource="users"
        title=" "
        perPage={10}
        filters={isAdmin ? adminFilters : [<SearchInput key="q" source="q" alwaysOn />]}
        actions={<TopToolbar>{isAdmin && <LinkButton to="/userRegistration" label="users.add" />}</TopToolbar>}
        empty={false}
        filterDefaultValues={ACTIVE_FILTER}
        exporter={false}
        sort={{ field: 'createdAt', order: 'DESC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <HighlightField sortable={false} source="first_name" label="users.first_name" />
          <HighlightField sortable={false} source="last_name" label={isAdmin ? 'users.last_name' : 'users.last_name_plain'} />
          <RoleField label="users.role" />
          <HighlightField sortable={false} source="phone" prefix="+251 " label="users.phone" />
          <HighlightField sortable={false} source="email" label="users.email" />
          {isAdmin && <WarehouseField label="users.warehouse" />}
          {isAdmin && <UserActions label="app.actions" />}
        </Datagrid>
      </List>
    </Box>
  );
};
