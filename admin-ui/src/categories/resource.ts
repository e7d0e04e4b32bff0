import type { ResourceConfig } from '../providers/resources';

/** The `categories` react-admin resource (sorting and export). */
export const categoryResource: ResourceConfig = {
  list: '/productCategories',
  one: (id) => `/productCategories/${id}`,
  create: '/productCategories/add',
  update: (id) => `/productCategories/update/${id}`,
  updateMethod: 'PUT',
  remove: (id) => `/productCategories/remove/${id}`,
  activate: (id) => `/productCategories/activate/${id}`,
  activateMethod: 'PUT',
  fields: ['name', 'description', 'specifications', 'quantity_measurement'],
  export: '/productCategories/export',
};
