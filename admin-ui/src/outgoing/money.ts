const ETB = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in ETB as `1,250.50` (a number or the API's decimal text `"1250.50"`). */
export const formatEtb = (amount: number | string): string => ETB.format(Number(amount));
