import type { ResourceConfig } from '../providers/resources';

/**
 * The query parameters of the incoming and outgoing list filters: `status` (repeated
 * when several), `warehouse` (an id) and `from`/`to` (created days `YYYY-MM-DD`).
 */
export const workflowFilterParams: ResourceConfig['filterParams'] = (f) => ({
  status: f.status as string[] | string | undefined,
  warehouse: f.warehouse as string | undefined,
  from: f.from as string | undefined,
  to: f.to as string | undefined,
});

/**
 * The `incomingLists` (GRN) resource: GET /api/incomingLists/all, paged, searched (GRN, creator
 * name), filtered by status (one or several), warehouse and created days, sorted.
 */
export const incomingListResource: ResourceConfig = {
  list: '/incomingLists/all',
  paged: { listKey: 'incoming_list_all' },
  filterParams: workflowFilterParams,
  sortFields: { grn: 'grn', status: 'status', 'warehouse.name': 'warehouse', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  export: '/incomingLists/export',
  one: (id) => `/incomingLists/one/${id}`,
};
