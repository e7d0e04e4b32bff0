import type { ComponentType } from 'react';
import { DataTableBody, DataTableRow, type DataTableBodyProps, type DataTableRowProps } from 'react-admin';

/**
 * A DataTable `body` whose rows carry `data-testid={testId}` (the browser tests find the stock and
 * ledger rows by it). Call it once per table, at module level.
 */
export function bodyWithRowTestId(testId: string): ComponentType<DataTableBodyProps> {
  const Row = (props: DataTableRowProps) => <DataTableRow {...props} data-testid={testId} />;
  return (props: DataTableBodyProps) => <DataTableBody {...props} row={Row} />;
}
