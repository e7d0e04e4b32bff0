import { Box, Chip, useMediaQuery, type Theme } from '@mui/material';
import {
  Datagrid, FilterButton, FunctionField, List, SearchInput, SimpleList, TextField, TopToolbar, useRecordContext,
  useTranslate, type RaRecord,
} from 'react-admin';
import { can } from '@inventory/common';
import { formatPhone } from '../common/format';
import { EditLink, LinkButton } from '../common/LinkButton';
import { ListPagination } from '../common/ListPagination';
import { PageTitle } from '../common/PageTitle';
import { ServerExportButton } from '../common/ServerExportButton';
import { usePhoneFilters } from '../common/usePhoneFilters';
import { readSession } from '../providers/session';

const EditAction = (_props: { label?: string }) => {
  const record = useRecordContext();
  return record ? <EditLink to={`/customer/add?id=${record.id}`} label="customers.edit" /> : null;
};

/** The name, with an "Incomplete" chip for a customer lacking a phone or an email (imported). */
const NameWithFlag = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {String(record.name ?? '')}
      {record.incomplete === true && <Chip size="small" color="warning" variant="outlined" label={translate('customers.incomplete')} data-testid="customer-incomplete" />}
    </Box>
  );
};

/** Every phone number of the customer as "+251 9XX XXX XXX", one a line. */
const phones = (r: RaRecord) => ((r.phone_no as string[] | undefined) ?? []).map((p) => <div key={p}>{formatPhone(p)}</div>);

/** Below 600 px: one item per customer (name and company, then phones and email; Edit on the right). */
const PhoneCustomerList = ({ manager }: { manager: boolean }) => (
  <SimpleList
    rowClick={false}
    primaryText={(r: RaRecord) => <><NameWithFlag record={r} />{` · ${r.company}`}</>}
    secondaryText={(r: RaRecord) => <>{phones(r)}{r.email}</>}
    rightIcon={manager ? () => <EditAction /> : undefined}
  />
);

/**
 * /customers/list: Full name, Company name, Address, Phone Number, Email, and
 * the optional TIN.
 * Admin and sales search (sales gets the search box too); admin has Add New Customer.
 * Columns but the phone sort on the server by a header click; Export and Excel download the
 * server's file for the search and sort; filters in the URL only, so the menu opens the default view.
 */
export const CustomerList = () => {
  const translate = useTranslate();
  const role = readSession()?.role;
  const manager = can(role, 'customers.manage');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = usePhoneFilters([<SearchInput key="q" source="q" alwaysOn />]);
  return (
    <Box>
      <PageTitle title="customers.list_title" />
      <List
        resource="customers" title=" " perPage={10} debounce={300} storeKey={false} exporter={false} empty={false} pagination={<ListPagination />}
        sort={{ field: 'createdAt', order: 'DESC' }}
        filters={filters}
        actions={(
          <TopToolbar sx={{ flexWrap: 'wrap' }}>
            {phone && <FilterButton disableSaveQuery />}
            {role === 'admin' && <LinkButton to="/customer/add" label="customers.add" />}
            <ServerExportButton />
          </TopToolbar>
        )}
      >
        {phone ? <PhoneCustomerList manager={manager} /> : (
          <Datagrid bulkActionButtons={false} rowClick={false} aria-label={translate('customers.list_title')}>
            <FunctionField source="name" label="customers.full_name" render={(r: RaRecord) => <NameWithFlag record={r} />} />
            <TextField source="company" label="customers.company_name" />
            <TextField source="address" label="customers.address" emptyText="–" />
            <FunctionField label="customers.phone_number" render={phones} />
            <TextField source="email" label="customers.email" />
            <TextField source="tin" label="customers.tin" emptyText="–" sortable={false} />
            {manager && <EditAction label="app.actions" />}
          </Datagrid>
        )}
      </List>
    </Box>
  );
};
