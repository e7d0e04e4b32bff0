import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { QuantityFields, toQuantity, type UnitValues } from '../incoming/QuantityFields';
import { refreshCounts } from '../layout/useApiCount';
import { stockApi, type InventoryItem } from './api';
import { useSubmit } from '../common/useSubmit';

/**
 * The issue modal: one field per unit of the product, Ref./SIV/ (sent as
 * `gin`) and 'Taken by'. A 409 'Not enough stock ...' shows as an error and keeps the dialog open.
 */
export const IssueDialog = ({ item, onClose, onDone }: { item: InventoryItem; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<UnitValues>({});
  const [gin, setGin] = useState('');
  const [takenBy, setTakenBy] = useState('');
  const { busy, attempt, idempotencyKey } = useSubmit();
  const submit = async () => {
    const quantity = toQuantity(values);
    if (quantity.length === 0) return notify('inventory.quantity_required', { type: 'error' });
    if (!gin.trim()) return notify('inventory.gin_required', { type: 'error' });
    const body = { id: item._id, quantity, gin: gin.trim(), ...(takenBy.trim() ? { taken_by: takenBy.trim() } : {}) };
    await attempt(() => stockApi.issue(body, idempotencyKey(body)), 'inventory.issued', () => { refreshCounts(); onDone(); });
  };
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>{translate('inventory.issue_title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box>{`${item.product.name} (${item.warehouse.name})`}</Box>
          <QuantityFields units={item.product.quantity} values={values} onChange={setValues} label={item.product.name} />
          <TextField size="small" required label={translate('inventory.gin')} value={gin} onChange={(e) => setGin(e.target.value)} />
          <TextField size="small" label={translate('inventory.taken_by')} value={takenBy} onChange={(e) => setTakenBy(e.target.value)} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>{translate('app.save')}</Button>
      </DialogActions>
    </Dialog>
  );
};
