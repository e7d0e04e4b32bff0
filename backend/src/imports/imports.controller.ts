import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiConsumes, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { IMPORT_KINDS, type ImportKind } from '@inventory/common';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser } from '../common/auth/auth.decorators';
import type { AuthUser } from '../common/auth/auth-user';
import { ApiExport, ExportFormatDto, offsetPages, sendExport } from '../common/export/export-stream';
import { ok, type Envelope, type ListCount } from '../common/http/envelope';
import { ParseIdPipe } from '../common/http/id.pipe';
import { Locale, type DocumentLocale } from '../common/i18n/document-locale';
import type { UploadedTempFile } from '../common/http/multipart';
import { ImportListQueryDto, TemplateQueryDto, UploadImportDto, type ImportErrorView, type ImportView } from './dto/import.dto';
import { ImportCommitService } from './import-commit.service';
import { ImportPreviewService } from './import-preview.service';
import { importTemplate } from './import-template';
import { ImportUploadInterceptor } from './import-upload.interceptor';
import { IMPORT_EXPORT_COLUMNS, ImportExportQueryDto } from './imports.export';
import { localizedView } from './import-views';
import { ImportsService } from './imports.service';

type One = Envelope<{ import: ImportView }>;

const SHAPE =
  'data = {import: {_id, number (IMP-n), kind, status (previewed|committing|committed|failed|reverted), warehouse {_id, name}|null, file_name, mapping {field: column}, options, rows, to_create, to_update, error_count, errors [{row, column, message}] (first 1,000), notices [text] (row messages, notices and result.error in the request’s language: Accept-Language am → Amharic), sample [first 20 mapped rows], processed, result {counts}|null, created_by, createdAt, committed_by, committedAt, reverted_by, revertedAt}} (issue 16)';

/** Bulk import: upload and preview, commit, revert, history, templates. */
@ApiTags('Imports')
@Controller('imports')
export class ImportsController {
  constructor(
    private readonly imports: ImportsService,
    private readonly previews: ImportPreviewService,
    private readonly commits: ImportCommitService,
  ) {}

