import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import { AvailableCell } from '../common/AvailableCell';
import { useState } from 'react';
import { TextField as TextFieldColumn, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { PickerList, TestIdRow } from '../incoming/PickerList';
import type { InventoryItem } from '../inventory/api';
import { refreshCounts } from '../layout/useApiCount';
import { errorMessage } from '../providers/httpClient';
import { ADJUSTMENT_REASONS, adjustmentsApi, quantityText, type Adjustment, type QuantityEntry, type RequestedAdjustmentReason } from './api';

type Direction = 'add' | 'remove';

/** What is typed for one unit: add or remove, and how much (blank: the unit is left as it is). */
interface UnitChange {
  direction: Direction;
  amount: string;
}

/** A positive amount with at most 3 decimals (the API's precision). */
const AMOUNT = /^\d{1,9}(\.\d{1,3})?$/;

const amountError = (amount: string): boolean => amount.trim() !== '' && (!AMOUNT.test(amount.trim()) || Number(amount) === 0);

/** The signed quantity of the typed changes, in the product's unit order (removals negative). */
function signedQuantity(units: string[], changes: Record<string, UnitChange>): QuantityEntry[] {
  return units
    .filter((unit) => changes[unit] && changes[unit].amount.trim() !== '' && !amountError(changes[unit].amount))
    .map((unit) => ({ name: unit, value: (changes[unit].direction === 'remove' ? -1 : 1) * Number(changes[unit].amount) }));
}

const available = (item: InventoryItem, unit: string): number => item.available.find((q) => q.name === unit)?.value ?? 0;

const ChooseCell = ({ onPick }: { label: string; onPick: (item: InventoryItem) => void }) => {
  const translate = useTranslate();
  const item = useRecordContext<InventoryItem & { id: string }>();
  if (!item) return null;
  return (
    <Button size="small" variant="outlined" aria-label={`${translate('adjustments.dialog.choose')} ${item.product.name}`} onClick={() => onPick(item)}>
      {translate('adjustments.dialog.choose')}
    </Button>
  );
};

/** One unit's line: Remove/Add, the amount, and what is available now. */
const UnitLine = ({ item, unit, change, onChange }: { item: InventoryItem; unit: string; change: UnitChange; onChange: (c: UnitChange) => void }) => {
  const translate = useTranslate();
  const invalid = amountError(change.amount);
  const above = !invalid && change.direction === 'remove' && Number(change.amount) > available(item, unit);
  const helper = invalid
    ? translate('adjustments.dialog.amount_invalid')
    : above
      ? translate('adjustments.dialog.above_available')
      : translate('adjustments.dialog.available_unit', { value: available(item, unit), unit });
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }} data-testid="adjustment-unit">
      <ToggleButtonGroup
        exclusive size="small" value={change.direction} sx={{ mt: 0.5 }}
        aria-label={translate('adjustments.dialog.direction', { unit })}
        onChange={(_e, value: Direction | null) => value && onChange({ ...change, direction: value })}
      >
        <ToggleButton value="remove">{translate('adjustments.dialog.remove')}</ToggleButton>
        <ToggleButton value="add">{translate('adjustments.dialog.add')}</ToggleButton>
      </ToggleButtonGroup>
      <TextField
        size="small" type="number" label={unit} value={change.amount} error={invalid} sx={{ width: 260 }}
        onChange={(e) => onChange({ ...change, amount: e.target.value })}
        helperText={helper}
        slotProps={{
          htmlInput: { min: 0, step: 'any', 'aria-label': `${item.product.name} ${unit}` },
          formHelperText: { sx: above ? { color: 'warning.dark' } : undefined },
        }}
      />
    </Box>
  );
};

interface CreateAdjustmentDialogProps {
  open: boolean;
  /** The warehouseAdmin's warehouse: its stock records are the ones offered. */
  warehouseId: string;
  onClose: () => void;
  onCreated: (adjustment: Adjustment) => void;
}

/**
 * 'New Adjustment' (warehouseAdmin): pick a stock record of the own warehouse (searched,
 * paged GET /api/inventory), then per unit add or remove an amount, the reason and the required
 * remark; POST /api/adjustments/create. Nothing moves until finance approves. The server's refusal
 * (400, 403, 404, 409) is shown in the dialog, which stays open.
 */
