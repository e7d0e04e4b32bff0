import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TableCell, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import type { IncomingLine, QuantityEntry } from './api';
import { costBody, costErrors, costOf, LineCostFields, type LineCost, type LineCostBody } from './LineCostFields';
import { fromQuantity, QuantityFields, toQuantity, type UnitValues } from './QuantityFields';
import { LinesFrame } from './LinesFrame';

const ProductImage = ({ product }: { product: IncomingLine['product'] }) => {
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  if (!product.image_extension || failed) return <Typography variant="caption">{translate('incoming.image_unavailable')}</Typography>;
  return <img src={`/images/${product._id}${product.image_extension}`} alt={product.name} width={100} onError={() => setFailed(true)} />;
};

/** Quantity, price and rate of a line; emptying the price or rate clears it (sent as null). */
const EditLineDialog = ({ line, onClose, onSave }: { line: IncomingLine; onClose: () => void; onSave: (q: QuantityEntry[], cost: LineCostBody) => void }) => {
  const translate = useTranslate();
  const [values, setValues] = useState<UnitValues>(fromQuantity(line.quantity));
  const [cost, setCost] = useState<LineCost>(costOf(line));
  const invalid = toQuantity(values).length === 0 || Object.keys(costErrors(cost)).length > 0;
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>{translate('incoming.edit_line_title', { name: line.product.name })}</DialogTitle>
      <DialogContent sx={{ pt: 1 }}>
        <Box sx={{ pt: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <QuantityFields units={line.product.quantity} values={values} onChange={setValues} label={line.product.name} />
          <LineCostFields value={cost} onChange={setCost} label={line.product.name} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <Button variant="contained" disabled={invalid} onClick={() => onSave(toQuantity(values), costBody(cost, 'clear'))}>{translate('app.save')}</Button>
      </DialogActions>
    </Dialog>
  );
};

const HEADS = ['product_name', 'product_code', 'product_image', 'quantity', 'purchased_price', 'depreciation_rate'];

interface LinesTableProps {
  lines: IncomingLine[];
  editable: boolean;
  onUpdate: (productId: string, quantity: QuantityEntry[], cost: LineCostBody) => Promise<boolean>;
  onRemove: (productId: string) => Promise<boolean>;
}

/**
 * The lines of a list: Product Name, Code, Image, Quantity (value : name), purchased price
 * and depreciation rate and, while allowed, edit and delete.
 */
export const LinesTable = ({ lines, editable, onUpdate, onRemove }: LinesTableProps) => {
  const translate = useTranslate();
  const [editing, setEditing] = useState<IncomingLine | null>(null);
  const [removing, setRemoving] = useState<IncomingLine | null>(null);
  const shown = (n?: number) => (n === undefined ? translate('incoming.no_value') : String(n));
  return (
    <>
      <LinesFrame
        kind="incoming" label="incoming.lines" heads={HEADS} lines={lines} editable={editable} onEdit={setEditing} onRemove={setRemoving}
        cells={(line) => (
          <>
            <TableCell>{line.product.name}</TableCell>
            <TableCell>{line.product.code}</TableCell>
            <TableCell><ProductImage product={line.product} /></TableCell>
            <TableCell>{line.quantity.map((q) => `${q.value} : ${q.name}`).join(', ')}</TableCell>
            <TableCell data-testid="line-price">{shown(line.purchasedPrice)}</TableCell>
            <TableCell data-testid="line-rate">{shown(line.depreciationRate)}</TableCell>
          </>
        )}
      />
      {editing && (
        <EditLineDialog line={editing} onClose={() => setEditing(null)} onSave={(q, cost) => void onUpdate(editing.product._id, q, cost).then((ok) => ok && setEditing(null))} />
      )}
      <Confirm
        isOpen={!!removing} title="incoming.confirm_delete_line" content="" confirm="incoming.delete_line" cancel="app.cancel" confirmColor="warning"
        onConfirm={() => removing && void onRemove(removing.product._id).then(() => setRemoving(null))}
        onClose={() => setRemoving(null)}
      />
    </>
  );
};
