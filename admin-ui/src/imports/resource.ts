import type { ResourceConfig } from '../providers/resources';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The `imports` resource: GET /api/imports?page&limit&kind&status (`{import_all,
 * total_count}`), newest first, of the kinds the caller may import; getOne reads GET /api/imports/{id}
 * (`{import}`: its preview, errors and progress). Imports are made, committed and reverted only
 * through imports/api.ts.
 */
export const importResource: ResourceConfig = {
  list: '/imports',
  one: (id) => `/imports/${encodeURIComponent(id)}`,
  oneKey: 'import',
  paged: { listKey: 'import_all' },
  filterParams: (f) => ({ kind: text(f.kind), status: text(f.status) }),
  export: '/imports/export',
};
