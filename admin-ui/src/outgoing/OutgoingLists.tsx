import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { FunctionField, List, NumberField, TextField, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { can, OUTGOING_STATUSES } from '@inventory/common';
import { CappedNotice } from '../common/CappedNotice';
import { ListPagination } from '../common/ListPagination';
import { PageTitle } from '../common/PageTitle';
import {
  CreatedAtColumn, CreatorColumn, LatestRemarkColumn, LIST_SX, OpenAction, StatusColumn, useWorkflowFilters, WorkflowListActions, WorkflowRows,
} from '../incoming/WorkflowListParts';
import { readSession } from '../providers/session';
import type { ListCustomer } from './api';
import { CreateOutgoingDialog } from './CreateOutgoingDialog';
import { CustomerLink } from './CustomerDialog';
import { formatEtb } from './money';

const DETAIL = '/sales/outgoing';
const gin = (r: RaRecord) => String(r.gin);

/** Datagrid column of the customer, opening the customer popup; `source` and `label` are read by the header (sorting). */
const CustomerColumn = (_props: { source: string; label: string }) => {
  const record = useRecordContext();
  return record ? <CustomerLink customer={record.customer as ListCustomer} /> : null;
};

/**
 * The rows: the spec's table (GIN, Status, Customer, Created By, Created At, Remarks, Warehouse,
 * action) with Fs Number, Lines and the priced Total.
 */
const OutgoingRows = () => (
  <WorkflowRows kind="outgoing" path={DETAIL} primaryText={(r) => `${gin(r)} · ${(r.customer as ListCustomer).name}`}>
    <TextField source="gin" label="outgoing.gin" />
    <StatusColumn kind="outgoing" source="status" label="outgoing.status" />
    <CustomerColumn source="customer.name" label="outgoing.customer" />
    <CreatorColumn label="outgoing.created_by" />
    <CreatedAtColumn source="createdAt" label="outgoing.created_at" />
    <LatestRemarkColumn label="outgoing.remarks" />
    <TextField source="warehouse.name" label="outgoing.warehouse" />
    <TextField source="fs_number" label="outgoing.fs_number" emptyText="–" />
    <NumberField source="line_count" label="outgoing.line_count" sortable={false} />
    <FunctionField label="outgoing.total_price" sortable={false} textAlign="right" render={(r: RaRecord) => formatEtb(r.total_price as string)} />
    <OpenAction kind="outgoing" path={DETAIL} code={gin} label="app.actions" />
  </WorkflowRows>
);

/**
 * /sales/outgoing on react-admin's List: the outgoing lists (GIN) the user may see, paged
 * by 10 on the server, sorted by a header click, with search (debounced 300 ms), status, warehouse
 * and created-day filters, the server export and, for sales, 'Add New Outgoing List'. The filters
 * live in the URL only: the menu opens the default view, a detail page's back link the filtered one.
 */
export const OutgoingLists = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const filters = useWorkflowFilters('outgoing', OUTGOING_STATUSES);
  const create = can(readSession()?.role, 'outgoing.create') && (
    <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{translate('outgoing.add')}</Button>
  );
  return (
    <Box>
      <PageTitle title="outgoing.list_title" />
      <List
        resource="outgoingLists" storeKey={false} title=" " sx={LIST_SX} perPage={10} debounce={300} exporter={false} empty={false} pagination={<ListPagination />}
        sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} actions={<WorkflowListActions create={create} />}
      >
        <CappedNotice message="outgoing.capped" />
        <OutgoingRows />
      </List>
      <CreateOutgoingDialog open={creating} onClose={() => setCreating(false)} onCreated={(list) => navigate(`${DETAIL}/${list._id}`)} />
    </Box>
  );
};
