import { Box, Card } from '@mui/material';
import { useState } from 'react';
import { PageTitle } from '../common/PageTitle';
import { stockApi } from '../inventory/api';
import { DEBOUNCE_MS, useRemote } from '../inventory/useRemote';
import { readSession } from '../providers/session';
import { searchTransactions, type TransactionFilterValues } from './api';
import { TransactionFilters } from './TransactionFilters';
import { TransactionTable } from './TransactionTable';
import { usePaging } from '../common/TablePager';

const blank = (warehouseId: string): TransactionFilterValues => ({
  warehouseId, categoryId: '', transactionType: '', specificDate: '', startDate: '', endDate: '',
  grnSearchQuery: '', ginSearchQuery: '', customerSearchQuery: '', productSearchQuery: '',
});

/**
 * /transactionRange (spec 2 Transaction Range): the ledger, newest first, with every filter of the
 * spec (typed searches debounced 300 ms), 'Reset Filters' and pagination (10 per page by default).
 */
export const TransactionRange = () => {
  const own = readSession()?.warehouse ?? '';
  const [filters, setFilters] = useState(() => blank(own));
  const paging = usePaging();
  const { page, limit, setPage } = paging;
  const { data: warehouses } = useRemote(stockApi.warehouses, []);
  const { data: categories } = useRemote(stockApi.categories, []);
  const { data } = useRemote(() => searchTransactions(filters, page + 1, limit), [filters, page, limit], DEBOUNCE_MS);
  const change = (f: TransactionFilterValues) => { setFilters(f); setPage(0); };
  return (
    <Box>
      <PageTitle title="transactions.title" />
      <TransactionFilters
        values={filters} onChange={change} onReset={() => change(blank(own))} fixedWarehouse={Boolean(own)}
        warehouses={warehouses ?? []} categories={categories ?? []}
      />
      <Card>
        <TransactionTable rows={data?.transactionsList ?? []} total={data?.total_count ?? 0} paging={paging} />
      </Card>
    </Box>
  );
};
