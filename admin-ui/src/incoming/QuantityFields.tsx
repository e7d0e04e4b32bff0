import { Box, TextField } from '@mui/material';
import type { QuantityEntry } from './api';

/** Values typed per unit, e.g. `{pcs: '10', box: ''}`. */
export type UnitValues = Record<string, string>;

/** The quantity entries of the units with a value > 0 (empty when none: nothing to send). */
export function toQuantity(values: UnitValues): QuantityEntry[] {
  return Object.entries(values)
    .map(([name, v]) => ({ name, value: Number(v) }))
    .filter((q) => Number.isFinite(q.value) && q.value > 0);
}

/** Prefills the fields from a line's quantity. */
export function fromQuantity(quantity: QuantityEntry[]): UnitValues {
  return Object.fromEntries(quantity.map((q) => [q.name, String(q.value)]));
}

/** One number field per unit of the product (a quantity field per unit). */
export const QuantityFields = ({ units, values, onChange, label }: { units: string[]; values: UnitValues; onChange: (v: UnitValues) => void; label: string }) => (
  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
    {units.map((unit) => (
      <TextField
        key={unit}
        size="small"
        type="number"
        label={unit}
        value={values[unit] ?? ''}
        onChange={(e) => onChange({ ...values, [unit]: e.target.value })}
        inputProps={{ min: 0, step: 'any', 'aria-label': `${label} ${unit}` }}
        sx={{ width: 110 }}
      />
    ))}
  </Box>
);
