import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { QuantityFields, toQuantity, type UnitValues } from '../incoming/QuantityFields';
import type { LineEntry, UnitPrice } from './api';

interface QuantityDialogProps {
  /** i18n key of the title ('Edit Outgoing List', or 'Add Product to Outgoing List' when adding). */
  title: string;
  productName: string;
  units: string[];
  initial: UnitValues;
  /** The line's price of each unit, to prefill on edit. */
  initialPrices?: UnitPrice[];
  onClose: () => void;
  onSave: (entry: LineEntry) => void;
}

/**
 * A typed unit price: a number >= 0 with at most 2 decimals, `undefined` when left empty
 * (the unit has no price), `null` when invalid.
 */
function parsePrice(text: string | undefined): number | undefined | null {
  const t = (text ?? '').trim();
  if (!t) return undefined;
  return /^\d{1,12}(\.\d{1,2})?$/.test(t) ? Number(t) : null;
}

/**
 * A dialog with one number input per unit of the product and a
 * price input for each unit given a quantity: every delivered unit is billed at its own price.
 * It sends the typed prices as `unitPrices`, which replaces the line's prices (an emptied one is cleared).
 */
export const QuantityDialog = ({ title, productName, units, initial, initialPrices = [], onClose, onSave }: QuantityDialogProps) => {
  const translate = useTranslate();
  const [values, setValues] = useState<UnitValues>(initial);
  const [prices, setPrices] = useState<UnitValues>(Object.fromEntries(initialPrices.map((p) => [p.name, String(p.price)])));
  const quantity = toQuantity(values).sort((a, b) => units.indexOf(a.name) - units.indexOf(b.name));
  const typed = quantity.map((q) => ({ name: q.name, price: parsePrice(prices[q.name]) }));
  const invalid = typed.some((p) => p.price === null);
  const unitPrices = typed.filter((p): p is UnitPrice => p.price != null);
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>{translate(title)}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <Box sx={{ mb: 1 }}>{productName}</Box>
          <QuantityFields units={units} values={values} onChange={setValues} label={productName} />
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}>
            {typed.map(({ name, price }) => (
              <TextField
                key={name} size="small" type="number" label={translate('outgoing.unit_price_of', { unit: name })} value={prices[name] ?? ''} sx={{ width: 320, maxWidth: '100%' }}
                onChange={(e) => setPrices({ ...prices, [name]: e.target.value })} error={price === null}
                helperText={translate(price === null ? 'outgoing.unit_price_invalid' : 'outgoing.unit_price_help', { unit: name })}
                inputProps={{ min: 0, step: 0.01 }}
              />
            ))}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <Button variant="contained" disabled={quantity.length === 0 || invalid} onClick={() => onSave({ quantity, unitPrices })}>
          {translate('app.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
