import AddIcon from '@mui/icons-material/Add';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { useState, type ReactElement } from 'react';
import {
  DataTable, FilterButton, List, ReferenceInput, SearchInput, SelectInput, SimpleList, TopToolbar, useTranslate,
} from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { can } from '@inventory/common';
import { formatDateTime } from '../common/format';
import { PageTitle } from '../common/PageTitle';
import { ServerExportButton } from '../common/ServerExportButton';
import { useOpenDetail } from '../common/useOpenDetail';
import { usePhoneFilters } from '../common/usePhoneFilters';
import { LIST_SX, personName, type FromList } from '../incoming/WorkflowListParts';
import { DEBOUNCE_MS, LIST_PAGINATION, NoRows } from '../inventory/listParts';
import { bodyWithRowTestId } from '../inventory/rowTestId';
import { readSession } from '../providers/session';
import { ADJUSTMENT_REASONS, ADJUSTMENT_STATUSES, ADJUSTMENTS_PATH, quantityText, type Adjustment, type AdjustmentRecord } from './api';
import { ProductText, ReasonText, StatusText } from './AdjustmentParts';
import { CreateAdjustmentDialog } from './CreateAdjustmentDialog';
import { CalendarDateInput } from '../preferences/CalendarDateInput';

const DETAIL = ADJUSTMENTS_PATH;

/** Newest first: the API's usual order, shown on the Date header. */
const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;

const AdjustmentBody = bodyWithRowTestId('adjustment-row');

const STATUS_CHOICES = ADJUSTMENT_STATUSES.map((id) => ({ id, name: `adjustments.statuses.${id}` }));
const REASON_CHOICES = ADJUSTMENT_REASONS.map((id) => ({ id, name: `adjustments.reasons.${id}` }));

/**
 * The filters: product search (name or code, debounced), status, reason, the warehouse
 * for users not tied to one, and the created-from and created-to days; collapsed behind the
 * Filters button below 600 px. Their values live in the URL.
 */
function useAdjustmentFilters(): ReactElement[] {
  const translate = useTranslate();
  const ownWarehouse = !!readSession()?.warehouse;
  return usePhoneFilters([
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('adjustments.search')} sx={{ minWidth: { sm: 280 } }} />,
    <SelectInput key="status" source="status" label="adjustments.status" choices={STATUS_CHOICES} emptyText="adjustments.all" helperText={false} sx={{ minWidth: 180 }} alwaysOn />,
    <SelectInput key="reason" source="reason" label="adjustments.reason" choices={REASON_CHOICES} emptyText="adjustments.all" helperText={false} sx={{ minWidth: 160 }} alwaysOn />,
    ...(ownWarehouse
      ? []
      : [
          <ReferenceInput key="warehouse" source="warehouse" reference="warehouses" perPage={100} sort={{ field: 'name', order: 'ASC' }} alwaysOn>
            <SelectInput optionText="name" label="adjustments.warehouse" emptyText="adjustments.all" helperText={false} sx={{ minWidth: 180 }} />
          </ReferenceInput>,
        ]),
    <CalendarDateInput key="from" source="from" label="adjustments.created_from" alwaysOn />,
    <CalendarDateInput key="to" source="to" label="adjustments.created_to" alwaysOn />,
  ]);
}


/** The row's link to its page (for the keyboard and screen readers; a click anywhere on the row opens it too). */
const OpenLink = ({ adjustment }: { adjustment: Adjustment }) => {
  const translate = useTranslate();
  const { pathname, search } = useLocation();
  const state: FromList = { back: `${pathname}${search}` };
  return (
    <Tooltip title={translate('adjustments.open')}>
      <IconButton
        size="small" color="primary" component={Link} to={`${DETAIL}/${adjustment._id}`} state={state}
        aria-label={`${translate('adjustments.open')} ${adjustment.product.name}`} onClick={(e) => e.stopPropagation()}
      >
        <OpenInNewIcon />
      </IconButton>
    </Tooltip>
  );
};

