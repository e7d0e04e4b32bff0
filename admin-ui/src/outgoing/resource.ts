import { workflowFilterParams } from '../incoming/resource';
import type { ResourceConfig } from '../providers/resources';

/**
 * The `outgoingLists` (GIN) resource: GET /api/outgoingLists/all, paged, searched (GIN, customer
 * name or phone, creator name, FS number), filtered by status (one or several), warehouse and
 * created days, sorted.
 */
export const outgoingListResource: ResourceConfig = {
  list: '/outgoingLists/all',
  paged: { listKey: 'outgoing_list_all' },
  filterParams: workflowFilterParams,
  sortFields: {
    gin: 'gin', status: 'status', 'customer.name': 'customer', 'warehouse.name': 'warehouse', fs_number: 'fs_number', createdAt: 'createdAt', updatedAt: 'updatedAt',
  },
  export: '/outgoingLists/export',
  one: (id) => `/outgoingLists/one/${id}`,
};
