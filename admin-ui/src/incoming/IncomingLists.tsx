import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { List, NumberField, TextField, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { can, INCOMING_STATUSES, PENDING_INCOMING_STATUSES } from '@inventory/common';
import { CappedNotice } from '../common/CappedNotice';
import { ListPagination } from '../common/ListPagination';
import { PageTitle } from '../common/PageTitle';
import { readSession } from '../providers/session';
import { CreateListDialog } from './CreateListDialog';
import {
  CreatedAtColumn, CreatorColumn, LatestRemarkColumn, LIST_SX, OpenAction, StatusColumn, useWorkflowFilters, WorkflowListActions, WorkflowRows,
} from './WorkflowListParts';

interface IncomingListsProps {
  title: string;
  /** Where a row leads: /singleIncomingList or /pendingIncoming. */
  detailPath: string;
  /** The status filter's starting value (pending incoming: every pending status). */
  statuses?: readonly string[];
}

const grn = (r: RaRecord) => String(r.grn);

/** The rows: the spec's table (GRN, Status, Created By, Created At, Remarks, Warehouse, Actions) and Lines. */
const IncomingRows = ({ detailPath }: { detailPath: string }) => (
  <WorkflowRows kind="incoming" path={detailPath} primaryText={grn}>
    <TextField source="grn" label="incoming.grn" />
    <StatusColumn kind="incoming" source="status" label="incoming.status" />
    <CreatorColumn label="incoming.created_by" />
    <CreatedAtColumn source="createdAt" label="incoming.created_at" />
    <LatestRemarkColumn label="incoming.remarks" />
    <TextField source="warehouse.name" label="incoming.warehouse" />
    <NumberField source="line_count" label="incoming.line_count" sortable={false} />
    <OpenAction kind="incoming" path={detailPath} code={grn} label="app.actions" />
  </WorkflowRows>
);

/**
 * A screen of incoming lists (GRN) on react-admin's List: server paging by 10, sorting by
 * a header click, search (debounced 300 ms), status, warehouse and created-day filters, the server
 * export and, for warehouseAdmins, 'Add New Incoming Lists'. The filters live in the URL only
 * (`storeKey={false}`): the menu opens the default view, a detail page's back link the filtered one.
 */
const IncomingLists = ({ title, detailPath, statuses }: IncomingListsProps) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const filters = useWorkflowFilters('incoming', INCOMING_STATUSES);
  const create = can(readSession()?.role, 'incoming.create') && (
    <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{translate('incoming.add')}</Button>
  );
  return (
    <Box>
      <PageTitle title={title} />
      <List
        resource="incomingLists" storeKey={false} title=" " sx={LIST_SX} perPage={10} debounce={300} exporter={false} empty={false} pagination={<ListPagination />}
        sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} actions={<WorkflowListActions create={create} />}
        filterDefaultValues={statuses ? { status: statuses } : undefined}
      >
        <CappedNotice message="incoming.capped" />
        <IncomingRows detailPath={detailPath} />
      </List>
      <CreateListDialog open={creating} onClose={() => setCreating(false)} onCreated={(list) => navigate(`${detailPath}/${list._id}`)} />
    </Box>
  );
};

/** /incomingInventory (warehouseAdmin): the lists of the user's warehouse. */
export const IncomingInventory = () => <IncomingLists title="incoming.list_title" detailPath="/singleIncomingList" />;

/** /pendingIncoming (importAdmin, finance): the same columns, every pending list by default, opening /pendingIncoming/{id}. */
export const PendingIncoming = () => <IncomingLists title="incoming.pending_title" detailPath="/pendingIncoming" statuses={PENDING_INCOMING_STATUSES} />;
