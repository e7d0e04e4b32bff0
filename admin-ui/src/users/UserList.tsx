import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
  Datagrid, FilterButton, FunctionField, List, SearchInput, SimpleList, TopToolbar, useTranslate, type RaRecord,
} from 'react-admin';
import { can } from '@inventory/common';
import { HighlightField } from '../common/Highlight';
import { LinkButton } from '../common/LinkButton';
import { ListPagination } from '../common/ListPagination';
import { PageTitle } from '../common/PageTitle';
import { ServerExportButton } from '../common/ServerExportButton';
import { ACTIVE_FILTER, StatusFilter } from '../common/StatusFilter';
import { usePhoneFilters } from '../common/usePhoneFilters';
import { readSession } from '../providers/session';
import { UserActions } from './UserActions';

/** The role's display name. `source` and `label` are read by the Datagrid header (click to sort). */
const RoleField = (_props: { label: string; source: string }) => {
  const translate = useTranslate();
  return <FunctionField render={(r: RaRecord) => translate(`roles.${r.role}`, { _: r.role })} />;
};

const WarehouseField = (_props: { label: string; source: string }) => {
  const translate = useTranslate();
  return <FunctionField render={(r: RaRecord) => (r.role === 'admin' ? translate('users.admin_warehouse') : (r.warehouse_name ?? ''))} />;
};

/** Below 600 px: one item per staff member (name, role and contacts; the admin's row actions on the right). */
const PhoneStaffList = ({ isAdmin }: { isAdmin: boolean }) => (
  <SimpleList
    rowClick={false}
    primaryText={<><HighlightField source="first_name" /> <HighlightField source="last_name" /> · <RoleField label="" source="role" /></>}
    secondaryText={<><HighlightField source="phone" phone /><br /><HighlightField source="email" /></>}
    rightIcon={isAdmin ? () => <UserActions /> : undefined}
  />
);

/**
 * /viewUser: 'List of Staff members', columns and actions per role. Header
 * clicks sort on the server, Export and Excel download the server's file, filters collapse behind
 * Filters below 600 px. The filters live in the URL only (`storeKey={false}`), so the
 * menu's View Users opens the default view (Active, no search).
 */
export const UserList = () => {
  const translate = useTranslate();
  const role = readSession()?.role;
  const isAdmin = can(role, 'staff.manage');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const search = <SearchInput key="q" source="q" alwaysOn />;
  const filters = usePhoneFilters(isAdmin ? [search, <StatusFilter key="status" source="status" alwaysOn />] : [search]);
  return (
    <Box>
      <PageTitle title="users.list_title" />
      <List
        resource="users" title=" " perPage={10} debounce={300} storeKey={false} filters={filters} pagination={<ListPagination />}
        actions={(
          <TopToolbar sx={{ flexWrap: 'wrap' }}>
            {phone && <FilterButton disableSaveQuery />}
            {isAdmin && <LinkButton to="/userRegistration" label="users.add" />}
            <ServerExportButton />
          </TopToolbar>
        )}
        empty={false} filterDefaultValues={ACTIVE_FILTER} exporter={false} sort={{ field: 'createdAt', order: 'DESC' }}
      >
        {phone ? <PhoneStaffList isAdmin={isAdmin} /> : (
          <Datagrid bulkActionButtons={false} rowClick={false} aria-label={translate('users.list_title')}>
            <HighlightField source="first_name" label="users.first_name" />
            <HighlightField source="last_name" label={isAdmin ? 'users.last_name' : 'users.last_name_plain'} />
            <RoleField source="role" label="users.role" />
            <HighlightField source="phone" phone label="users.phone" />
            <HighlightField source="email" label="users.email" />
            {isAdmin && <WarehouseField source="warehouse_name" label="users.warehouse" />}
            {isAdmin && <UserActions label="app.actions" />}
          </Datagrid>
        )}
      </List>
    </Box>
  );
};
