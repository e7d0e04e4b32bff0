import { MenuItem, TextField } from '@mui/material';
import type { ReactElement } from 'react';
import { ReferenceInput, SelectInput, useGetList, useTranslate } from 'react-admin';

/** Every warehouse or category, by name: the choices of a filter select (and the warehouse count). */
export const ALL_BY_NAME = { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' as const } };

/** What react-admin's filter form reads from a filter element (source, label, alwaysOn). */
interface FilterProps {
  source: string;
  label: string;
  alwaysOn?: boolean;
}

/** A filter select over every record of `reference` by name; `allLabel` names the empty choice. */
const ReferenceSelect = ({ source, label, reference, allLabel }: FilterProps & { reference: string; allLabel?: string }) => (
  <ReferenceInput source={source} reference={reference} perPage={ALL_BY_NAME.pagination.perPage} sort={ALL_BY_NAME.sort}>
    <SelectInput optionText="name" label={label} emptyText={allLabel ?? ''} helperText={false} sx={{ minWidth: 200 }} />
  </ReferenceInput>
);

/**
 * The user's own warehouse, fixed and disabled (users tied to a warehouse see only theirs);
 * the list's permanent filter holds it, so this only shows it.
 */
const OwnWarehouse = ({ label, own }: FilterProps & { own: string }) => {
  const translate = useTranslate();
  const { data } = useGetList('warehouses', ALL_BY_NAME);
  const name = data?.find((w) => w.id === own)?.name as string | undefined;
  return (
    <TextField select disabled size="small" label={translate(label)} value={name ? own : ''} sx={{ minWidth: 200 }}>
      {name && <MenuItem value={own}>{name}</MenuItem>}
    </TextField>
  );
};

/**
 * The warehouse filter (`warehouseId`) of the stock and ledger lists: every warehouse (empty
 * choice `allLabel`), or, for a user tied to the warehouse `own`, that one fixed; such a list
 * takes `{warehouseId: own}` as its permanent `filter`.
 */
export const warehouseFilter = (own: string | null, label: string, allLabel?: string): ReactElement =>
  own ? (
    <OwnWarehouse key="warehouseId" source="warehouseId" label={label} own={own} alwaysOn />
  ) : (
    <ReferenceSelect key="warehouseId" source="warehouseId" reference="warehouses" label={label} allLabel={allLabel} alwaysOn />
  );

/** The product category filter (`categoryId`), empty choice `allLabel`. */
export const categoryFilter = (label: string, allLabel: string): ReactElement => (
  <ReferenceSelect key="categoryId" source="categoryId" reference="categories" label={label} allLabel={allLabel} alwaysOn />
);
