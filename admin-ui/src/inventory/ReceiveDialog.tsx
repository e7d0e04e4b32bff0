import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { QuantityFields, toQuantity, type UnitValues } from '../incoming/QuantityFields';
import { refreshCounts } from '../layout/useApiCount';
import { stockApi, type ReceiveBody } from './api';
import { ProductSelect, type PickedProduct } from './ProductSelect';
import { useSubmit } from '../common/useSubmit';

interface ReceiveDialogProps {
  warehouseId: string;
  /** Preselected product (receiving more of a listed row). */
  initial: PickedProduct | null;
  onClose: () => void;
  onDone: () => void;
}

/** Optional numbers: blank is left out, anything else is sent as typed (the server validates it). */
const optionalNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/**
 * The receive modal for warehouseAdmin (Ref./GRN/ when incoming): product, one field per unit,
 * GRN, optional purchased price (ETB) and depreciation rate (%). Posts POST /api/inventory/incoming.
 */
export const ReceiveDialog = ({ warehouseId, initial, onClose, onDone }: ReceiveDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [product, setProduct] = useState<PickedProduct | null>(initial);
  const [values, setValues] = useState<UnitValues>({});
  const [grn, setGrn] = useState('');
  const [price, setPrice] = useState('');
  const [rate, setRate] = useState('');
  const { busy, attempt, idempotencyKey } = useSubmit();
  const submit = async () => {
    const quantity = toQuantity(values);
    if (!product) return notify('inventory.product_required', { type: 'error' });
    if (quantity.length === 0) return notify('inventory.quantity_required', { type: 'error' });
    if (!grn.trim()) return notify('inventory.grn_required', { type: 'error' });
    const body: ReceiveBody = { warehouse: warehouseId, product: product._id, quantity, grn: grn.trim(), purchasedPrice: optionalNumber(price), depreciationRate: optionalNumber(rate) };
    await attempt(() => stockApi.receive(body, idempotencyKey(body)), 'inventory.received', () => { refreshCounts(); onDone(); });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('inventory.receive_title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <ProductSelect value={product} onChange={(p) => { setProduct(p); setValues({}); }} />
          {product && <QuantityFields units={product.quantity} values={values} onChange={setValues} label={product.name} />}
          <TextField size="small" required label={translate('inventory.grn')} value={grn} onChange={(e) => setGrn(e.target.value)} />
          <TextField size="small" type="number" label={translate('inventory.purchased_price')} value={price} onChange={(e) => setPrice(e.target.value)} inputProps={{ min: 0, step: 'any' }} />
          <TextField size="small" type="number" label={translate('inventory.depreciation_rate')} value={rate} onChange={(e) => setRate(e.target.value)} inputProps={{ min: 0, max: 100, step: 'any' }} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>{translate('app.save')}</Button>
      </DialogActions>
    </Dialog>
  );
};
