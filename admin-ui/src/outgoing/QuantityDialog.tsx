import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { QuantityFields, toQuantity, type UnitValues } from '../incoming/QuantityFields';
import type { QuantityEntry } from './api';

interface QuantityDialogProps {
  /** i18n key of the title ('Edit Outgoing List' or 'New Incoming Lists' as the spec names them). */
  title: string;
  productName: string;
  units: string[];
  initial: UnitValues;
  onClose: () => void;
  onSave: (quantity: QuantityEntry[]) => void;
}

/** A dialog with one number input per unit of the product (spec 2 add and edit dialogs). */
export const QuantityDialog = ({ title, productName, units, initial, onClose, onSave }: QuantityDialogProps) => {
  const translate = useTranslate();
  const [values, setValues] = useState<UnitValues>(initial);
  const quantity = toQuantity(values);
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>{translate(title)}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <Box sx={{ mb: 1 }}>{productName}</Box>
          <QuantityFields units={units} values={values} onChange={setValues} label={productName} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <Button variant="contained" disabled={quantity.length === 0} onClick={() => onSave(quantity)}>{translate('app.save')}</Button>
      </DialogActions>
    </Dialog>
  );
};
