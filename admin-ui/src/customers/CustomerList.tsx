import EditIcon from '@mui/icons-material/Edit';
import { Box, IconButton, Tooltip } from '@mui/material';
import {
  Datagrid, FunctionField, List, SearchInput, TextField, TopToolbar, useRecordContext, useTranslate, type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { can } from '../../../backend/src/common/auth/permissions';
import { LinkButton } from '../common/LinkButton';
import { PageTitle } from '../common/PageTitle';
import { ServerExportButton } from '../common/ServerExportButton';
import { readSession } from '../providers/session';

const EditAction = (_props: { label?: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Tooltip title={translate('customers.edit')}>
      <IconButton size="small" color="primary" aria-label={translate('customers.edit')} component={Link} to={`/customer/add?id=${record.id}`}>
        <EditIcon />
      </IconButton>
    </Tooltip>
  );
};

/**
 * /customers/list (spec 2 Customers): Full name, Company name, Address, Phone Number (+251), Email.
 * Admin gets the search box and Add New Customer (the customer form); sales sees the table without search.
 * Columns but the phone sort on the server by a header click; Export downloads the CSV (issue 13).
 */
export const CustomerList = () => {
  const role = readSession()?.role;
  const isAdmin = role === 'admin';
  return (
    <Box>
      <PageTitle title="customers.list_title" />
      <List
        resource="customers" title=" " perPage={10} exporter={false} empty={false}
        filters={isAdmin ? [<SearchInput key="q" source="q" alwaysOn />] : undefined}
        actions={(
          <TopToolbar>
            {isAdmin && <LinkButton to="/customer/add" label="customers.add" />}
            {can(role, 'customers.read') && <ServerExportButton />}
          </TopToolbar>
        )}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" label="customers.full_name" />
          <TextField source="company" label="customers.company_name" />
          <TextField source="address" label="customers.address" emptyText="-" />
          <FunctionField
            label="customers.phone_number"
            render={(r: RaRecord) => (r.phone_no as string[]).map((p) => <div key={p}>+251{p}</div>)}
          />
          <TextField source="email" label="customers.email" />
          {can(role, 'customers.manage') && <EditAction label="app.actions" />}
        </Datagrid>
      </List>
    </Box>
  );
};
