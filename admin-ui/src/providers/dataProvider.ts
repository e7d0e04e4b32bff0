import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { apiCall, downloadFile, type DownloadedFile, type Envelope } from './httpClient';
import { pageCount } from './pageCount';
import { resourceConfig, type ResourceConfig } from './resources';

type ApiRecord = { _id: string } & Record<string, unknown>;

/** API `_id` becomes react-admin's `id` (both are kept). */
export const withId = (r: ApiRecord): RaRecord => ({ ...r, id: r._id });

/** Keeps only the fields the API accepts (it answers 400 to unknown fields). */
function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => data[f] !== undefined).map((f) => [f, data[f]]));
}

function listPath(config: ResourceConfig, filter: Record<string, unknown>): string {
  return filter.status === 'removed' && config.removed ? config.removed : config.list;
}

/** Sorts, filters (`q` over every string field) and pages a whole-array list on the client. */
function pageLocally(rows: RaRecord[], params: GetListParams) {
  const q = String(params.filter?.q ?? '').toLowerCase();
  const found = q ? rows.filter((r) => Object.values(r).some((v) => typeof v === 'string' && v.toLowerCase().includes(q))) : rows;
  const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
  const sorted = [...found].sort((a, b) => String(a[field] ?? '').localeCompare(String(b[field] ?? '')) * (order === 'DESC' ? -1 : 1));
  const { page, perPage } = params.pagination ?? { page: 1, perPage: sorted.length || 1 };
  return { data: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length };
}

/**
 * `search` (or the resource's `searchParam`), the resource's `filterParams`, and `sort`/`order` when
 * react-admin's sort field is one the server sorts by (the resource's `sortFields`);
 * otherwise no sort, so the server's usual order applies.
 */
function listQuery(config: ResourceConfig, filter: Record<string, unknown>, sort: GetListParams['sort']): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.q) query.set(config.searchParam ?? 'search', String(filter.q));
  for (const [name, value] of Object.entries(config.filterParams?.(filter) ?? {})) {
    for (const v of typeof value === 'string' ? [value] : (value ?? [])) if (v !== '') query.append(name, v);
  }
  if (config.listMethod !== 'POST') for (const [name, value] of Object.entries(apiSort(config, sort))) query.set(name, value);
  return query;
}

/** react-admin's sort as the API's `{sort, order}`, or `{}` when the field is not one of the resource's `sortFields`. */
function apiSort(config: ResourceConfig, sort: GetListParams['sort'] | undefined): Record<string, string> {
  const field = sort && config.sortFields && Object.hasOwn(config.sortFields, sort.field) ? config.sortFields[sort.field] : undefined;
  return field ? { sort: field, order: sort?.order === 'DESC' ? 'desc' : 'asc' } : {};
}

/** The JSON body of a POST list (and its export): the resource's filter body plus the sort (docs/api.md "Sorting"). */
function listBody(config: ResourceConfig, filter: Record<string, unknown>, sort: GetListParams['sort'] | undefined): Record<string, unknown> {
  return { ...(config.body?.(filter) ?? {}), ...apiSort(config, sort) };
}

async function getList(resource: string, params: GetListParams) {
  const config = resourceConfig(resource);
  const filter = params.filter ?? {};
  const path = listPath(config, filter);
  if (!config.paged) {
    const { data } = await apiCall<ApiRecord[]>('GET', path);
    return pageLocally(data.map(withId), params);
  }
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
  const query = listQuery(config, filter, params.sort);
  query.set('page', String(page));
  query.set('limit', String(Math.min(perPage, 100)));
  const post = config.listMethod === 'POST';
  const { data } = await apiCall<Record<string, unknown>>(post ? 'POST' : 'GET', `${path}?${query}`, post ? listBody(config, filter, params.sort) : undefined);
  const rows = (data[config.paged.listKey] as ApiRecord[]) ?? [];
  // what the screen reads as the list's `meta`: a count capped and the names of the records a page refers to by id (the audit trail)
  const meta = {
    ...(data.total_capped === true && { total_capped: true }),
    ...(data.names !== undefined && { names: data.names }),
  };
  return { data: rows.map(withId), ...pageCount(data, rows.length, { page, limit: Math.min(perPage, 100) }, meta) };
}

function removePath(resource: string, id: Identifier): string {
  const { remove } = resourceConfig(resource);
  if (!remove) throw new Error(`${resource} cannot be removed`);
  return remove(String(id));
}

