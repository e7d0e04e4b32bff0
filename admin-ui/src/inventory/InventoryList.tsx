import SwapVertIcon from '@mui/icons-material/SwapVert';
import { Box, Button, Card, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { can } from '../../../backend/src/common/auth/permissions';
import { PageTitle } from '../common/PageTitle';
import { readSession } from '../providers/session';
import { stockApi } from './api';
import { InventoryTable } from './InventoryTable';
import { DEBOUNCE_MS, useRemote } from './useRemote';
import { usePaging } from '../common/TablePager';

/** The red 'N products are out of stock' note, shown while low-stock products exist (spec 2 Inventory). */
const OutOfStockNote = () => {
  const translate = useTranslate();
  const { data } = useRemote(() => stockApi.low({}, 1, 1), []);
  if (!data?.total_count) return null;
  return (
    <Typography color="error" sx={{ mb: 1 }} data-testid="out-of-stock-note">
      {translate('inventory.out_of_stock', { count: data.total_count })}
    </Typography>
  );
};

/**
 * 'Receive / Issue Stock': the way to /outGoingInventory (in no menu, spec 2), for a user with a
 * warehouse who may move stock (warehouseAdmin).
 */
const MoveStockButton = () => {
  const translate = useTranslate();
  const session = readSession();
  if (!session?.warehouse || !can(session.role, 'inventory.move')) return null;
  return (
    <Button component={Link} to="/outGoingInventory" variant="contained" size="small" startIcon={<SwapVertIcon />}>
      {translate('inventory.move_stock')}
    </Button>
  );
};

const InventoryView = ({ low }: { low: boolean }) => {
  const translate = useTranslate();
  const [query, setQuery] = useState('');
  const paging = usePaging();
  const { page, limit, setPage } = paging;
  const { data } = useRemote(
    () => (low ? stockApi.low : stockApi.search)({ query: query.trim() }, page + 1, limit),
    [low, query, page, limit],
    DEBOUNCE_MS,
  );
  return (
    <Box>
      <PageTitle title={low ? 'inventory.low_title' : 'inventory.list_title'} />
      <OutOfStockNote />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          size="small" sx={{ width: 420 }} label={translate('inventory.search')} value={query}
          onChange={(e) => { setQuery(e.target.value); setPage(0); }}
        />
        {low && <Button component={Link} to="/inventoryInAllWarehouse" size="small">{translate('inventory.show_all')}</Button>}
        <MoveStockButton />
      </Box>
      <Card>
        <InventoryTable rows={data?.inventories ?? []} total={data?.total_count ?? 0} paging={paging} />
      </Card>
    </Box>
  );
};

/**
 * /inventoryInAllWarehouse (spec 2 Inventory): the scoped inventory with a debounced search, or with
 * `?low-stock=low` (the header bell) the low-stock list instead. Admin sees every warehouse, others theirs.
 */
export const InventoryList = () => {
  const [params] = useSearchParams();
  const low = params.get('low-stock') === 'low';
  return <InventoryView key={String(low)} low={low} />;
};
