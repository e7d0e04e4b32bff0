import type { ResourceConfig } from '../providers/resources';

/** The `customers` react-admin resource (sorting and export). */
export const customerResource: ResourceConfig = {
  list: '/customers/all',
  removed: '/customers/removed/all',
  paged: { listKey: 'customers' },
  sortFields: {
    name: 'name', company: 'company', address: 'address', email: 'email', createdAt: 'createdAt', updatedAt: 'updatedAt',
  },
  export: '/customers/export',
  one: (id) => `/customers/${id}`,
  create: '/customers/create',
  update: (id) => `/customers/${id}`,
  updateMethod: 'PATCH',
  remove: (id) => `/customers/remove/${id}`,
  activate: (id) => `/customers/activate/${id}`,
  activateMethod: 'PUT',
  fields: ['name', 'company', 'address', 'phone_no', 'email', 'tin'],
};