export const CreateAdjustmentDialog = ({ open, warehouseId, onClose, onCreated }: CreateAdjustmentDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [item, setItem] = useState<InventoryItem | null>(null);
  const [changes, setChanges] = useState<Record<string, UnitChange>>({});
  const [reason, setReason] = useState<RequestedAdjustmentReason | ''>('');
  const [remark, setRemark] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { keyFor, settled } = useIdempotencyKey();

  const reset = () => {
    setItem(null);
    setChanges({});
    setReason('');
    setRemark('');
    setTried(false);
    setBusy(false);
    setError(null);
  };
  const pick = (picked: InventoryItem) => {
    setItem(picked);
    setChanges({});
    setError(null);
  };

  const units = item?.product.quantity ?? [];
  const quantity = signedQuantity(units, changes);
  const invalidAmount = Object.values(changes).some((c) => amountError(c.amount));
  const missing = {
    quantity: quantity.length === 0,
    reason: reason === '',
    remark: !remark.trim(),
  };

  const submit = async () => {
    setTried(true);
    if (!item || invalidAmount || missing.quantity || missing.reason || missing.remark || reason === '') return;
    setBusy(true);
    setError(null);
    try {
      const body = { inventory: item._id, quantity, reason, remark: remark.trim() };
      const created = await adjustmentsApi.create(body, keyFor(body));
      settled();
      notify('adjustments.created_ok', { type: 'success' });
      refreshCounts();
      onClose();
      onCreated(created);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" TransitionProps={{ onExited: reset }} aria-labelledby="new-adjustment-title">
      <DialogTitle id="new-adjustment-title">{translate('adjustments.dialog.title')}</DialogTitle>
      <DialogContent>
        {!item ? (
          <>
            <Typography>{translate('adjustments.dialog.pick')}</Typography>
            <PickerList
              resource="inventory" filter={{ warehouseId }} searchLabel="adjustments.dialog.search" tableLabel="adjustments.dialog.stock_table"
              row={<TestIdRow testId="stock-row" />}
            >
              <TextFieldColumn source="product.name" label="adjustments.product" />
              <TextFieldColumn source="product.code" label="adjustments.code" />
              <TextFieldColumn source="warehouse.name" label="adjustments.warehouse" />
              <AvailableCell label="adjustments.dialog.available" />
              <ChooseCell label="app.actions" onPick={pick} />
            </PickerList>
          </>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography data-testid="adjustment-record">
                <strong>{item.product.name}</strong> ({item.product.code}) · {item.warehouse.name}
              </Typography>
              <Button size="small" onClick={() => setItem(null)}>{translate('adjustments.dialog.change')}</Button>
            </Box>
            <Typography variant="body2" color="text.secondary">{translate('adjustments.dialog.quantity_help')}</Typography>
            {units.map((unit) => (
              <UnitLine
                key={unit} item={item} unit={unit} change={changes[unit] ?? { direction: 'remove', amount: '' }}
                onChange={(c) => setChanges({ ...changes, [unit]: c })}
              />
            ))}
            {tried && missing.quantity && !invalidAmount && <Typography color="error" role="alert">{translate('adjustments.dialog.quantity_required')}</Typography>}
            {quantity.length > 0 && (
              <Typography data-testid="adjustment-summary">{translate('adjustments.dialog.summary', { quantity: quantityText(quantity) })}</Typography>
            )}
            <TextField
              select label={translate('adjustments.reason')} value={reason} required sx={{ maxWidth: 320 }}
              onChange={(e) => setReason(e.target.value as RequestedAdjustmentReason)}
              error={tried && missing.reason} helperText={tried && missing.reason ? translate('adjustments.dialog.reason_required') : undefined}
            >
              {ADJUSTMENT_REASONS.map((r) => <MenuItem key={r} value={r}>{translate(`adjustments.reasons.${r}`)}</MenuItem>)}
            </TextField>
            <TextField
              label={translate('adjustments.remark')} value={remark} required multiline rows={4} fullWidth
              onChange={(e) => setRemark(e.target.value)}
              error={tried && missing.remark} helperText={tried && missing.remark ? translate('adjustments.dialog.remark_required') : undefined}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            {error && <Alert severity="error">{translate(error, { _: error })}</Alert>}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        {item && (
          <Button variant="contained" disabled={busy} onClick={() => void submit()}>{translate('adjustments.dialog.submit')}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
