import type { ImportKind, ImportOptions, ImportView } from '@inventory/common';
import { apiCall, httpClient, saveDownload } from '../providers/httpClient';

/** The Import page's path. */
export const IMPORT_PATH = '/import';

export type { ImportOptions, ImportRowError, ImportView } from '@inventory/common';

export type ImportRecord = ImportView & { id: string };

/** What the upload sends beside the file. */
export interface UploadRequest {
  file: File;
  kind: ImportKind;
  warehouse?: string;
  mapping?: Record<string, string>;
  options: ImportOptions;
}

type One = { import: ImportView };
const one = async (p: Promise<{ data: One }>) => (await p).data.import;
const idPath = (id: string) => `/imports/${encodeURIComponent(id)}`;

/** The import calls; each rejects with the server's message (HttpError with its status). */
export const importsApi = {
  /** Uploads a file (multipart) and resolves to its preview; nothing is written yet. */
  upload: ({ file, kind, warehouse, mapping, options }: UploadRequest) => {
    const form = new FormData();
    form.append('file', file);
    form.append('kind', kind);
    if (warehouse) form.append('warehouse', warehouse);
    if (mapping) form.append('mapping', JSON.stringify(mapping));
    form.append('options', JSON.stringify(options));
    return one(httpClient<One>('/imports', { method: 'POST', body: form }));
  },
  commit: (id: string) => one(apiCall<One>('POST', `${idPath(id)}/commit`)),
  revert: (id: string) => one(apiCall<One>('POST', `${idPath(id)}/revert`)),
  /** Saves every row error of an import as CSV. */
  errors: (i: Pick<ImportView, '_id' | 'number'>) => saveDownload(`${idPath(i._id)}/errors?format=csv`, `import_errors_${i.number}.csv`),
  /** Saves the template of a kind. */
  template: (kind: ImportKind, format: 'xlsx' | 'csv') => saveDownload(`/imports/templates/${kind}?format=${format}`, `import_${kind}.${format}`),
};
