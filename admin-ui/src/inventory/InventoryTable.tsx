import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { InventoryItem } from './api';
import { ImagePreview } from './ImagePreview';
import { TablePager, type Paging } from '../common/TablePager';

const HEADS = ['product_name', 'product_category', 'product_code', 'product_image', 'quantity', 'buffer_stock'];

const Row = ({ item }: { item: InventoryItem }) => (
  <TableRow data-testid="inventory-row">
    <TableCell>{item.product.name}</TableCell>
    <TableCell>{item.productCategory.name}</TableCell>
    <TableCell>{item.product.code}</TableCell>
    <TableCell><ImagePreview product={item.product} /></TableCell>
    <TableCell>{item.quantity.map((q) => <div key={q.name}>{`${q.value} : ${q.name}`}</div>)}</TableCell>
    <TableCell>{`${item.product.buffer_stock.quantity} : ${item.product.buffer_stock.unit_of_measurement}`}</TableCell>
  </TableRow>
);

/** The Inventory table (spec 2 Inventory): the spec's columns and pagination (default 10 per page). */
export const InventoryTable = ({ rows, total, paging }: { rows: InventoryItem[]; total: number; paging: Paging }) => {
  const translate = useTranslate();
  return (
    <>
      <Table size="small">
        <TableHead>
          <TableRow>{HEADS.map((h) => <TableCell key={h}>{translate(`inventory.${h}`)}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {rows.map((item) => <Row key={item._id} item={item} />)}
          {rows.length === 0 && (
            <TableRow><TableCell colSpan={HEADS.length}>{translate('inventory.no_rows')}</TableCell></TableRow>
          )}
        </TableBody>
      </Table>
      <TablePager total={total} paging={paging} />
    </>
  );
};