/** Finds one record in the active then removed lists (for resources without a read-one route). */
async function findInLists(resource: string, id: Identifier): Promise<RaRecord> {
  for (const status of ['active', 'removed']) {
    for (let page = 1; ; page++) {
      const { data, total } = await getList(resource, { filter: { status }, pagination: { page, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });
      const hit = data.find((r) => String(r.id) === String(id));
      if (hit) return hit;
      if (page * 100 >= (total ?? Infinity) || data.length === 0) break;
    }
  }
  throw Object.assign(new Error('Record not found'), { status: 404 });
}

/** The standard react-admin methods (typed loosely: records are plain API objects plus `id`). */
const core = {
  getList,
  async getOne(resource: string, { id }: { id: Identifier }) {
    const config = resourceConfig(resource);
    if (!config.one) return { data: await findInLists(resource, id) };
    const { data } = await apiCall<ApiRecord>('GET', config.one(String(id)));
    return { data: withId(config.oneKey ? (data[config.oneKey] as ApiRecord) : data) };
  },
  async getMany(resource: string, { ids }: { ids: Identifier[] }) {
    const { data } = await getList(resource, { filter: {}, pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });
    return { data: data.filter((r) => ids.map(String).includes(String(r.id))) };
  },
  async getManyReference(resource: string, params: GetListParams) {
    return getList(resource, params);
  },
  async create(resource: string, { data }: { data: Record<string, unknown> }) {
    const config = resourceConfig(resource);
    if (!config.create) throw new Error(`${resource} cannot be created`);
    const body = pick(data, [...(config.fields ?? []), ...(config.createOnly ?? [])]);
    const res = await apiCall<ApiRecord>('POST', config.create, body);
    return { data: withId(res.data) };
  },
  async update(resource: string, { id, data }: { id: Identifier; data: Record<string, unknown> }) {
    const config = resourceConfig(resource);
    if (!config.update) throw new Error(`${resource} cannot be updated`);
    const res = await apiCall<ApiRecord>(config.updateMethod ?? 'PATCH', config.update(String(id)), pick(data, config.fields ?? []));
    return { data: withId(res.data) };
  },
  async updateMany(): Promise<never> {
    throw new Error('Bulk updates are not supported');
  },
  async delete(resource: string, { id }: { id: Identifier }) {
    const res = await apiCall<ApiRecord>('DELETE', removePath(resource, id));
    return { data: withId(res.data) };
  },
  async deleteMany(resource: string, { ids }: { ids: Identifier[] }) {
    for (const id of ids) await apiCall('DELETE', removePath(resource, id));
    return { data: ids };
  },
};

/** Methods beyond react-admin's standard ones. */
export interface AppDataProviderExtras {
  /** Restores a softly removed record (the 'Undo' of spec 4). */
  activate(resource: string, params: { id: Identifier }): Promise<{ data: RaRecord }>;
  /**
   * Downloads the server export of `resource`'s active list as `format`, with the list's
   * search and sort (as getList sends them). Rejects with the server's message (400, 403).
   */
  exportList(resource: string, params: ExportParams): Promise<DownloadedFile>;
  /**
   * The totals over every record `filter` matches (the resource's `totals` route, e.g. the
   * valuation report's): the filter only, no sort or page, so a screen asks once per filter.
   * Rejects with the server's message (400, 403).
   */
  getTotals<T = unknown>(resource: string, params: { filter: Record<string, unknown> }): Promise<T>;
  /** Any API call (`path` without the /api prefix); resolves to the `{message, data}` envelope. */
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<Envelope<T>>;
}

/** What {@link AppDataProviderExtras.exportList} takes: the list's filter and sort, and the file format. */
export interface ExportParams {
  filter: Record<string, unknown>;
  sort?: GetListParams['sort'];
  format: 'csv' | 'xlsx';
}

export type AppDataProvider = DataProvider & AppDataProviderExtras;

/**
 * The react-admin dataProvider for the API as it is: `{message, data}` envelopes, `_id`
 * mapped to `id`, per-resource paths from resources.ts, Active/Removed via `filter.status`.
 * Extra methods: `activate(resource, {id})`, `exportList`, `getTotals(resource, {filter})` and
 * `api(method, path, body)` for workflow calls.
 */
export const dataProvider: AppDataProvider = {
  ...(core as unknown as DataProvider),
  async activate(resource: string, { id }: { id: Identifier }) {
    const config = resourceConfig(resource);
    if (!config.activate) throw new Error(`${resource} cannot be activated`);
    const res = await apiCall<ApiRecord>(config.activateMethod ?? 'PUT', config.activate(String(id)));
    return { data: withId(res.data) };
  },
  exportList(resource: string, { filter, sort, format }: ExportParams) {
    const config = resourceConfig(resource);
    if (!config.export) throw new Error(`${resource} has no export`);
    const query = listQuery(config, filter, sort);
    query.set('format', format);
    const body = config.listMethod === 'POST' ? listBody(config, filter, sort) : undefined;
    return downloadFile(`${config.export}?${query}`, `${resource}.${format}`, body);
  },
  async getTotals<T = unknown>(resource: string, { filter }: { filter: Record<string, unknown> }): Promise<T> {
    const config = resourceConfig(resource);
    if (!config.totals) throw new Error(`${resource} has no totals`);
    return (await apiCall<T>('POST', config.totals, config.body?.(filter) ?? {})).data;
  },
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    return apiCall<T>(method, path, body);
  },
};
