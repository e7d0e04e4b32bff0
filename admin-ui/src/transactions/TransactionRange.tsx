import { Box } from '@mui/material';
import { FilterButton, List, TopToolbar } from 'react-admin';
import { CappedNotice } from '../common/CappedNotice';
import { PageTitle } from '../common/PageTitle';
import { ServerExportButton } from '../common/ServerExportButton';
import { usePhoneFilters } from '../common/usePhoneFilters';
import { DEBOUNCE_MS, LIST_PAGINATION } from '../inventory/listParts';
import { readSession } from '../providers/session';
import { ResetFiltersButton, transactionFilters } from './TransactionFilters';
import { TransactionTable } from './TransactionTable';

/** Newest first (the ledger's usual order), shown on the Transaction Details header. */
const NEWEST_FIRST = { field: 'transaction_date', order: 'DESC' } as const;

const Actions = () => (
  <TopToolbar sx={{ flexWrap: 'wrap' }}>
    <ResetFiltersButton />
    <FilterButton />
    <ServerExportButton />
  </TopToolbar>
);

/**
 * /transactionRange: the stock ledger as a react-admin list,
 * newest first, with every filter of the spec kept in the URL (typed searches debounced 300 ms),
 * 'Reset Filters', sorting by a header click, pages of 10, and Export (CSV) / Excel of the rows
 * the filters select (POST /api/transactions/export with the search body).
 */
export const TransactionRange = () => {
  const own = readSession()?.warehouse ?? null;
  const filters = usePhoneFilters(transactionFilters(own));
  return (
    <Box>
      <PageTitle title="transactions.title" />
      <List
        resource="transactions" title={false} perPage={10} debounce={DEBOUNCE_MS} sort={NEWEST_FIRST}
        exporter={false} empty={false} filters={filters} filter={own ? { warehouseId: own } : undefined}
        actions={<Actions />} pagination={LIST_PAGINATION}
      >
        <CappedNotice message="transactions.capped" />
        <TransactionTable />
      </List>
    </Box>
  );
};
