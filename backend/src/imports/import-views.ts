import { ForbiddenException, NotFoundException } from '@nestjs/common';
import { can, IMPORT_PERMISSION, type DocumentLanguage, type ImportKind, type ImportStatus } from '@inventory/common';
import { scopeWarehouse, type AuthUser } from '../common/auth/auth-user';
import type { PersonJson } from '../common/http/list-sql';
import { localizeMessage, localizeRowError } from '../common/i18n/server-messages';
import type { ImportErrorView, ImportView } from './dto/import.dto';
import type { ImportContext, ImportOptions } from './kinds/import-kind';
import type { ImportRecord } from './imports.repository';

/** `IMP-n`. */
export const importNumber = (n: number): string => `IMP-${n}`;

/** The API view of an import; `errors` and `sample` only on the single-import routes. */
export function toImportView(r: ImportRecord, extra: { errors?: ImportErrorView[]; sample?: Record<string, unknown>[] } = {}): ImportView {
  return {
    _id: r.id,
    number: importNumber(r.number),
    kind: r.kind as ImportKind,
    status: r.status as ImportStatus,
    warehouse: r.warehouseId ? { _id: r.warehouseId, name: r.warehouseName ?? '' } : null,
    file_name: r.fileName,
    mapping: r.mapping,
    options: r.options,
    rows: r.rows,
    to_create: r.toCreate,
    to_update: r.toUpdate,
    error_count: r.errorCount,
    errors: extra.errors ?? [],
    notices: r.notices,
    sample: (extra.sample ?? []).map(withoutInternal),
    processed: r.processed,
    result: r.result ?? null,
    created_by: r.createdByJson as PersonJson,
    createdAt: r.createdAt.toISOString(),
    committed_by: (r.committedByJson as PersonJson | null) ?? null,
    committedAt: r.committedAt?.toISOString() ?? null,
    reverted_by: (r.revertedByJson as PersonJson | null) ?? null,
    revertedAt: r.revertedAt?.toISOString() ?? null,
  };
}

/**
 * `view` as the reader's `language` writes it: its row errors, notices and a batched commit's failure
 * are stored in English (the catalogue's key, server-messages.ts) and translated when read.
 */
export function localizedView(view: ImportView, language: DocumentLanguage): ImportView {
  if (language === 'en') return view;
  const failure = view.result?.error;
  return {
    ...view,
    errors: view.errors.map((e) => localizeRowError(e, language)),
    notices: view.notices.map((n) => localizeMessage(n, language)),
    result: view.result && typeof failure === 'string' ? { ...view.result, error: localizeMessage(failure, language) } : view.result,
  };
}

/** Staged data without the ids the import resolved for itself (`_target`, `product_id`). */
const INTERNAL = new Set(['_target', 'product_id']);
function withoutInternal(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([k]) => !INTERNAL.has(k)));
}

/** 403 unless the user may import `kind` (and, for a warehouse-bound user, the import's warehouse). */
export function assertMayImport(user: AuthUser, kind: ImportKind, warehouseId: string | null): void {
  if (!can(user.role, IMPORT_PERMISSION[kind])) throw new ForbiddenException(`Your role cannot import ${kind.replace('_', ' ')}`);
  if (warehouseId) scopeWarehouse(user, warehouseId);
}

/** The import's record for the user, 404 when unknown, 403 when not theirs to see. */
export function visibleImport(user: AuthUser, r: ImportRecord | undefined): ImportRecord {
  if (!r) throw new NotFoundException('Import not found');
  assertMayImport(user, r.kind as ImportKind, r.warehouseId);
  return r;
}

/** What the kind handlers need of an import. */
export function importContext(r: ImportRecord, userId: string): ImportContext {
  return { id: r.id, number: r.number, kind: r.kind as ImportKind, warehouseId: r.warehouseId, options: r.options as ImportOptions, userId };
}
