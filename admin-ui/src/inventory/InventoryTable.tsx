import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, SimpleList, useTranslate } from 'react-admin';
import type { InventoryRecord } from './api';
import { ImagePreview } from './ImagePreview';
import { HiddenDuringCount, QuantityLines, valueFirst } from './QuantityLines';
import { NoRows } from './listParts';
import { bodyWithRowTestId } from './rowTestId';
import { useSeesManyWarehouses } from './useSeesManyWarehouses';

const InventoryBody = bodyWithRowTestId('inventory-row');

/** On hand / Reserved / Available of a row in one line each, for the phone list ("Hidden during count" while hidden). */
const StockSummary = ({ item }: { item: InventoryRecord }) => {
  const translate = useTranslate();
  if (item.quantities_hidden) return <HiddenDuringCount />;
  const line = (key: 'on_hand' | 'reserved' | 'available') => `${translate(`inventory.${key}`)}: ${item[key].map(valueFirst).join(', ')}`;
  return (
    <>
      <span style={{ display: 'block' }}>{line('on_hand')}</span>
      <span style={{ display: 'block' }}>{line('reserved')}</span>
      <span style={{ display: 'block' }}>{line('available')}</span>
      {!!item.in_transit?.length && <span style={{ display: 'block' }}>{`${translate('inventory.in_transit')}: ${item.in_transit.map(valueFirst).join(', ')}`}</span>}
    </>
  );
};

/**
 * The rows of the Inventory and low-stock lists: Product Name, Product
 * Category, Product Code, Product Image, Warehouse (when the user sees more than one), On hand,
 * Reserved, Available, In transit to the record (per unit, `12 : pcs`) and Buffer Stock; names, code, warehouse and available
 * sort on the server by a header click. Below 600 px a SimpleList of the same rows.
 */
export const InventoryTable = ({ label }: { label: string }) => {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const manyWarehouses = useSeesManyWarehouses();
  if (phone) {
    return (
      <SimpleList<InventoryRecord>
        rowClick={false}
        primaryText={(r) => r.product.name}
        secondaryText={(r) => <StockSummary item={r} />}
        tertiaryText={(r) => (manyWarehouses ? r.warehouse.name : r.product.code)}
        empty={<NoRows message="inventory.no_rows" />}
      />
    );
  }
  return (
    <DataTable bulkActionButtons={false} rowClick={false} body={InventoryBody} empty={<NoRows message="inventory.no_rows" />} aria-label={translate(label)}>
      <DataTable.Col source="product.name" label="inventory.product_name" />
      <DataTable.Col source="productCategory.name" label="inventory.product_category" />
      <DataTable.Col source="product.code" label="inventory.product_code" />
      <DataTable.Col label="inventory.product_image" render={(r: InventoryRecord) => <ImagePreview product={r.product} />} />
      {manyWarehouses && <DataTable.Col source="warehouse.name" label="inventory.warehouse" />}
      <DataTable.Col label="inventory.on_hand" render={(r: InventoryRecord) => <QuantityLines entries={r.on_hand} hidden={r.quantities_hidden} />} />
      <DataTable.Col label="inventory.reserved" render={(r: InventoryRecord) => <QuantityLines entries={r.reserved} hidden={r.quantities_hidden} />} />
      <DataTable.Col source="available" label="inventory.available" render={(r: InventoryRecord) => <QuantityLines entries={r.available} hidden={r.quantities_hidden} />} />
      <DataTable.Col
        label="inventory.in_transit"
        render={(r: InventoryRecord) => (r.quantities_hidden ? <HiddenDuringCount /> : r.in_transit?.length ? <QuantityLines entries={r.in_transit} /> : '–')}
      />
      <DataTable.Col
        label="inventory.buffer_stock"
        render={(r: InventoryRecord) => `${r.product.buffer_stock.quantity} : ${r.product.buffer_stock.unit_of_measurement}`}
      />
    </DataTable>
  );
};
