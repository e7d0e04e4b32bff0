import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import { outgoingApi, type LineEntry, type StockItem } from './api';
import { ProductImage } from './ProductImage';
import { QuantityDialog } from './QuantityDialog';
import { TablePager, usePaging } from '../common/TablePager';

const DEBOUNCE_MS = 300;

/** The stock of one warehouse matching `query`, paged (search debounced by 300 ms, spec 9). */
function useStockSearch(warehouseId: string, query: string, page: number, limit: number) {
  const notify = useNotify();
  const [result, setResult] = useState<{ inventories: StockItem[]; total_count: number }>({ inventories: [], total_count: 0 });
  useEffect(() => {
    let alive = true;
    const timer = setTimeout(() => {
      outgoingApi.searchStock(warehouseId, query, page + 1, limit).then(
        (r) => alive && setResult(r),
        (e: unknown) => notify(errorMessage(e), { type: 'error' }),
      );
    }, DEBOUNCE_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [warehouseId, query, page, limit, notify]);
  return result;
}

const HEADS = ['product_name', 'product_code', 'warehouse', 'product_image', 'available'];

/** The add-product view (spec 2): search, paged stock of the list's warehouse, and an add dialog per row. */
export const StockPicker = ({ warehouseId, onAdd }: { warehouseId: string; onAdd: (item: StockItem, entry: LineEntry) => Promise<boolean> }) => {
  const translate = useTranslate();
  const [query, setQuery] = useState('');
  const paging = usePaging();
  const { page, limit, setPage } = paging;
  const [adding, setAdding] = useState<StockItem | null>(null);
  const { inventories, total_count } = useStockSearch(warehouseId, query, page, limit);
  return (
    <Box sx={{ my: 2 }}>
      <TextField
        size="small" label={translate('outgoing.search_products')} value={query} sx={{ minWidth: 300 }}
        onChange={(e) => { setQuery(e.target.value); setPage(0); }}
      />
      <Table size="small">
        <TableHead>
          <TableRow>
            {HEADS.map((h) => <TableCell key={h}>{translate(`outgoing.${h}`)}</TableCell>)}
            <TableCell>{translate('app.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {inventories.map((item) => (
            <TableRow key={item._id} data-testid="stock-row">
              <TableCell>{item.product.name}</TableCell>
              <TableCell>{item.product.code}</TableCell>
              <TableCell>{item.warehouse.name}</TableCell>
              <TableCell><ProductImage product={item.product} /></TableCell>
              <TableCell>{item.available.map((q) => <div key={q.name}>{`${q.value} : ${q.name}`}</div>)}</TableCell>
              <TableCell>
                <Button size="small" variant="outlined" aria-label={`${translate('outgoing.add_line')} ${item.product.name}`} onClick={() => setAdding(item)}>
                  {translate('outgoing.add_line')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePager total={total_count} paging={paging} />
      {adding && (
        <QuantityDialog
          title="outgoing.add_title" productName={adding.product.name} units={adding.product.quantity} initial={{}}
          onClose={() => setAdding(null)} onSave={(entry) => void onAdd(adding, entry).then((ok) => ok && setAdding(null))}
        />
      )}
    </Box>
  );
};
