import { Button, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ScrollRegion } from '../incoming/ScrollRegion';
import type { QuantityEntry } from '../inventory/api';
import { formatEtb } from '../outgoing/money';
import { quantityText, type CountLine } from './api';

/** A count >= 0 with at most 3 decimals. */
const COUNT = /^\d{1,11}(\.\d{1,3})?$/;

/** The units that moved, or a dash; nothing when hidden. */
const moved = (q: QuantityEntry[] | null) => (q === null ? '' : quantityText(q.filter((e) => e.value !== 0)) || '–');

/** One line: product, code, expected (or hidden), counted (inputs per unit and Save while counting), moved before and after its count, difference and its value. */
const Line = ({ line, editable, onSave }: { line: CountLine; editable: boolean; onSave: (counted: QuantityEntry[]) => Promise<boolean> }) => {
  const translate = useTranslate();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries((line.counted ?? []).map((q) => [q.name, String(q.value)])));
  const counted = line.product.units.filter((u) => COUNT.test((values[u] ?? '').trim())).map((name) => ({ name, value: Number(values[name]) }));
  const hidden = line.expected === null;
  return (
    <TableRow data-testid="count-line">
      <TableCell>{line.product.name}</TableCell>
      <TableCell>{line.product.code}</TableCell>
      <TableCell>{hidden ? translate('stockCounts.hidden') : quantityText(line.expected)}</TableCell>
      <TableCell>
        {editable ? (
          <>
            {line.product.units.map((unit) => (
              <TextField
                key={unit} size="small" type="number" label={unit} value={values[unit] ?? ''} sx={{ width: 110, mr: 1 }}
                onChange={(e) => setValues({ ...values, [unit]: e.target.value })}
                slotProps={{ htmlInput: { min: 0, step: 'any', 'aria-label': `${line.product.name} ${unit} ${translate('stockCounts.counted')}` } }}
              />
            ))}
            <Button size="small" disabled={!counted.length} aria-label={`${translate('stockCounts.save')} ${line.product.name}`} onClick={() => void onSave(counted)}>
              {translate('stockCounts.save')}
            </Button>
          </>
        ) : (
          quantityText(line.counted) || '–'
        )}
      </TableCell>
      <TableCell>{moved(line.movements_before_count)}</TableCell>
      <TableCell>{moved(line.movements_after_count)}</TableCell>
      <TableCell>{line.difference ? quantityText(line.difference) : '–'}</TableCell>
      <TableCell>{line.difference_value === null ? '–' : formatEtb(line.difference_value)}</TableCell>
    </TableRow>
  );
};

/** The count's lines, one row per stock record, and the difference rule when the quantities are shown. */
export const CountLines = ({ lines, editable, onSave }: { lines: CountLine[]; editable: boolean; onSave: (lineId: string, counted: QuantityEntry[]) => Promise<boolean> }) => {
  const translate = useTranslate();
  return (
    <>
      <ScrollRegion label={translate('stockCounts.lines')}>
        <Table size="small" aria-label={translate('stockCounts.lines')}>
          <TableHead>
            <TableRow>
              {['product', 'code', 'expected', 'counted', 'movements_before', 'movements_after', 'difference', 'value'].map((h) => <TableCell key={h}>{translate(`stockCounts.${h}`)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l) => <Line key={`${l._id}-${l.countedAt ?? ''}`} line={l} editable={editable} onSave={(counted) => onSave(l._id, counted)} />)}
          </TableBody>
        </Table>
      </ScrollRegion>
      {lines.some((l) => l.expected !== null) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="count-rule">{translate('stockCounts.difference_rule')}</Typography>
      )}
    </>
  );
};
