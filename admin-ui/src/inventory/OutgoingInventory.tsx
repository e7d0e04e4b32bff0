import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { can } from '../../../backend/src/common/auth/permissions';
import { PageTitle } from '../common/PageTitle';
import { readSession } from '../providers/session';
import { stockApi, type InventoryItem } from './api';
import { IssueDialog } from './IssueDialog';
import { ReceiveDialog } from './ReceiveDialog';
import type { PickedProduct } from './ProductSelect';
import { StockFilters, type StockFilterValues } from './StockFilters';
import { StockTable } from './StockTable';
import { DEBOUNCE_MS, useRemote } from './useRemote';
import { usePaging } from '../common/TablePager';

/** Which modal is open: issuing from a record, or receiving (optionally a given product). */
type Modal = { kind: 'issue'; item: InventoryItem } | { kind: 'receive'; product: PickedProduct | null } | null;

/**
 * /outGoingInventory (spec 2 Outgoing Inventory by warehouse): the stock of one warehouse (the user's,
 * fixed, or the chosen one), filtered by category and product name, with the issue and receive modals
 * for users who may move stock (warehouseAdmin, inventory.move).
 */
export const OutgoingInventory = () => {
  const translate = useTranslate();
  const session = readSession();
  const own = session?.warehouse ?? '';
  const mayMove = can(session?.role, 'inventory.move');
  const [filters, setFilters] = useState<StockFilterValues>({ warehouseId: own, categoryId: '', query: '' });
  const paging = usePaging();
  const { page, limit, setPage } = paging;
  const [modal, setModal] = useState<Modal>(null);
  const { data: warehouses } = useRemote(stockApi.warehouses, []);
  const { data: categories } = useRemote(stockApi.categories, []);
  const { data, reload } = useRemote(
    () => (filters.warehouseId ? stockApi.search({ ...filters, query: filters.query.trim() }, page + 1, limit) : Promise.resolve(undefined)),
    [filters, page, limit],
    DEBOUNCE_MS,
  );
  const done = () => { setModal(null); reload(); };
  return (
    <Box>
      <PageTitle title="inventory.by_warehouse_title" />
      <StockFilters
        values={filters} onChange={(f) => { setFilters(f); setPage(0); }} fixedWarehouse={Boolean(own)}
        warehouses={warehouses ?? []} categories={categories ?? []}
      />
      {mayMove && filters.warehouseId && (
        <Box sx={{ mb: 2 }}>
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setModal({ kind: 'receive', product: null })}>
            {translate('inventory.receive')}
          </Button>
        </Box>
      )}
      {filters.warehouseId ? (
        <Card>
          <StockTable
            rows={data?.inventories ?? []} total={data?.total_count ?? 0} paging={paging}
            onIssue={mayMove ? (item) => setModal({ kind: 'issue', item }) : undefined}
            onReceive={mayMove ? (item) => setModal({ kind: 'receive', product: item.product }) : undefined}
          />
        </Card>
      ) : (
        <Alert severity="info">{translate('inventory.select_warehouse')}</Alert>
      )}
      {modal?.kind === 'issue' && <IssueDialog item={modal.item} onClose={() => setModal(null)} onDone={done} />}
      {modal?.kind === 'receive' && (
        <ReceiveDialog warehouseId={filters.warehouseId} initial={modal.product} onClose={() => setModal(null)} onDone={done} />
      )}
    </Box>
  );
};
