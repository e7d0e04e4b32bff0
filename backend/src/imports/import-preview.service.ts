import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { IMPORT_COLUMNS, IMPORT_NEEDS_WAREHOUSE, importHeaderKey, type ImportColumn, type ImportKind } from '@inventory/common';
import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../common/auth/auth-user';
import type { UploadedTempFile } from '../common/http/multipart';
import { DB } from '../database/database.module';
import type { Database } from '../database/database';
import { warehouses } from '../database/schema';
import type { ImportView, UploadImportDto } from './dto/import.dto';
import { ENCODING_NAMES, importEncoding, importFileType, readImportRows } from './import-file';
import { ImportKinds } from './import-kinds';
import { assertMayImport, toImportView } from './import-views';
import type { ImportOptions, RowCells } from './kinds/import-kind';
import { ImportsRepository, type StagedRow } from './imports.repository';

/** Staged rows per INSERT (one JSON parameter). */
const STAGE_BATCH = 2000;
/** Errors and sample rows the preview answers with. */
export const PREVIEW_ERRORS = 1000;
export const PREVIEW_SAMPLE = 20;

/**
 * POST /api/imports: reads the uploaded file as a stream, maps its columns, checks
 * every row with the kind's rules and stages the rows, answering the preview. Nothing is written
 * to the business tables; a file that cannot be imported at all (unknown kind or mapping field,
 * missing required column, empty, too large, another type) answers 400 and leaves nothing behind.
 */
@Injectable()
export class ImportPreviewService {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repo: ImportsRepository,
    private readonly kinds: ImportKinds,
  ) {}

  async preview(user: AuthUser, file: UploadedTempFile | undefined, dto: UploadImportDto): Promise<ImportView> {
    if (!file) throw new BadRequestException('file is required (multipart form field "file")');
    const mapping = parseMapping(dto.mapping, dto.kind);
    const options = parseOptions(dto.options);
    const warehouseId = await this.warehouseOf(dto);
    assertMayImport(user, dto.kind, warehouseId);
    const type = await importFileType(file.path, file.originalname);
    const encoding = await importEncoding(file.path, type);
    const rows = readImportRows(file.path, type, encoding);
    let id: string;
    try {
      const header = await rows.next();
      if (header.done || header.value.every((c) => !c.trim())) throw new BadRequestException('file is empty: the first row must hold the column headers');
      const columns = resolveColumns(header.value, IMPORT_COLUMNS[dto.kind], mapping);
      const imp = await this.repo.insert(this.db, {
        kind: dto.kind,
        status: 'previewed',
        warehouseId,
        fileName: file.originalname.slice(0, 200),
        mapping: Object.fromEntries([...columns.entries()].map(([field, c]) => [field, c.header])),
        options,
        createdBy: user.id,
      });
      try {
        const checker = await this.kinds.of(dto.kind).checker(this.db, { id: imp.id, number: imp.number, kind: dto.kind, warehouseId, options, userId: user.id });
        const counts = { rows: 0, toCreate: 0, toUpdate: 0, errorCount: 0 };
        let batch: StagedRow[] = [];
        let line = 1;
        for await (const cells of rows) {
          line++;
          const get = (field: string) => (columns.has(field) ? (cells[columns.get(field)!.index] ?? '').trim() : '');
          if (IMPORT_COLUMNS[dto.kind].every((c) => !get(c.field))) continue; // a blank row
          const rowCells: RowCells = { get, column: (field) => columns.get(field)?.header ?? IMPORT_COLUMNS[dto.kind].find((c) => c.field === field)!.header };
          const checked = checker.check(rowCells, line);
          counts.rows++;
          if (checked.errors.length) counts.errorCount++;
          else if (checked.action === 'update') counts.toUpdate++;
          else counts.toCreate++;
          batch.push({ row: line, data: checked.data, errors: checked.errors.length ? checked.errors : null });
          if (batch.length >= STAGE_BATCH) {
            await this.repo.stage(this.db, imp.id, batch);
            batch = [];
          }
        }
        await this.repo.stage(this.db, imp.id, batch);
        await this.repo.analyze(this.db, ['import_rows']);
        if (!counts.rows) throw new BadRequestException('file has no rows to import below its header');
        const readNotice = encoding === 'utf-8' ? [] : [`The file was read as ${ENCODING_NAMES[encoding]} text`];
        await this.repo.update(this.db, imp.id, { ...counts, notices: [...readNotice, ...checker.notices()] });
      } catch (e) {
        await this.repo.remove(imp.id);
        throw e;
      }
      id = imp.id;
    } finally {
      await rows.return(undefined);
    }
    const saved = (await this.repo.find(id))!;
    return toImportView(saved, { errors: await this.repo.errors(id, PREVIEW_ERRORS), sample: await this.repo.sample(id, PREVIEW_SAMPLE) });
  }

  /** The warehouse of a stock kind (400 when missing, 404 when unknown); null for the other kinds. */
  private async warehouseOf(dto: UploadImportDto): Promise<string | null> {
    if (!IMPORT_NEEDS_WAREHOUSE.includes(dto.kind)) return null;
    if (!dto.warehouse) throw new BadRequestException(`warehouse is required for ${dto.kind}`);
    const [w] = await this.db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.id, dto.warehouse), eq(warehouses.removed, false)));
    if (!w) throw new NotFoundException('Warehouse not found');
    return w.id;
  }
}

