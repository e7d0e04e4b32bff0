import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { QuantityFields, toQuantity, type UnitValues } from '../incoming/QuantityFields';
import type { LineEntry } from './api';

interface QuantityDialogProps {
  /** i18n key of the title ('Edit Outgoing List' or 'New Incoming Lists' as the spec names them). */
  title: string;
  productName: string;
  units: string[];
  initial: UnitValues;
  /** The line's unit price to prefill on edit. */
  initialPrice?: number;
  onClose: () => void;
  onSave: (entry: LineEntry) => void;
}

/**
 * The typed unit price: a number >= 0 with at most 2 decimals, `undefined` when left empty
 * (see {@link priceField}), `null` when invalid.
 */
function parsePrice(text: string): number | undefined | null {
  const t = text.trim();
  if (!t) return undefined;
  return /^\d{1,12}(\.\d{1,2})?$/.test(t) ? Number(t) : null;
}

/** The price to send: the typed one; null when a line's price was emptied (clears it); nothing otherwise. */
function priceField(typed: number | undefined, initial: number | undefined): Pick<LineEntry, 'unitPrice'> {
  if (typed !== undefined) return { unitPrice: typed };
  return initial === undefined ? {} : { unitPrice: null };
}

/** A dialog with one number input per unit of the product and an optional unit price (spec 2 add and edit dialogs). */
export const QuantityDialog = ({ title, productName, units, initial, initialPrice, onClose, onSave }: QuantityDialogProps) => {
  const translate = useTranslate();
  const [values, setValues] = useState<UnitValues>(initial);
  const [price, setPrice] = useState(initialPrice === undefined ? '' : String(initialPrice));
  // in the product's unit order: the price is of one unit of the first entry (docs/api.md)
  const quantity = toQuantity(values).sort((a, b) => units.indexOf(a.name) - units.indexOf(b.name));
  const unitPrice = parsePrice(price);
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>{translate(title)}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <Box sx={{ mb: 1 }}>{productName}</Box>
          <QuantityFields units={units} values={values} onChange={setValues} label={productName} />
          <TextField
            size="small" type="number" label={translate('outgoing.unit_price')} value={price} sx={{ mt: 2, width: 320 }}
            onChange={(e) => setPrice(e.target.value)} error={unitPrice === null}
            helperText={translate(unitPrice === null ? 'outgoing.unit_price_invalid' : 'outgoing.unit_price_help', { unit: quantity[0]?.name ?? units[0] ?? '' })}
            inputProps={{ min: 0, step: 0.01 }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <Button
          variant="contained" disabled={quantity.length === 0 || unitPrice === null}
          onClick={() => unitPrice !== null && onSave({ quantity, ...priceField(unitPrice, initialPrice) })}
        >
          {translate('app.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
