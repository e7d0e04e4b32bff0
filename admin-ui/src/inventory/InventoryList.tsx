import SwapVertIcon from '@mui/icons-material/SwapVert';
import { Box, Button, Typography } from '@mui/material';
import { FilterButton, List, TextInput, TopToolbar, useGetList, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { can } from '@inventory/common';
import { PageTitle } from '../common/PageTitle';
import { ServerExportButton } from '../common/ServerExportButton';
import { usePhoneFilters } from '../common/usePhoneFilters';
import { cappedCount } from '../providers/pageCount';
import { readSession } from '../providers/session';
import { InventoryTable } from './InventoryTable';
import { DEBOUNCE_MS, LIST_PAGINATION } from './listParts';
import { categoryFilter, warehouseFilter } from './StockFilters';

/** The red 'N products are out of stock' note, shown while low-stock products exist. */
const OutOfStockNote = () => {
  const translate = useTranslate();
  const { total, meta } = useGetList('lowStock', { pagination: { page: 1, perPage: 1 } });
  // a capped count (more than 10,000 low records) has no total: the note says the cap
  const count = total ?? cappedCount(meta);
  if (!count) return null;
  return (
    <Typography color="error" sx={{ mb: 1 }} data-testid="out-of-stock-note">
      {translate('inventory.out_of_stock', { count })}
    </Typography>
  );
};

/**
 * 'Receive / Issue Stock': the way to /outGoingInventory (in no menu), for a user with a
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

const InventoryActions = ({ low }: { low: boolean }) => {
  const translate = useTranslate();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {low && <Button component={Link} to="/inventoryInAllWarehouse" size="small">{translate('inventory.show_all')}</Button>}
      <MoveStockButton />
      <FilterButton />
      <ServerExportButton />
    </TopToolbar>
  );
};

const InventoryView = ({ low }: { low: boolean }) => {
  const own = readSession()?.warehouse ?? null;
  const filters = usePhoneFilters([
    <TextInput key="q" source="q" label="inventory.search" alwaysOn helperText={false} sx={{ width: { sm: 420 } }} />,
    ...(own ? [] : [warehouseFilter(null, 'inventory.warehouse', 'inventory.all')]),
    categoryFilter('inventory.category', 'inventory.all'),
  ]);
  const title = low ? 'inventory.low_title' : 'inventory.list_title';
  return (
    <Box>
      <PageTitle title={title} />
      <OutOfStockNote />
      <List
        resource={low ? 'lowStock' : 'inventory'} title={false} perPage={10} debounce={DEBOUNCE_MS}
        exporter={false} empty={false} filters={filters} actions={<InventoryActions low={low} />} pagination={LIST_PAGINATION}
      >
        <InventoryTable label={title} />
      </List>
    </Box>
  );
};

/**
 * /inventoryInAllWarehouse: the scoped inventory (admin every
 * warehouse, others theirs) as a react-admin list: the debounced search, warehouse and category
 * filters kept in the URL, sorting by a header click, pages of 10, Export (CSV) and Excel of the
 * same rows. With `?low-stock=low` (the header bell) the low-stock list instead.
 */
export const InventoryList = () => {
  const [params] = useSearchParams();
  const low = params.get('low-stock') === 'low';
  return <InventoryView key={String(low)} low={low} />;
};
