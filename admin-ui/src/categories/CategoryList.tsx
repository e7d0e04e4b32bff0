import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RestoreIcon from '@mui/icons-material/Restore';
import {
  Box, Chip, IconButton, LinearProgress, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow,
  TextField, Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { can } from '../../../backend/src/common/auth/permissions';
import { ConfirmButton } from '../common/ConfirmButton';
import { LinkButton } from '../common/LinkButton';
import { PageTitle } from '../common/PageTitle';
import { readSession } from '../providers/session';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { useCategories, type Category } from './useCategories';

/** warehouseAdmin row actions: edit and delete on active rows, undo on removed rows (spec 2). */
const CategoryActions = ({ category, removed, reload }: { category: Category; removed: boolean; reload: () => Promise<void> }) => {
  const translate = useTranslate();
  const dp = useAppDataProvider();
  const id = category._id;
  if (removed) {
    return (
      <ConfirmButton
        label="categories.undo" icon={<RestoreIcon />} color="success"
        question="categories.confirm_activate" success="categories.activated"
        run={async () => { await dp.activate('categories', { id }); await reload(); }}
      />
    );
  }
  return (
    <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
      <Tooltip title={translate('categories.edit')}>
        <IconButton size="small" color="primary" aria-label={translate('categories.edit')} component={Link} to={`/addCategory/${id}`}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      <ConfirmButton
        label="categories.delete" icon={<DeleteIcon />} color="error"
        question="categories.confirm_delete" success="categories.deleted"
        run={async () => { await dp.delete('categories', { id }); await reload(); }}
      />
    </Box>
  );
};

/** /viewCategory: 'List of Categories'; warehouseAdmin gets the status dropdown, Add Category and row actions. */
export const CategoryList = () => {
  const translate = useTranslate();
  const manager = can(readSession()?.role, 'categories.manage');
  const [status, setStatus] = useState<'active' | 'removed'>('active');
  const { rows, reload } = useCategories(status);
  return (
    <Box>
      <PageTitle title="categories.list_title" />
      {manager && (
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
          <TextField
            select size="small" label={translate('app.status')} value={status} sx={{ minWidth: 160 }}
            onChange={(e) => setStatus(e.target.value as 'active' | 'removed')}
          >
            <MenuItem value="active">{translate('app.active')}</MenuItem>
            <MenuItem value="removed">{translate('app.removed')}</MenuItem>
          </TextField>
          <LinkButton to="/addCategory" label="categories.add" />
        </Stack>
      )}
      <Paper>
        {!rows && <LinearProgress />}
        <Table size="small" aria-label={translate('categories.list_title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('categories.name')}</TableCell>
              <TableCell>{translate('categories.specifications')}</TableCell>
              <TableCell>{translate('categories.quantity_measurement')}</TableCell>
              {manager && <TableCell>{translate('app.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.length === 0 && (
              <TableRow><TableCell colSpan={4}>{translate('categories.empty')}</TableCell></TableRow>
            )}
            {rows?.map((c) => (
              <TableRow key={c._id}>
                <TableCell>{c.name}</TableCell>
                <TableCell>{c.specifications.map((s) => <Chip key={s} label={s} size="small" sx={{ mr: 0.5 }} />)}</TableCell>
                <TableCell>{c.quantity_measurement.join(', ')}</TableCell>
                {manager && (
                  <TableCell><CategoryActions category={c} removed={status === 'removed'} reload={reload} /></TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
};