  @Post()
  @Allow('imports.read')
  @UseInterceptors(ImportUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'kind'],
      properties: {
        file: { type: 'string', format: 'binary', description: '.csv, .csv.gz or .xlsx, at most 50 MB' },
        kind: { type: 'string', enum: [...IMPORT_KINDS] },
        warehouse: { type: 'string', format: 'uuid', description: 'opening_stock and sales_history' },
        mapping: { type: 'string', description: 'JSON {target_field: "Source column"}' },
        options: { type: 'string', description: 'JSON {skip_invalid?, create_missing?, category?}' },
      },
    },
  })
  @ApiOperation({ summary: 'Upload a file and get the preview: every row checked, nothing written to the business tables. Kinds: categories, products (warehouseAdmin), customers (admin, sales), opening_stock (warehouseAdmin of the warehouse), sales_history (admin, finance).' })
  @ApiOkResponse({ description: SHAPE })
  @ApiBadRequestResponse({ description: 'No file, unknown kind or mapping field, missing required column, empty file, over 50 MB, not csv/xlsx' })
  @ApiForbiddenResponse({ description: 'The role may not import this kind, or another warehouse' })
  async upload(@CurrentUser() user: AuthUser, @UploadedFile() file: UploadedTempFile | undefined, @Body() dto: UploadImportDto, @Locale() locale: DocumentLocale): Promise<One> {
    return { message: 'File checked: review the preview and commit', data: { import: localizedView(await this.previews.preview(user, file, dto), locale.language) } };
  }

  @Get()
  @Allow('imports.read')
  @ApiOperation({ summary: 'A page of imports, newest first (kind, status filters), of the kinds the caller may import.' })
  @ApiOkResponse({ description: 'data = {import_all: [import without errors and sample], total_count, total_capped}: total_count is exact up to 10,000 imports (no search term), beyond it 10,000 with total_capped true' })
  async list(@CurrentUser() user: AuthUser, @Query() q: ImportListQueryDto, @Locale() locale: DocumentLocale): Promise<Envelope<{ import_all: ImportView[] } & ListCount>> {
    const page = await this.imports.list(user, q);
    return ok('Imports fetched successfully', { ...page, import_all: page.import_all.map((v) => localizedView(v, locale.language)) });
  }

  @Get('export')
  @Allow('imports.read')
  @ApiExport('The import history as CSV or Excel (?format=csv|xlsx), with the kind and status filters of GET /imports, of the kinds the caller may import.')
  async export(@CurrentUser() user: AuthUser, @Query() q: ImportExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    const pages = offsetPages(async (w) => (await this.imports.list(user, { ...q, ...w })).import_all);
    await sendExport(reply, 'imports', q.format, IMPORT_EXPORT_COLUMNS, pages);
  }

  @Get('templates/:kind')
  @Allow('imports.read')
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv')
  @ApiOperation({ summary: 'The template of a kind: its headers and one example row; xlsx (default) has a second sheet describing each column.' })
  @ApiBadRequestResponse({ description: 'Unknown kind or format' })
  async template(@Param('kind') kind: string, @Query() q: TemplateQueryDto): Promise<StreamableFile> {
    if (!(IMPORT_KINDS as readonly string[]).includes(kind)) throw new BadRequestException(`kind must be one of ${IMPORT_KINDS.join(', ')}`);
    const t = await importTemplate(kind as ImportKind, q.format ?? 'xlsx');
    return new StreamableFile(t.file, { type: t.type, disposition: `attachment; filename="${t.filename}"`, length: t.file.length });
  }

  @Get(':id')
  @Allow('imports.read')
  @ApiOperation({ summary: 'One import: status and progress (processed of rows) while committing, errors, sample, result.' })
  @ApiOkResponse({ description: SHAPE })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  async one(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string, @Locale() locale: DocumentLocale): Promise<One> {
    return ok('Import fetched successfully', { import: localizedView(await this.imports.get(user, id), locale.language) });
  }

  @Get(':id/errors')
  @Allow('imports.read')
  @ApiProduces('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOperation({ summary: 'Every row error of an import as a file (format=csv|xlsx): Row, Column, Message.' })
  async errors(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string, @Query() q: ExportFormatDto, @Res() reply: FastifyReply, @Locale() locale: DocumentLocale): Promise<void> {
    const pages = await this.imports.errorPages(user, id, locale.language);
    await sendExport<ImportErrorView>(reply, 'import_errors', q.format, ERROR_COLUMNS, pages);
  }

  @Post(':id/commit')
  @Allow('imports.read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Apply a previewed import: up to 100,000 rows all or nothing (status committed); larger files in resumable batches (status committing; follow GET /imports/{id}).' })
  @ApiOkResponse({ description: SHAPE })
  @ApiConflictResponse({ description: 'Not previewed, or rows with errors without options.skip_invalid' })
  async commit(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string, @Locale() locale: DocumentLocale): Promise<One> {
    const view = await this.commits.commit(user, id);
    return ok(view.status === 'committing' ? 'Import started: follow its progress' : 'Import committed', { import: localizedView(view, locale.language) });
  }

  @Post(':id/revert')
  @Allow('imports.read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Undo a committed import as a whole (new linked movements, created records removed, updated ones restored); 409 naming what now depends on it.' })
  @ApiOkResponse({ description: SHAPE })
  @ApiConflictResponse({ description: 'Not committed, or something posted since depends on it' })
  async revert(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string, @Locale() locale: DocumentLocale): Promise<One> {
    return ok('Import reverted', { import: localizedView(await this.commits.revert(user, id), locale.language) });
  }
}

const ERROR_COLUMNS = [
  { header: 'Row', value: (e: ImportErrorView) => e.row, width: 8 },
  { header: 'Column', value: (e: ImportErrorView) => e.column, width: 20 },
  { header: 'Message', value: (e: ImportErrorView) => e.message, width: 80 },
];