/**
 * The rows: Date, Product (name, code), Warehouse, Quantity ("+5 pcs, −2 box"), Reason, Status,
 * Requested by; date, reason and status sort on the server by a header click; a row opens its
 * page. Below 600 px a SimpleList of the same facts.
 */
const AdjustmentTable = () => {
  const translate = useTranslate();
  const open = useOpenDetail(DETAIL);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const empty = <NoRows message="adjustments.no_rows" />;
  if (phone) {
    return (
      <SimpleList<AdjustmentRecord>
        primaryText={(a) => `${a.product.name} · ${quantityText(a.quantity)}`}
        secondaryText={(a) => <><StatusText status={a.status} /> · <ReasonText reason={a.reason} /> · {a.warehouse.name}</>}
        tertiaryText={(a) => formatDateTime(a.createdAt)}
        rowClick={open}
        empty={empty}
      />
    );
  }
  return (
    <DataTable bulkActionButtons={false} rowClick={open} body={AdjustmentBody} empty={empty} aria-label={translate('adjustments.list_title')}>
      <DataTable.Col source="createdAt" label="adjustments.date" sortByOrder="DESC" render={(a: AdjustmentRecord) => formatDateTime(a.createdAt)} cellSx={() => ({ minWidth: 140 })} />
      <DataTable.Col label="adjustments.product" render={(a: AdjustmentRecord) => <ProductText product={a.product} />} />
      <DataTable.Col label="adjustments.warehouse" render={(a: AdjustmentRecord) => a.warehouse.name} />
      <DataTable.Col label="adjustments.quantity" render={(a: AdjustmentRecord) => quantityText(a.quantity)} cellSx={() => ({ whiteSpace: 'nowrap' })} />
      <DataTable.Col source="reason" label="adjustments.reason" render={(a: AdjustmentRecord) => <ReasonText reason={a.reason} />} />
      <DataTable.Col source="status" label="adjustments.status" render={(a: AdjustmentRecord) => <StatusText status={a.status} />} />
      <DataTable.Col label="adjustments.requested_by" render={(a: AdjustmentRecord) => personName(a.created_by)} />
      <DataTable.Col label="app.actions" render={(a: AdjustmentRecord) => <OpenLink adjustment={a} />} />
    </DataTable>
  );
};

const Actions = ({ create }: { create: ReactElement | false }) => (
  <TopToolbar sx={{ flexWrap: 'wrap' }}>
    <FilterButton disableSaveQuery />
    {create}
    <ServerExportButton />
  </TopToolbar>
);

/**
 * /adjustments (warehouseAdmin, finance, admin): the stock adjustments the user may see
 * (a warehouseAdmin its warehouse's) as a react-admin list, newest first, paged by 10 on the
 * server, with its filters in the URL; a warehouseAdmin asks for a new one with 'New Adjustment'.
 * Export and Excel download the server's file of the filtered adjustments (GET /api/adjustments/export).
 */
export const AdjustmentList = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const filters = useAdjustmentFilters();
  const session = readSession();
  const create = can(session?.role, 'adjustments.create') && !!session?.warehouse && (
    <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{translate('adjustments.add')}</Button>
  );
  return (
    <Box>
      <PageTitle title="adjustments.list_title" />
      <List
        resource="adjustments" storeKey={false} title={false} sx={LIST_SX} perPage={10} debounce={DEBOUNCE_MS} exporter={false} empty={false}
        sort={NEWEST_FIRST} filters={filters} actions={<Actions create={create} />} pagination={LIST_PAGINATION}
      >
        <AdjustmentTable />
      </List>
      {session?.warehouse && (
        <CreateAdjustmentDialog
          open={creating} warehouseId={session.warehouse} onClose={() => setCreating(false)}
          onCreated={(a) => void navigate(`${DETAIL}/${a._id}`)}
        />
      )}
    </Box>
  );
};
