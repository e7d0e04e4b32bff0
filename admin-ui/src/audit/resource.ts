import type { ResourceConfig } from '../providers/resources';

/** The filters of the Audit Log (react-admin filter sources = the API's query parameters). */
const FILTERS = ['entity', 'action', 'user_id', 'from', 'to', 'entity_id'] as const;

/** Each filter that has a value, trimmed (blank ones are left out). */
function auditFilterParams(filter: Record<string, unknown>): Record<string, string | undefined> {
  return Object.fromEntries(FILTERS.map((key) => [key, typeof filter[key] === 'string' ? (filter[key] as string).trim() || undefined : undefined]));
}

/**
 * The `audit` resource: GET /api/audit?entity&entity_id&user_id&action&from&to&page&limit
 * &sort&order (`{events, total_count}`, admin and finance), newest first unless sorted by time,
 * action or record kind; its export GET /api/audit/export?format with the same filters and sort.
 * Events are never written through react-admin.
 */
export const auditResource: ResourceConfig = {
  list: '/audit',
  paged: { listKey: 'events' },
  filterParams: auditFilterParams,
  sortFields: { at: 'at', action: 'action', entity: 'entity' },
  export: '/audit/export',
};
