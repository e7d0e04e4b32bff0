import type { ResourceConfig } from '../providers/resources';

/** The `warehouses` react-admin resource (sorting and export). */
export const warehouseResource: ResourceConfig = {
  list: '/warehouses',
  removed: '/warehouses/removed/all',
  create: '/warehouses',
  update: (id) => `/warehouses/update/${id}`,
  updateMethod: 'PATCH',
  remove: (id) => `/warehouses/remove/${id}`,
  activate: (id) => `/warehouses/activate/${id}`,
  activateMethod: 'PATCH',
  fields: ['name', 'address'],
  export: '/warehouses/export',
};
