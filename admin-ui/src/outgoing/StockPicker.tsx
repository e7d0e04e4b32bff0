import { Button } from '@mui/material';
import { AvailableCell } from '../common/AvailableCell';
import { useState } from 'react';
import { TextField, useRecordContext, useTranslate } from 'react-admin';
import { PickerList, TestIdRow } from '../incoming/PickerList';
import type { LineEntry, StockItem } from './api';
import { ProductImage } from './ProductImage';
import { QuantityDialog } from './QuantityDialog';

const ImageCell = (_props: { label: string }) => {
  const item = useRecordContext<StockItem & { id: string }>();
  return item ? <ProductImage product={item.product} /> : null;
};

const AddCell = ({ onPick }: { label: string; onPick: (item: StockItem) => void }) => {
  const translate = useTranslate();
  const item = useRecordContext<StockItem & { id: string }>();
  if (!item) return null;
  return (
    <Button size="small" variant="outlined" aria-label={`${translate('outgoing.add_line')} ${item.product.name}`} onClick={() => onPick(item)}>
      {translate('outgoing.add_line')}
    </Button>
  );
};

/**
 * The add-product view on react-admin's list machinery: search (debounced 300 ms), the
 * paged stock of the list's warehouse (GET /api/inventory) and an add dialog per row.
 */
export const StockPicker = ({ warehouseId, onAdd }: { warehouseId: string; onAdd: (item: StockItem, entry: LineEntry) => Promise<boolean> }) => {
  const [adding, setAdding] = useState<StockItem | null>(null);
  return (
    <>
      <PickerList resource="inventory" filter={{ warehouseId }} searchLabel="outgoing.search_products" tableLabel="outgoing.add_product" row={<TestIdRow testId="stock-row" />}>
        <TextField source="product.name" label="outgoing.product_name" />
        <TextField source="product.code" label="outgoing.product_code" />
        <TextField source="warehouse.name" label="outgoing.warehouse" />
        <ImageCell label="outgoing.product_image" />
        <AvailableCell label="outgoing.available" />
        <AddCell label="app.actions" onPick={setAdding} />
      </PickerList>
      {adding && (
        <QuantityDialog
          title="outgoing.add_title" productName={adding.product.name} units={adding.product.quantity} initial={{}}
          onClose={() => setAdding(null)} onSave={(entry) => void onAdd(adding, entry).then((ok) => ok && setAdding(null))}
        />
      )}
    </>
  );
};
