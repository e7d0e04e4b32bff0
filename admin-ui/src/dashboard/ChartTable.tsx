import { Typography } from '@mui/material';
import { DataTable, ListContextProvider, useList, useTranslate, type RaRecord } from 'react-admin';

/** A column of a chart's table: the row field, its header, and whether it holds quantities or names. */
export interface ChartColumn {
  source: string;
  label: string;
  numeric?: boolean;
  /** A name column: kept wide enough to read when the table scrolls sideways on a phone. */
  name?: boolean;
}

export interface ChartTableProps {
  /** Accessible name of the table. */
  label: string;
  columns: ChartColumn[];
  rows: RaRecord[];
}

const QUANTITY = { maximumFractionDigits: 3 };
const NAME_CELL = { minWidth: 160 };

/**
 * A chart's data as a table (its text alternative), on react-admin's DataTable over a
 * local list (`useList`): sortable headers, no row selection or links. The `stats` resource name only
 * satisfies DataTable's access check (it declares no routes).
 */
export const ChartTable = ({ label, columns, rows }: ChartTableProps) => {
  const translate = useTranslate();
  const list = useList({ data: rows });
  return (
    <ListContextProvider value={list}>
      <DataTable
        aria-label={label}
        resource="stats"
        bulkActionButtons={false}
        rowClick={false}
        storeKey={`dashboard.${label}`}
        empty={<Typography color="text.secondary">{translate('dashboard.no_data')}</Typography>}
      >
        {columns.map(({ source, label: header, numeric, name }) =>
          numeric ? (
            <DataTable.NumberCol key={source} source={source} label={header} options={QUANTITY} locales="en-US" />
          ) : (
            <DataTable.Col key={source} source={source} label={header} sx={name ? NAME_CELL : undefined} />
          ),
        )}
      </DataTable>
    </ListContextProvider>
  );
};
