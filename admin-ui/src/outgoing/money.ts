import { numberLocale } from '../common/format';

/** An amount in ETB as `1,250.50` in the UI language's number format, from a number or the API's decimal text `"1250.50"`. */
export const formatEtb = (amount: number | string): string =>
  Number(amount).toLocaleString(numberLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
