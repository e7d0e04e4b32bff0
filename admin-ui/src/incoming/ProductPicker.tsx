import { Button } from '@mui/material';
import { createContext, useContext, useState } from 'react';
import { TextField, useNotify, useRecordContext, useTranslate, type DatagridRowProps } from 'react-admin';
import type { PickerProduct, QuantityEntry } from './api';
import { costBody, costErrors, costOf, LineCostFields, type LineCost, type LineCostBody } from './LineCostFields';
import { PickerList, TestIdRow } from './PickerList';
import { QuantityFields, toQuantity, type UnitValues } from './QuantityFields';

/** Adds a product with its quantity and, optionally, its purchased price and depreciation rate. */
type AddLine = (product: string, quantity: QuantityEntry[], cost: LineCostBody) => Promise<boolean>;

/** What one picker row holds while typed: the quantity per unit and the cost fields. */
interface RowEntry {
  values: UnitValues;
  setValues: (v: UnitValues) => void;
  cost: LineCost;
  setCost: (c: LineCost) => void;
}

const RowEntryContext = createContext<RowEntry | null>(null);
const AddLineContext = createContext<AddLine>(async () => false);

/** A picker row holding what is typed in its quantity and cost cells until 'Add' succeeds. */
const EntryRow = (props: DatagridRowProps) => {
  const [values, setValues] = useState<UnitValues>({});
  const [cost, setCost] = useState<LineCost>(costOf());
  return (
    <RowEntryContext.Provider value={{ values, setValues, cost, setCost }}>
      <TestIdRow {...props} testId="picker-row" />
    </RowEntryContext.Provider>
  );
};

/** The product of the current row and what is typed in it. */
function useRowEntry(): { product: PickerProduct; entry: RowEntry } | null {
  const product = useRecordContext<PickerProduct & { id: string }>();
  const entry = useContext(RowEntryContext);
  return product && entry ? { product, entry } : null;
}

const QuantityCell = (_props: { label: string }) => {
  const row = useRowEntry();
  if (!row) return null;
  return <QuantityFields units={row.product.quantity} values={row.entry.values} onChange={row.entry.setValues} label={row.product.name} />;
};

const CostCell = (_props: { label: string }) => {
  const row = useRowEntry();
  if (!row) return null;
  return <LineCostFields value={row.entry.cost} onChange={row.entry.setCost} label={row.product.name} />;
};

/** 'Add': sends the typed quantity (at least one unit > 0) and valid cost, then clears the row. */
const AddCell = (_props: { label: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const onAdd = useContext(AddLineContext);
  const row = useRowEntry();
  if (!row) return null;
  const { product, entry } = row;
  const add = async () => {
    const quantity = toQuantity(entry.values);
    if (quantity.length === 0) return notify('incoming.quantity_required', { type: 'error' });
    if (Object.keys(costErrors(entry.cost)).length > 0) return;
    if (await onAdd(product._id, quantity, costBody(entry.cost, 'omit'))) {
      entry.setValues({});
      entry.setCost(costOf());
    }
  };
  return (
    <Button size="small" variant="outlined" aria-label={`${translate('incoming.add_line')} ${product.name}`} onClick={() => void add()}>
      {translate('incoming.add_line')}
    </Button>
  );
};

/** The searchable, paginated product picker of 'Add Product' on react-admin's list machinery. */
export const ProductPicker = ({ onAdd }: { onAdd: AddLine }) => (
  <AddLineContext.Provider value={onAdd}>
    <PickerList resource="products" searchLabel="incoming.search_products" tableLabel="incoming.add_product" row={<EntryRow />}>
      <TextField source="name" label="incoming.product_name" />
      <TextField source="code" label="incoming.product_code" />
      <QuantityCell label="incoming.quantity" />
      <CostCell label="incoming.cost" />
      <AddCell label="app.actions" />
    </PickerList>
  </AddLineContext.Provider>
);
