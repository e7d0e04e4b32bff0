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
import { countName, STOCK_COUNT_STATUSES, STOCK_COUNTS_PATH, type StockCountRecord } from './api';
import { CreateCountDialog } from './CreateCountDialog';

const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;
const CountBody = bodyWithRowTestId('count-row');
const STATUS_CHOICES = STOCK_COUNT_STATUSES.map((id) => ({ id, name: `stockCounts.statuses.${id}` }));

/** Number search, status and warehouse filters, in the URL; behind Filters below 600 px. */
function useCountFilters(): ReactElement[] {
  const translate = useTranslate();
  const ownWarehouse = !!readSession()?.warehouse;
  return usePhoneFilters([
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('stockCounts.search')} />,
    <SelectInput key="status" source="status" label="stockCounts.status" choices={STATUS_CHOICES} emptyText="stockCounts.all" helperText={false} sx={{ minWidth: 180 }} alwaysOn />,
    ...(ownWarehouse
      ? []
      : [
          <ReferenceInput key="warehouse" source="warehouse" reference="warehouses" perPage={100} sort={{ field: 'name', order: 'ASC' }} alwaysOn>
            <SelectInput optionText="name" label="stockCounts.warehouse" emptyText="stockCounts.all" helperText={false} sx={{ minWidth: 180 }} />
          </ReferenceInput>,
        ]),
  ]);
}


/** Count, Warehouse, Category, Blind, Status, Counted (of lines), Started; number, status and date sort on the server. */
const CountTable = () => {
  const translate = useTranslate();
  const open = useOpenDetail(STOCK_COUNTS_PATH);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const status = (c: StockCountRecord) => translate(`stockCounts.statuses.${c.status}`);
  const progress = (c: StockCountRecord) => translate('stockCounts.progress_value', { counted: c.counted_count, lines: c.line_count });
  const empty = <NoRows message="stockCounts.no_rows" />;
  if (phone) {
    return (
      <SimpleList<StockCountRecord>
        primaryText={(c) => `${countName(c)} · ${status(c)}`}
        secondaryText={(c) => `${c.warehouse.name} · ${progress(c)}`}
        tertiaryText={(c) => formatDateTime(c.createdAt)}
        rowClick={open}
        empty={empty}
      />
    );
  }
  return (
    <DataTable bulkActionButtons={false} rowClick={open} body={CountBody} empty={empty} aria-label={translate('stockCounts.list_title')}>
      <DataTable.Col source="number" label="stockCounts.number" render={(c: StockCountRecord) => countName(c)} />
      <DataTable.Col label="stockCounts.warehouse" render={(c: StockCountRecord) => c.warehouse.name} />
      <DataTable.Col label="stockCounts.category" render={(c: StockCountRecord) => c.category?.name ?? translate('stockCounts.all_categories')} />
      <DataTable.Col label="stockCounts.blind" render={(c: StockCountRecord) => translate(c.blind ? 'stockCounts.yes' : 'stockCounts.no')} />
      <DataTable.Col source="status" label="stockCounts.status" render={status} />
      <DataTable.Col label="stockCounts.progress" render={progress} />
      <DataTable.Col source="createdAt" label="stockCounts.created" sortByOrder="DESC" render={(c: StockCountRecord) => formatDateTime(c.createdAt)} />
    </DataTable>
  );
};

/**
 * /stockCounts (warehouseAdmin, finance, admin): the counts the user may see (a
 * warehouseAdmin its warehouse's), newest first, paged on the server; a warehouseAdmin starts one.
 * Export and Excel download the server's file of the counts the filters select (GET /api/stockCounts/export).
 */
export const StockCountList = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const filters = useCountFilters();
  const session = readSession();
  const create = can(session?.role, 'stockCounts.count') && !!session?.warehouse && (
    <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{translate('stockCounts.add')}</Button>
  );
  return (
    <Box>
      <PageTitle title="stockCounts.list_title" />
      <List
        resource="stockCounts" storeKey={false} title={false} sx={LIST_SX} perPage={10} debounce={DEBOUNCE_MS} exporter={false} empty={false}
        sort={NEWEST_FIRST} filters={filters} pagination={LIST_PAGINATION}
        actions={<TopToolbar sx={{ flexWrap: 'wrap' }}><FilterButton disableSaveQuery />{create}<ServerExportButton /></TopToolbar>}
      >
        <CountTable />
      </List>
      {session?.warehouse && (
        <CreateCountDialog open={creating} warehouseId={session.warehouse} onClose={() => setCreating(false)} onCreated={(c) => void navigate(`${STOCK_COUNTS_PATH}/${c._id}`)} />
      )}
    </Box>
  );
};