/** The mapping field: a JSON object of the kind's target fields to the file's column names. */
function parseMapping(raw: string | undefined, kind: ImportKind): Record<string, string> | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = parseJson(raw, 'mapping');
  const fields = IMPORT_COLUMNS[kind].map((c) => c.field);
  for (const [field, source] of Object.entries(value)) {
    if (!fields.includes(field)) throw new BadRequestException(`mapping: "${field.slice(0, 50)}" is not a field of ${kind} (fields: ${fields.join(', ')})`);
    if (typeof source !== 'string' || !source.trim()) throw new BadRequestException(`mapping: the column of "${field}" must be a column name`);
  }
  return value as Record<string, string>;
}

/** The options field: `{skip_invalid?, create_missing?, category?}`. */
function parseOptions(raw: string | undefined): ImportOptions {
  if (raw === undefined || raw.trim() === '') return {};
  const value = parseJson(raw, 'options');
  for (const [key, v] of Object.entries(value)) {
    if (key === 'skip_invalid' || key === 'create_missing') {
      if (typeof v !== 'boolean') throw new BadRequestException(`options.${key} must be true or false`);
    } else if (key === 'category') {
      if (typeof v !== 'string' || !v.trim() || v.length > 100) throw new BadRequestException('options.category must be a category name of at most 100 characters');
    } else {
      throw new BadRequestException(`options: unknown option "${key.slice(0, 50)}" (options: skip_invalid, create_missing, category)`);
    }
  }
  return value as ImportOptions;
}

function parseJson(raw: string, field: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new BadRequestException(`${field} must be a JSON object`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new BadRequestException(`${field} must be a JSON object`);
  return value as Record<string, unknown>;
}

/**
 * Where each target field is read: the mapped column, else the column whose header matches the
 * template's header or the field name (case and spaces aside). 400 naming a mapped column the
 * file lacks, a required field no column holds, or a column read by a field whose header the file
 * repeats (which of them is meant is not known: the mapping must choose another column).
 */
function resolveColumns(headers: string[], defs: readonly ImportColumn[], mapping?: Record<string, string>): Map<string, { index: number; header: string }> {
  const byKey = new Map<string, number>();
  headers.forEach((h, i) => {
    const key = importHeaderKey(h);
    if (key && !byKey.has(key)) byKey.set(key, i);
  });
  const exact = new Map(headers.map((h, i) => [h.trim(), i]));
  const columns = new Map<string, { index: number; header: string }>();
  for (const def of defs) {
    const source = mapping?.[def.field];
    let index: number | undefined;
    if (source !== undefined) {
      index = exact.get(source.trim()) ?? byKey.get(importHeaderKey(source));
      if (index === undefined) throw new BadRequestException(`mapping: column "${source.slice(0, 60)}" (for ${def.field}) is not in the file (columns: ${headers.join(', ').slice(0, 300)})`);
    } else {
      index = byKey.get(importHeaderKey(def.header)) ?? byKey.get(importHeaderKey(def.field));
    }
    if (index !== undefined) {
      const header = headers[index].trim();
      const times = headers.filter((h) => importHeaderKey(h) === importHeaderKey(header)).length;
      if (times > 1) throw new BadRequestException(`column "${header.slice(0, 60)}" appears ${times} times in the header: rename the copies, or map ${def.field} to a column named once`);
      columns.set(def.field, { index, header });
    } else if (def.required) throw new BadRequestException(`Missing required column "${def.header}" (${def.field})`);
  }
  return columns;
}
