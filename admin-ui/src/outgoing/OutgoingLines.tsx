import { TableCell } from '@mui/material';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { LinesFrame } from '../incoming/LinesFrame';
import { fromQuantity } from '../incoming/QuantityFields';
import type { LineEntry, OutgoingLine, UnitPrice } from './api';
import { formatEtb } from './money';
import { ProductImage } from './ProductImage';
import { QuantityDialog } from './QuantityDialog';

interface OutgoingLinesProps {
  lines: OutgoingLine[];
  editable: boolean;
  onUpdate: (lineId: string, entry: LineEntry) => Promise<boolean>;
  onRemove: (lineId: string) => Promise<boolean>;
}

const HEADS = ['product_name', 'product_code', 'product_image', 'quantity', 'unit_price'];

/** A unit's price as the line shows it: `12.50`, or `12.50 / pcs` on a line of several units. */
const priceText = (line: OutgoingLine, p: UnitPrice) => (line.quantity.length > 1 ? `${formatEtb(p.price)} / ${p.name}` : formatEtb(p.price));

/** The draft view: product, code, image, quantity as value : name lines, the price of each unit; edit and delete while allowed. */
export const OutgoingLines = ({ lines, editable, onUpdate, onRemove }: OutgoingLinesProps) => {
  const [editing, setEditing] = useState<OutgoingLine | null>(null);
  const [removing, setRemoving] = useState<OutgoingLine | null>(null);
  return (
    <>
      <LinesFrame
        kind="outgoing" label="outgoing.detail_title" heads={HEADS} lines={lines} editable={editable} onEdit={setEditing} onRemove={setRemoving}
        cells={(line) => (
          <>
            <TableCell>{line.product.name}</TableCell>
            <TableCell>{line.product.code}</TableCell>
            <TableCell><ProductImage product={line.product} /></TableCell>
            <TableCell>{line.quantity.map((q) => <div key={q.name}>{`${q.value} : ${q.name}`}</div>)}</TableCell>
            <TableCell data-testid="line-price">{line.unitPrices.map((p) => <div key={p.name}>{priceText(line, p)}</div>)}</TableCell>
          </>
        )}
      />
      {editing && (
        <QuantityDialog
          title="outgoing.edit_title" productName={editing.product.name} units={editing.product.quantity} initial={fromQuantity(editing.quantity)}
          initialPrices={editing.unitPrices} onClose={() => setEditing(null)} onSave={(entry) => void onUpdate(editing._id, entry).then((ok) => ok && setEditing(null))}
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
