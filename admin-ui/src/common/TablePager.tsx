import { TablePagination } from '@mui/material';
import { useState } from 'react';

/** Paging state of a table: `page` 0-based as MUI counts it (the API's page is `page + 1`). */
export interface Paging {
  page: number;
  limit: number;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
}

/** Paging state starting on the first page with `limit` rows (spec 9: 10 by default). */
export function usePaging(initialLimit = 10): Paging {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(initialLimit);
  return { page, limit, setPage, setLimit };
}

/** The pager under every list table: page sizes 5/10/20/40 (spec 2); a new size goes back to page 1. */
export const TablePager = ({ total, paging }: { total: number; paging: Paging }) => (
  <TablePagination
    component="div" count={total} page={paging.page} rowsPerPage={paging.limit} rowsPerPageOptions={[5, 10, 20, 40]}
    onPageChange={(_, p) => paging.setPage(p)} onRowsPerPageChange={(e) => { paging.setLimit(Number(e.target.value)); paging.setPage(0); }}
  />
);
