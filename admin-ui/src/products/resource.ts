import type { ResourceConfig } from '../providers/resources';

/** The `products` react-admin resource (sorting and export). */
export const productResource: ResourceConfig = {
  list: '/products',
  removed: '/products/removed/all',
  paged: { listKey: 'products' },
  searchParam: 'query',
  sortFields: { name: 'name', code: 'code', 'category.name': 'category', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  export: '/products/export',
  one: (id) => `/products/${id}`,
  create: '/products',
  update: (id) => `/products/${id}`,
  updateMethod: 'PATCH',
  remove: (id) => `/products/${id}`,
  activate: (id) => `/products/activate/${id}`,
  activateMethod: 'PATCH',
  fields: ['category', 'name', 'code', 'description', 'specifications', 'quantity', 'buffer_stock'],
};
