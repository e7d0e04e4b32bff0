import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { fromQuantity } from '../incoming/QuantityFields';
import type { LineEntry, OutgoingLine } from './api';
import { ProductImage } from './ProductImage';
import { QuantityDialog } from './QuantityDialog';

interface OutgoingLinesProps {
  lines: OutgoingLine[];
  editable: boolean;
  onUpdate: (lineId: string, entry: LineEntry) => Promise<boolean>;
  onRemove: (lineId: string) => Promise<boolean>;
}

const HEADS = ['product_name', 'product_code', 'product_image', 'quantity', 'unit_price'];

/** A unit price in ETB as `1,250.50`. */
const ETB = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The draft view (spec 2): product, code, image, quantity as value : name lines, unit price; edit and delete while allowed. */
export const OutgoingLines = ({ lines, editable, onUpdate, onRemove }: OutgoingLinesProps) => {
  const translate = useTranslate();
  const [editing, setEditing] = useState<OutgoingLine | null>(null);
  const [removing, setRemoving] = useState<OutgoingLine | null>(null);
  return (
    <>
      <Table size="small" aria-label={translate('outgoing.detail_title')}>
        <TableHead>
          <TableRow>
            {HEADS.map((h) => <TableCell key={h}>{translate(`outgoing.${h}`)}</TableCell>)}
            {editable && <TableCell>{translate('app.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.length === 0 && <TableRow><TableCell colSpan={HEADS.length + 1}>{translate('outgoing.no_lines')}</TableCell></TableRow>}
          {lines.map((line) => (
            <TableRow key={line._id} data-testid="line-row">
              <TableCell>{line.product.name}</TableCell>
              <TableCell>{line.product.code}</TableCell>
              <TableCell><ProductImage product={line.product} /></TableCell>
              <TableCell>{line.quantity.map((q) => <div key={q.name}>{`${q.value} : ${q.name}`}</div>)}</TableCell>
              <TableCell data-testid="line-price">{line.unitPrice == null ? '' : ETB.format(line.unitPrice)}</TableCell>
              {editable && (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={translate('outgoing.edit_line')}>
                    <IconButton size="small" color="primary" aria-label={`${translate('outgoing.edit_line')} ${line.product.name}`} onClick={() => setEditing(line)}><EditIcon /></IconButton>
                  </Tooltip>
                  <Tooltip title={translate('outgoing.delete_line')}>
                    <IconButton size="small" color="error" aria-label={`${translate('outgoing.delete_line')} ${line.product.name}`} onClick={() => setRemoving(line)}><DeleteIcon /></IconButton>
                  </Tooltip>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing && (
        <QuantityDialog
          title="outgoing.edit_title" productName={editing.product.name} units={editing.product.quantity} initial={fromQuantity(editing.quantity)}
          initialPrice={editing.unitPrice} onClose={() => setEditing(null)} onSave={(entry) => void onUpdate(editing._id, entry).then((ok) => ok && setEditing(null))}
        />
      )}
      <Confirm
        isOpen={!!removing} title="outgoing.confirm_delete" content="" confirm="outgoing.yes" cancel="outgoing.no" confirmColor="warning"
        onConfirm={() => removing && void onRemove(removing._id).then(() => setRemoving(null))}
        onClose={() => setRemoving(null)}
      />
    </>
  );
};
