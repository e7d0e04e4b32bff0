import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { InventoryItem } from './api';
import { TablePager, type Paging } from '../common/TablePager';

const HEADS = ['product_name', 'description', 'category', 'warehouse', 'quantity'];

interface StockTableProps {
  rows: InventoryItem[];
  total: number;
  paging: Paging;
  /** Present for users who may move stock (warehouseAdmin). */
  onIssue?: (item: InventoryItem) => void;
  onReceive?: (item: InventoryItem) => void;
}

/** The Outgoing Inventory table (spec 2): name, description, category, warehouse, quantity (name: value), action. */
export const StockTable = ({ rows, total, paging, onIssue, onReceive }: StockTableProps) => {
  const translate = useTranslate();
  return (
    <>
      <Table size="small">
        <TableHead>
          <TableRow>
            {HEADS.map((h) => <TableCell key={h}>{translate(`inventory.${h}`)}</TableCell>)}
            {onIssue && <TableCell>{translate('app.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((item) => (
            <TableRow key={item._id} data-testid="stock-row">
              <TableCell>{item.product.name}</TableCell>
              <TableCell>{item.product.description}</TableCell>
              <TableCell>{item.productCategory.name}</TableCell>
              <TableCell>{item.warehouse.name}</TableCell>
              <TableCell>{item.quantity.map((q) => <div key={q.name}>{`${q.name}: ${q.value}`}</div>)}</TableCell>
              {onIssue && (
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <Button size="small" variant="outlined" aria-label={`${translate('inventory.issue')} ${item.product.name}`} onClick={() => onIssue(item)}>
                      {translate('inventory.issue')}
                    </Button>
                    {onReceive && (
                      <Button size="small" aria-label={`${translate('inventory.receive')} ${item.product.name}`} onClick={() => onReceive(item)}>
                        {translate('inventory.receive')}
                      </Button>
                    )}
                  </Box>
                </TableCell>
              )}
            </TableRow>
          ))}
          {rows.length === 0 && <TableRow><TableCell colSpan={HEADS.length + 1}>{translate('inventory.no_rows')}</TableCell></TableRow>}
        </TableBody>
      </Table>
      <TablePager total={total} paging={paging} />
    </>
  );
};
