import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RestoreIcon from '@mui/icons-material/Restore';
import {
  Box, IconButton, LinearProgress, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TablePagination,
  TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { can } from '../../../backend/src/common/auth/permissions';
import { ConfirmButton } from '../common/ConfirmButton';
import { LinkButton } from '../common/LinkButton';
import { PageTitle } from '../common/PageTitle';
import { readSession } from '../providers/session';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { ImageCell } from './ImageCell';
import { SEARCH_LIMIT, useProducts, type Product } from './useProducts';

/** Search debounce (spec 9). */
const DEBOUNCE_MS = 300;

/** The search text, settled for 300 ms. */
function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

const ProductActions = ({ product, removed, reload }: { product: Product; removed: boolean; reload: () => Promise<void> }) => {
  const translate = useTranslate();
  const dp = useAppDataProvider();
  const id = product._id;
  if (removed) {
    return (
      <ConfirmButton label="products.undo" icon={<RestoreIcon />} color="success" question="products.confirm_activate"
        success="products.activated" run={async () => { await dp.activate('products', { id }); await reload(); }} />
    );
  }
  return (
    <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
      <Tooltip title={translate('products.edit')}>
        <IconButton size="small" color="primary" aria-label={translate('products.edit')} component={Link} to={`/addProduct/${id}`}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      <ConfirmButton label="products.delete" icon={<DeleteIcon />} color="error" question="products.confirm_delete"
        success="products.deleted" run={async () => { await dp.delete('products', { id }); await reload(); }} />
    </Box>
  );
};

const ProductRow = ({ p, manager, removed, reload }: { p: Product; manager: boolean; removed: boolean; reload: () => Promise<void> }) => (
  <TableRow>
    <TableCell>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>{p.name}</Typography>
      <Typography variant="caption" component="div">{p.code}</Typography>
      <Typography variant="caption" component="div" color="text.secondary">{p.description}</Typography>
    </TableCell>
    <TableCell><ImageCell product={p} manager={manager && !removed} onChanged={() => void reload()} /></TableCell>
    <TableCell>{p.category.name}</TableCell>
    <TableCell>{p.specifications.map((s) => <div key={s.name}>{s.name}: {s.value}</div>)}</TableCell>
    <TableCell>{p.quantity.join(', ')}</TableCell>
    {manager && <TableCell><ProductActions product={p} removed={removed} reload={reload} /></TableCell>}
  </TableRow>
);

/**
 * /viewProduct: 'List of Products' (spec 2): search, paged table, warehouseAdmin's add/edit/delete/undo and images.
 * While searching the pager pages by 50 (spec 9), otherwise by the chosen size (5/10/20/40).
 */
export const ProductList = () => {
  const translate = useTranslate();
  const manager = can(readSession()?.role, 'products.manage');
  const [removed, setRemoved] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(10);
  const { result, reload } = useProducts({ removed, search, page, perPage });
  const searching = !!search && !removed;
  const heads = ['name', 'image', 'category', 'specifications', 'quantity'];
  return (
    <Box>
      <PageTitle title="products.list_title" />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <TextField size="small" label={translate('products.search')} value={text} type="search"
          onChange={(e) => { setText(e.target.value); setPage(1); }} />
        {manager && (
          <TextField select size="small" label={translate('app.status')} value={removed ? 'removed' : 'active'} sx={{ minWidth: 160 }}
            onChange={(e) => { setRemoved(e.target.value === 'removed'); setPage(1); }}>
            <MenuItem value="active">{translate('app.active')}</MenuItem>
            <MenuItem value="removed">{translate('app.removed')}</MenuItem>
          </TextField>
        )}
        {manager && <LinkButton to="/addProduct" label="products.add" />}
      </Stack>
      <Paper>
        {!result && <LinearProgress />}
        <Table size="small" aria-label={translate('products.list_title')}>
          <TableHead>
            <TableRow>
              {heads.map((h) => <TableCell key={h}>{translate(`products.${h}`)}</TableCell>)}
              {manager && <TableCell>{translate('app.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {result?.products.length === 0 && <TableRow><TableCell colSpan={6}>{translate('products.empty')}</TableCell></TableRow>}
            {result?.products.map((p) => <ProductRow key={p._id} p={p} manager={manager} removed={removed} reload={reload} />)}
          </TableBody>
        </Table>
        <TablePagination component="div" count={result?.total_count ?? 0} page={page - 1} rowsPerPage={searching ? SEARCH_LIMIT : perPage}
          rowsPerPageOptions={searching ? [] : [5, 10, 20, 40]} onPageChange={(_e, p) => setPage(p + 1)}
          onRowsPerPageChange={(e) => { setPerPage(Number(e.target.value)); setPage(1); }} />
      </Paper>
    </Box>
  );
};
