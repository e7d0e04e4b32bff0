/**
 * Sort fields of the asset valuation report's rows, the API's names, which the
 * screen's columns use too: names, the purchase fields, the on-hand quantity, and the computed
 * `currentValue` and `valuation`.
 */
export const VALUATION_SORT_FIELDS = [
  'warehouseName',
  'categoryName',
  'productName',
  'productCode',
  'quantity',
  'purchasedPrice',
  'depreciationRate',
  'purchasedDate',
  'currentValue',
  'valuation',
] as const;
export type ValuationSortField = (typeof VALUATION_SORT_FIELDS)[number];
