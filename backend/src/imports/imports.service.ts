import { Injectable } from '@nestjs/common';
import { can, IMPORT_KINDS, IMPORT_PERMISSION, type DocumentLanguage } from '@inventory/common';
import type { AuthUser } from '../common/auth/auth-user';
import { offsetPages } from '../common/export/export-stream';
import { listCount, type ListCount } from '../common/http/envelope';
import { pageWindow } from '../common/http/pagination.dto';
import { localizeRowError } from '../common/i18n/server-messages';
import type { ImportErrorView, ImportListQueryDto, ImportView } from './dto/import.dto';
import { PREVIEW_ERRORS, PREVIEW_SAMPLE } from './import-preview.service';
import { toImportView, visibleImport } from './import-views';
import { ImportsRepository } from './imports.repository';

/** Reading imports: the history page, one import with its errors and sample, the errors file. */
@Injectable()
export class ImportsService {
  constructor(private readonly repo: ImportsRepository) {}

  /** GET /api/imports: newest first, of the kinds the user may import (a warehouse-bound user: its warehouse's or none). */
  async list(user: AuthUser, q: ImportListQueryDto): Promise<{ import_all: ImportView[] } & ListCount> {
    const kinds = IMPORT_KINDS.filter((k) => can(user.role, IMPORT_PERMISSION[k]) && (!q.kind || q.kind === k));
    if (!kinds.length) return { import_all: [], total_count: 0, total_capped: false };
    const page = await this.repo.list({ kinds, warehouseId: user.warehouseId ?? undefined, status: q.status }, pageWindow(q));
    return { import_all: page.rows.map((r) => toImportView(r)), ...listCount(page) };
  }

  /** GET /api/imports/{id}: status and progress, the first 1,000 errors and the first 20 rows. */
  async get(user: AuthUser, id: string): Promise<ImportView> {
    const r = visibleImport(user, await this.repo.find(id));
    return toImportView(r, { errors: await this.repo.errors(id, PREVIEW_ERRORS), sample: await this.repo.sample(id, PREVIEW_SAMPLE) });
  }

  /** Every row error of an import in `language`, a page at a time (GET /api/imports/{id}/errors). */
  async errorPages(user: AuthUser, id: string, language: DocumentLanguage): Promise<AsyncIterable<ImportErrorView[]>> {
    visibleImport(user, await this.repo.find(id));
    return offsetPages(async ({ page, limit }) => (await this.repo.errors(id, limit, (page - 1) * limit)).map((e) => localizeRowError(e, language)), 5000);
  }
}
