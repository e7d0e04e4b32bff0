import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button } from '@mui/material';
import { useState } from 'react';
import { FilterButton, List, TextInput, TopToolbar, useListContext, useRefresh, useTranslate } from 'react-admin';
import { can } from '@inventory/common';
import { PageTitle } from '../common/PageTitle';
import { ServerExportButton } from '../common/ServerExportButton';
import { usePhoneFilters } from '../common/usePhoneFilters';
import { readSession } from '../providers/session';
import type { InventoryRecord } from './api';
import { IssueDialog } from './IssueDialog';
import { DEBOUNCE_MS, LIST_PAGINATION } from './listParts';
import { ReceiveDialog } from './ReceiveDialog';
import type { PickedProduct } from './ProductSelect';
import { categoryFilter, warehouseFilter } from './StockFilters';
import { StockTable } from './StockTable';

/** Which modal is open: issuing from a record, or receiving into a warehouse (optionally a given product). */
type Modal = { kind: 'issue'; item: InventoryRecord } | { kind: 'receive'; warehouseId: string; product: PickedProduct | null } | null;

/** The warehouse the list shows: the user's own, else the chosen filter ('' = none chosen yet). */
function useShownWarehouse(own: string | null): string {
  const { filterValues } = useListContext();
  return own ?? String(filterValues.warehouseId ?? '');
}

const StockActions = ({ own, onReceive }: { own: string | null; onReceive?: (warehouseId: string) => void }) => {
  const translate = useTranslate();
  const warehouseId = useShownWarehouse(own);
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {onReceive && warehouseId && (
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => onReceive(warehouseId)}>
          {translate('inventory.receive')}
        </Button>
      )}
      <FilterButton />
      {warehouseId && <ServerExportButton />}
    </TopToolbar>
  );
};

/** Pages of the chosen warehouse's stock (none before a warehouse is chosen). */
const StockPagination = ({ own }: { own: string | null }) => (useShownWarehouse(own) ? LIST_PAGINATION : null);

/** The table once a warehouse is chosen, else 'Please select warehouse'. */
const StockOfWarehouse = ({ own, onIssue, onReceive }: { own: string | null; onIssue?: (item: InventoryRecord) => void; onReceive?: (item: InventoryRecord) => void }) => {
  const translate = useTranslate();
  if (!useShownWarehouse(own)) return <Alert severity="info">{translate('inventory.select_warehouse')}</Alert>;
  return <StockTable onIssue={onIssue} onReceive={onReceive} />;
};

/**
 * /outGoingInventory: the stock of one warehouse
 * (the user's, fixed, or the chosen one) as a react-admin list filtered by category and product
 * name (kept in the URL), sorted by a header click, with the issue and receive modals for users
 * who may move stock (warehouseAdmin, inventory.move).
 */
export const OutgoingInventory = () => {
  const session = readSession();
  const own = session?.warehouse ?? null;
  const mayMove = can(session?.role, 'inventory.move');
  const refresh = useRefresh();
  const [modal, setModal] = useState<Modal>(null);
  const filters = usePhoneFilters([
    warehouseFilter(own, 'inventory.warehouse'),
    categoryFilter('inventory.category', 'inventory.all'),
    <TextInput key="q" source="q" label="inventory.product_search" alwaysOn helperText={false} />,
  ]);
  const done = () => { setModal(null); refresh(); };
  return (
    <Box>
      <PageTitle title="inventory.by_warehouse_title" />
      <List
        resource="inventory" storeKey="stockByWarehouse.listParams" title={false} perPage={10} debounce={DEBOUNCE_MS}
        exporter={false} empty={false} filters={filters} filter={own ? { warehouseId: own } : undefined} pagination={<StockPagination own={own} />}
        actions={<StockActions own={own} onReceive={mayMove ? (warehouseId) => setModal({ kind: 'receive', warehouseId, product: null }) : undefined} />}
      >
        <StockOfWarehouse
          own={own}
          onIssue={mayMove ? (item) => setModal({ kind: 'issue', item }) : undefined}
          onReceive={mayMove ? (item) => setModal({ kind: 'receive', warehouseId: item.warehouse._id, product: item.product }) : undefined}
        />
      </List>
      {modal?.kind === 'issue' && <IssueDialog item={modal.item} onClose={() => setModal(null)} onDone={done} />}
      {modal?.kind === 'receive' && (
        <ReceiveDialog warehouseId={modal.warehouseId} initial={modal.product} onClose={() => setModal(null)} onDone={done} />
      )}
    </Box>
  );
};
