import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser } from '../common/auth/auth.decorators';
import type { AuthUser } from '../common/auth/auth-user';
import { ApiExport, sendExport } from '../common/export/export-stream';
import { ok, type Envelope } from '../common/http/envelope';
import { PageQueryDto } from '../common/http/pagination.dto';
import { AUDIT_EXPORT_COLUMNS } from './audit.export';
import { AuditService } from './audit.service';
import { AuditExportQueryDto, AuditQueryDto, AuditRecordParamsDto, type AuditPage } from './dto/audit.dto';

/** The audit trail's read routes. Nothing writes here: events are written by the changes themselves. */
@ApiTags('Audit')
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Allow('audit.read')
  @ApiOperation({ summary: 'Audit events, newest first, paged; data = {events, total_count}; filters entity, entity_id, user_id, action, from, to (issue 14).' })
  async search(@Query() q: AuditQueryDto): Promise<Envelope<AuditPage>> {
    return ok('Audit events fetched successfully', await this.audit.search(q));
  }

  @Get('export')
  @Allow('audit.read')
  @ApiExport('Audit events as CSV or Excel (?format=csv|xlsx), with the filters and sort of GET /audit.')
  async export(@Query() q: AuditExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    await sendExport(reply, 'audit', q.format, AUDIT_EXPORT_COLUMNS, this.audit.pages(q));
  }

  @Get(':entity/:id')
  @Allow('audit.history')
  @ApiOperation({ summary: "One record's history, newest first, paged; for whoever may read the record (warehouse scope applies) (issue 14)." })
  @ApiForbiddenResponse({ description: 'The record is not readable by this user' })
  @ApiNotFoundResponse({ description: 'No such record' })
  async history(@CurrentUser() user: AuthUser, @Param() p: AuditRecordParamsDto, @Query() q: PageQueryDto): Promise<Envelope<AuditPage>> {
    return ok('Audit events fetched successfully', await this.audit.history(user, p.entity, p.id, q));
  }
}
