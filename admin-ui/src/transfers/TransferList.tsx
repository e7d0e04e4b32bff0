import AddIcon from '@mui/icons-material/Add';
import { Box, Button, useMediaQuery, type Theme } from '@mui/material';
import { useState, type ReactElement } from 'react';
import { DataTable, FilterButton, List, ReferenceInput, SearchInput, SelectInput, SimpleList, TopToolbar, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { can } from '@inventory/common';
import { formatDateTime } from '../common/format';
import { PageTitle } from '../common/PageTitle';
import { ServerExportButton } from '../common/ServerExportButton';
import { useOpenDetail } from '../common/useOpenDetail';
import { usePhoneFilters } from '../common/usePhoneFilters';
import { LIST_SX } from '../incoming/WorkflowListParts';
import { DEBOUNCE_MS, LIST_PAGINATION, NoRows } from '../inventory/listParts';
import { bodyWithRowTestId } from '../inventory/rowTestId';
import { readSession } from '../providers/session';
import { TRANSFER_STATUSES, TRANSFERS_PATH, type TransferRecord } from './api';
import { CreateTransferDialog } from './CreateTransferDialog';

const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;
const TransferBody = bodyWithRowTestId('transfer-row');
const STATUS_CHOICES = TRANSFER_STATUSES.map((id) => ({ id, name: `transfers.statuses.${id}` }));

/** TRN search, status and warehouse (from or to) filters, in the URL; behind Filters below 600 px. */
function useTransferFilters(): ReactElement[] {
  const translate = useTranslate();
  const ownWarehouse = !!readSession()?.warehouse;
  return usePhoneFilters([
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('transfers.search')} />,
    <SelectInput key="status" source="status" label="transfers.status" choices={STATUS_CHOICES} emptyText="transfers.all" helperText={false} sx={{ minWidth: 180 }} alwaysOn />,
    ...(ownWarehouse
      ? []
      : [
          <ReferenceInput key="warehouse" source="warehouse" reference="warehouses" perPage={100} sort={{ field: 'name', order: 'ASC' }} alwaysOn>
            <SelectInput optionText="name" label="transfers.warehouse" emptyText="transfers.all" helperText={false} sx={{ minWidth: 180 }} />
          </ReferenceInput>,
        ]),
  ]);
}


/** TRN, From, To, Status, Lines, Created, Latest remark; TRN, status and date sort on the server; a SimpleList below 600 px. */
const TransferTable = () => {
  const translate = useTranslate();
  const open = useOpenDetail(TRANSFERS_PATH);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const status = (t: TransferRecord) => translate(`transfers.statuses.${t.status}`);
  const empty = <NoRows message="transfers.no_rows" />;
  if (phone) {
    return (
      <SimpleList<TransferRecord>
        primaryText={(t) => `${t.trn} · ${status(t)}`}
        secondaryText={(t) => `${t.from_warehouse.name} → ${t.to_warehouse.name}`}
        tertiaryText={(t) => formatDateTime(t.createdAt)}
        rowClick={open}
        empty={empty}
      />
    );
  }
  return (
    <DataTable bulkActionButtons={false} rowClick={open} body={TransferBody} empty={empty} aria-label={translate('transfers.list_title')}>
      <DataTable.Col source="trn" label="transfers.trn" />
      <DataTable.Col label="transfers.from" render={(t: TransferRecord) => t.from_warehouse.name} />
      <DataTable.Col label="transfers.to" render={(t: TransferRecord) => t.to_warehouse.name} />
      <DataTable.Col source="status" label="transfers.status" render={status} />
      <DataTable.Col label="transfers.lines" render={(t: TransferRecord) => t.line_count} />
      <DataTable.Col source="createdAt" label="transfers.created" sortByOrder="DESC" render={(t: TransferRecord) => formatDateTime(t.createdAt)} />
      <DataTable.Col label="transfers.latest_remark" render={(t: TransferRecord) => t.latest_remark ?? ''} />
    </DataTable>
  );
};

/**
 * /transfers (warehouseAdmin, finance, admin): transfers the user may see (a
 * warehouseAdmin those from or to its warehouse), newest first, paged on the server; a
 * warehouseAdmin starts one with 'New Transfer'. Export and Excel download the server's file of
 * the transfers the filters select (GET /api/transfers/export).
 */
export const TransferList = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const filters = useTransferFilters();
  const session = readSession();
  const create = can(session?.role, 'transfers.create') && !!session?.warehouse && (
    <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{translate('transfers.add')}</Button>
  );
  return (
    <Box>
      <PageTitle title="transfers.list_title" />
      <List
        resource="transfers" storeKey={false} title={false} sx={LIST_SX} perPage={10} debounce={DEBOUNCE_MS} exporter={false} empty={false}
        sort={NEWEST_FIRST} filters={filters} pagination={LIST_PAGINATION}
        actions={<TopToolbar sx={{ flexWrap: 'wrap' }}><FilterButton disableSaveQuery />{create}<ServerExportButton /></TopToolbar>}
      >
        <TransferTable />
      </List>
      {session?.warehouse && (
        <CreateTransferDialog open={creating} fromWarehouse={session.warehouse} onClose={() => setCreating(false)} onCreated={(t) => void navigate(`${TRANSFERS_PATH}/${t._id}`)} />
      )}
    </Box>
  );
};
