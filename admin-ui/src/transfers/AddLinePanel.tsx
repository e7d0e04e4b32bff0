import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { TextField as TextFieldColumn, useRecordContext, useTranslate } from 'react-admin';
import { AvailableCell } from '../common/AvailableCell';
import { PickerList, TestIdRow } from '../incoming/PickerList';
import type { InventoryItem, QuantityEntry } from '../inventory/api';

/** A positive amount with at most 3 decimals. */
const AMOUNT = /^\d{1,9}(\.\d{1,3})?$/;

const ChooseCell = ({ onPick }: { label: string; onPick: (item: InventoryItem) => void }) => {
  const translate = useTranslate();
  const item = useRecordContext<InventoryItem & { id: string }>();
  if (!item) return null;
  return (
    <Button size="small" variant="outlined" aria-label={`${translate('transfers.add_line.choose')} ${item.product.name}`} onClick={() => onPick(item)}>
      {translate('transfers.add_line.choose')}
    </Button>
  );
};

/**
 * Adding a line to a draft transfer: the source warehouse's stock (searched, paged),
 * then the amount per unit (at most what is available; the server answers 409 otherwise).
 */
export const AddLinePanel = ({ warehouseId, onAdd }: { warehouseId: string; onAdd: (inventory: string, quantity: QuantityEntry[]) => Promise<boolean> }) => {
  const translate = useTranslate();
  const [item, setItem] = useState<InventoryItem | null>(null);
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const quantity = (item?.product.quantity ?? [])
    .filter((u) => AMOUNT.test((amounts[u] ?? '').trim()) && Number(amounts[u]) > 0)
    .map((name) => ({ name, value: Number(amounts[name]) }));
  const add = async () => {
    if (!item || !quantity.length) return;
    setBusy(true);
    if (await onAdd(item._id, quantity)) {
      setItem(null);
      setAmounts({});
    }
    setBusy(false);
  };
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">{translate('transfers.add_line.title')}</Typography>
      {!item ? (
        <PickerList
          resource="inventory" filter={{ warehouseId }} searchLabel="transfers.add_line.search" tableLabel="transfers.add_line.table" row={<TestIdRow testId="stock-row" />}
        >
          <TextFieldColumn source="product.name" label="transfers.product" />
          <TextFieldColumn source="product.code" label="transfers.code" />
          <AvailableCell label="transfers.available" />
          <ChooseCell label="app.actions" onPick={setItem} />
        </PickerList>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, pt: 1, maxWidth: 480 }}>
          <Typography data-testid="transfer-pick"><strong>{item.product.name}</strong> ({item.product.code})</Typography>
          {item.product.quantity.map((unit) => (
            <TextField
              key={unit} size="small" type="number" label={translate('transfers.add_line.amount', { unit })} value={amounts[unit] ?? ''}
              onChange={(e) => setAmounts({ ...amounts, [unit]: e.target.value })}
              helperText={`${translate('transfers.available')}: ${item.quantities_hidden ? translate('inventory.hidden_during_count') : `${item.available.find((q) => q.name === unit)?.value ?? 0} ${unit}`}`}
              slotProps={{ htmlInput: { min: 0, step: 'any', 'aria-label': `${item.product.name} ${unit}` } }}
            />
          ))}
          {!quantity.length && <Alert severity="info">{translate('transfers.add_line.amount', { unit: item.product.quantity.join(' / ') })}</Alert>}
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="contained" disabled={busy || !quantity.length} onClick={() => void add()}>{translate('transfers.add_line.submit')}</Button>
            <Button onClick={() => setItem(null)}>{translate('app.cancel')}</Button>
          </Box>
        </Box>
      )}
    </Box>
  );
};
