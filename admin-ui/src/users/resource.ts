import type { ResourceConfig } from '../providers/resources';

/** The `users` react-admin resource (sorting and export). */
export const userResource: ResourceConfig = {
  list: '/users',
  removed: '/users/removed/all',
  paged: { listKey: 'users' },
  sortFields: {
    first_name: 'first_name', last_name: 'last_name', email: 'email', phone: 'phone', role: 'role', warehouse_name: 'warehouse_name', createdAt: 'createdAt',
  },
  export: '/users/export',
  create: '/users/register',
  update: (id) => `/users/updateuser/${id}`,
  updateMethod: 'PATCH',
  remove: (id) => `/users/remove/${id}`,
  activate: (id) => `/users/activate/${id}`,
  activateMethod: 'PUT',
  fields: ['first_name', 'last_name', 'phone', 'email', 'role', 'warehouse'],
  createOnly: ['password'],
};
