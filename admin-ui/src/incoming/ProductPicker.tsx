import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow , TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../providers/httpClient';
import { incomingApi, type PickerProduct, type QuantityEntry } from './api';
import { costBody, costErrors, costOf, LineCostFields, type LineCost, type LineCostBody } from './LineCostFields';
import { QuantityFields, toQuantity, type UnitValues } from './QuantityFields';
import { TablePager, usePaging } from '../common/TablePager';

const DEBOUNCE_MS = 300;

/** The searched, paged products (search debounced by 300 ms, spec 9). */
function useProductSearch(query: string, page: number, limit: number) {
  const notify = useNotify();
  const [result, setResult] = useState<{ products: PickerProduct[]; total_count: number }>({ products: [], total_count: 0 });
  useEffect(() => {
    let alive = true;
    const timer = setTimeout(() => {
      incomingApi.searchProducts(query, page + 1, limit).then(
        (r) => alive && setResult(r),
        (e: unknown) => notify(errorMessage(e), { type: 'error' }),
      );
    }, DEBOUNCE_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [query, page, limit, notify]);
  return result;
}

/** Adds a product with its quantity and, optionally, its purchased price and depreciation rate. */
type AddLine = (quantity: QuantityEntry[], cost: LineCostBody) => Promise<boolean>;

const PickerRow = ({ product, onAdd }: { product: PickerProduct; onAdd: AddLine }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<UnitValues>({});
  const [cost, setCost] = useState<LineCost>(costOf());
  const add = async () => {
    const quantity = toQuantity(values);
    if (quantity.length === 0) return notify('incoming.quantity_required', { type: 'error' });
    if (Object.keys(costErrors(cost)).length > 0) return;
    if (await onAdd(quantity, costBody(cost, 'omit'))) {
      setValues({});
      setCost(costOf());
    }
  };
  return (
    <TableRow data-testid="picker-row">
      <TableCell>{product.name}</TableCell>
      <TableCell>{product.code}</TableCell>
      <TableCell><QuantityFields units={product.quantity} values={values} onChange={setValues} label={product.name} /></TableCell>
      <TableCell><LineCostFields value={cost} onChange={setCost} label={product.name} /></TableCell>
      <TableCell>
        <Button size="small" variant="outlined" aria-label={`${translate('incoming.add_line')} ${product.name}`} onClick={() => void add()}>
          {translate('incoming.add_line')}
        </Button>
      </TableCell>
    </TableRow>
  );
};

/** The searchable, paginated product picker of 'Add Product' (spec 2 Single incoming list). */
export const ProductPicker = ({ onAdd }: { onAdd: (product: string, quantity: QuantityEntry[], cost: LineCostBody) => Promise<boolean> }) => {
  const translate = useTranslate();
  const [query, setQuery] = useState('');
  const paging = usePaging();
  const { page, limit, setPage } = paging;
  const { products, total_count } = useProductSearch(query, page, limit);
  return (
    <Box sx={{ my: 2 }}>
      <TextField
        size="small" label={translate('incoming.search_products')} value={query} sx={{ minWidth: 300 }}
        onChange={(e) => { setQuery(e.target.value); setPage(0); }}
      />
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('incoming.product_name')}</TableCell>
            <TableCell>{translate('incoming.product_code')}</TableCell>
            <TableCell>{translate('incoming.quantity')}</TableCell>
            <TableCell>{translate('incoming.cost')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {products.map((p) => <PickerRow key={p._id} product={p} onAdd={(q, cost) => onAdd(p._id, q, cost)} />)}
        </TableBody>
      </Table>
      <TablePager total={total_count} paging={paging} />
    </Box>
  );
};
