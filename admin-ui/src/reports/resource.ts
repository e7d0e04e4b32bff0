import { VALUATION_SORT_FIELDS } from '@inventory/common';
import type { ResourceConfig } from '../providers/resources';
import type { ReportFilter } from './api';

/** The report's body from the list's filter values: only the set filters (none means all). */
function reportBody(filter: Record<string, unknown>): Record<string, string> {
  const id = (key: keyof ReportFilter): Record<string, string> => (typeof filter[key] === 'string' && filter[key] ? { [key]: filter[key] } : {});
  return { ...id('productCategoryId'), ...id('warehouseId') };
}

/**
 * The `valuations` resource (the asset valuation report): one page of the report at a time, POST
 * /api/reports/asset/valuations?page&limit with the filters and sort as the body; the totals over
 * every matching row from POST /api/reports/asset/valuations/totals with the filters only
 * (`dataProvider.getTotals`, asked once per filter).
 */
export const valuationResource: ResourceConfig = {
  list: '/reports/asset/valuations',
  totals: '/reports/asset/valuations/totals',
  listMethod: 'POST',
  body: reportBody,
  paged: { listKey: 'valuations' },
  sortFields: Object.fromEntries(VALUATION_SORT_FIELDS.map((f) => [f, f])),
};
