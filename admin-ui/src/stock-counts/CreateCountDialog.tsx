import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { errorMessage } from '../providers/httpClient';
import { stockCountsApi, type StockCount } from './api';

interface CreateCountDialogProps {
  open: boolean;
  warehouseId: string;
  onClose: () => void;
  onCreated: (c: StockCount) => void;
}

/** 'New Stock Count': optionally one category, optionally blind; POST /api/stockCounts/create. */
export const CreateCountDialog = ({ open, warehouseId, onClose, onCreated }: CreateCountDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: categories = [] } = useGetList('categories', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const [category, setCategory] = useState('');
  const [blind, setBlind] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { keyFor, settled } = useIdempotencyKey();
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const body = { warehouse: warehouseId, blind, ...(category ? { category } : {}) };
      const created = await stockCountsApi.create(body, keyFor(body));
      settled();
      notify('stockCounts.create.created_ok', { type: 'success' });
      onClose();
      onCreated(created);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" TransitionProps={{ onExited: () => { setCategory(''); setBlind(false); setError(null); } }} aria-labelledby="new-count-title">
      <DialogTitle id="new-count-title">{translate('stockCounts.create.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField select label={translate('stockCounts.category')} value={category} onChange={(e) => setCategory(e.target.value)}>
            <MenuItem value="">{translate('stockCounts.all_categories')}</MenuItem>
            {categories.map((c) => <MenuItem key={c.id} value={String(c.id)}>{String(c.name)}</MenuItem>)}
          </TextField>
          <FormControlLabel control={<Checkbox checked={blind} onChange={(e) => setBlind(e.target.checked)} />} label={`${translate('stockCounts.blind')}: ${translate('stockCounts.blind_help')}`} />
          {error && <Alert severity="error">{translate(error, { _: error })}</Alert>}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>{translate('stockCounts.create.submit')}</Button>
      </DialogActions>
    </Dialog>
  );
};
