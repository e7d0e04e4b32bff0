import { Box } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { Datagrid, DatagridBody, DatagridRow, FilterForm, ListBase, TextInput, useTranslate, type DatagridRowProps } from 'react-admin';
import { ListPagination } from '../common/ListPagination';
import { TABLE_SX } from './WorkflowListParts';

/** A Datagrid row carrying `data-testid` (the browser tests find picker rows by it). */
export const TestIdRow = ({ testId, ...props }: DatagridRowProps & { testId: string }) => <DatagridRow {...props} data-testid={testId} />;

interface PickerListProps {
  /** The react-admin resource searched (`products`, `inventory`). */
  resource: string;
  /** Fixed filter values, e.g. the list's warehouse. */
  filter?: Record<string, unknown>;
  /** i18n key of the search box's label. */
  searchLabel: string;
  /** i18n key of the table's accessible name. */
  tableLabel: string;
  /** The row element (e.g. a {@link TestIdRow}, or one holding per-row state). */
  row: ReactElement;
  children: ReactNode;
}

/**
 * The product and stock pickers of the list detail pages on react-admin's list machinery:
 * a search box debounced by 300 ms, the server's pages of 5/10/20/40 rows (10 first), and
 * the rows; nothing is kept in the URL (the page's own URL stays the list's).
 */
export const PickerList = ({ resource, filter, searchLabel, tableLabel, row, children }: PickerListProps) => {
  const translate = useTranslate();
  return (
    <Box sx={{ my: 2 }}>
      <ListBase resource={resource} filter={filter} perPage={10} debounce={300} disableSyncWithLocation storeKey={false}>
        <FilterForm filters={[<TextInput key="q" source="q" label={searchLabel} alwaysOn resettable helperText={false} />]} />
        <Datagrid bulkActionButtons={false} rowClick={false} sx={TABLE_SX} aria-label={translate(tableLabel)} body={<DatagridBody row={row} />}>
          {children}
        </Datagrid>
        <ListPagination rowsPerPageOptions={[5, 10, 20, 40]} />
      </ListBase>
    </Box>
  );
};
