import { Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { IncomingLine } from './api';

/** A line's purchase price (ETB) and depreciation rate (%) as typed; blank means none. */
export interface LineCost {
  price: string;
  rate: string;
}

/** The body fields of a line's price and rate (docs/api.md, Incoming lists): absent keeps, null clears. */
export interface LineCostBody {
  purchasedPrice?: number | null;
  depreciationRate?: number | null;
}

const PRICE = /^\d{1,12}(\.\d{1,2})?$/;
const RATE = /^\d{1,3}(\.\d{1,3})?$/;

/** The cost fields prefilled from a line (blank when it has none). */
export const costOf = (line?: IncomingLine): LineCost => ({
  price: line?.purchasedPrice === undefined ? '' : String(line.purchasedPrice),
  rate: line?.depreciationRate === undefined ? '' : String(line.depreciationRate),
});

/**
 * i18n keys of what is wrong with the typed values, as the server checks them:
 * a price of 0 or more with at most 2 decimals, a rate from 0 to 100 with at most 3.
 */
export function costErrors(cost: LineCost): { price?: string; rate?: string } {
  const price = cost.price.trim();
  const rate = cost.rate.trim();
  return {
    ...(price && !PRICE.test(price) ? { price: 'incoming.price_invalid' } : {}),
    ...(rate && (!RATE.test(rate) || Number(rate) > 100) ? { rate: 'incoming.rate_invalid' } : {}),
  };
}

/**
 * The body fields of valid typed values. A blank field is left out when adding (the line keeps
 * what it has) and sent as null when editing (it clears the line's value).
 */
export function costBody(cost: LineCost, blank: 'omit' | 'clear'): LineCostBody {
  const body: LineCostBody = {};
  const set = (key: keyof LineCostBody, text: string) => {
    if (text.trim() !== '') body[key] = Number(text.trim());
    else if (blank === 'clear') body[key] = null;
  };
  set('purchasedPrice', cost.price);
  set('depreciationRate', cost.rate);
  return body;
}

/** The optional purchased price and depreciation rate of a line, with their errors under the fields. */
export const LineCostFields = ({ value, onChange, label }: { value: LineCost; onChange: (v: LineCost) => void; label: string }) => {
  const translate = useTranslate();
  const errors = costErrors(value);
  const field = (key: keyof LineCost, name: string, max?: number) => (
    <TextField
      size="small"
      type="number"
      label={translate(`incoming.${name}`)}
      value={value[key]}
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      error={!!errors[key]}
      helperText={errors[key] ? translate(errors[key]) : undefined}
      inputProps={{ min: 0, max, step: 'any', 'aria-label': `${label} ${translate(`incoming.${name}`)}` }}
      sx={{ width: 150 }}
    />
  );
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {field('price', 'purchased_price')}
      {field('rate', 'depreciation_rate', 100)}
    </Box>
  );
};
