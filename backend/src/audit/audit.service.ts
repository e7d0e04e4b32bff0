import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { can, type Permission } from '@inventory/common';
import { ClsServiceManager } from 'nestjs-cls';
import type { FastifyRequest } from 'fastify';
import { assertWarehouseAccess, type AuthUser } from '../common/auth/auth-user';
import { offsetPages } from '../common/export/export-stream';
import { pageWindow } from '../common/http/pagination.dto';
import type { DbOrTx } from '../database/database';
import type { AuditChange } from '../database/schema';
import type { AuditAction, AuditEntity } from '@inventory/common';
import { diffRecords } from './audit-diff';
import { namedValue, referencedIds } from './audit-names';
import { AuditRepository, type AuditInsert, type AuditRow } from './audit.repository';
import type { SQL } from 'drizzle-orm';
import type { AuditEventView, AuditPage, AuditQueryDto, NamedAuditEvent } from './dto/audit.dto';

/** Who did a change, when it is not the signed-in user of the request (a sign-in, the system). */
export interface AuditActor {
  id: string | null;
  name: string;
  role: string | null;
}

/** One change to record. */
export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  /** The record before and after (API views or rows): the differing fields become `changes`. */
  before?: object | null;
  after?: object | null;
  /** Further changes to record as given (a remark, the quantities of a return). */
  changes?: AuditChange[];
  /** Defaults to the request's signed-in user, else the system. */
  actor?: AuditActor;
}

/** The key under which the request is kept in the request context (nestjs-cls). */
export const CLS_REQUEST = 'request';

/** The permission to read each kind of record: whoever holds it may read its history. */
const READ: Record<AuditEntity, Permission> = {
  product: 'products.read',
  category: 'categories.read',
  warehouse: 'warehouses.read',
  customer: 'customers.read',
  user: 'staff.read',
  incoming_list: 'incoming.read',
  outgoing_list: 'outgoing.read',
  transaction: 'transactions.read',
  adjustment: 'adjustments.read',
  transfer: 'transfers.read',
  stock_count: 'stockCounts.read',
  import: 'imports.read',
};

/**
 * The audit trail. Every service that changes a record calls {@link record} inside the
 * transaction of the change, so the event exists exactly when the change does. Who, the request id
 * and the client address come from the request context (nestjs-cls, set for every request).
 */
@Injectable()
export class AuditService {
  constructor(private readonly events: AuditRepository) {}

  /** Appends one event in `tx`; nothing when `before` and `after` are given and no field differs. */
  async record(tx: DbOrTx, e: AuditEntry): Promise<void> {
    const row = this.row(e);
    if (row) await this.events.insert(tx, [row]);
  }

  /**
   * {@link record} as an INSERT statement, for a posting that runs as one statement with its event
   * (the direct issue); null when there is nothing to record.
   */
  statement(e: AuditEntry): SQL | null {
    const row = this.row(e);
    return row && this.events.insertStatement(row);
  }

  /** The event row of `e`: who, the request id and the client address from the request context. */
  private row(e: AuditEntry): AuditInsert | null {
    const changes = [...(e.before !== undefined || e.after !== undefined ? diffRecords(e.before, e.after) : []), ...(e.changes ?? [])];
    if (e.action === 'update' && changes.length === 0) return null;
    const req = this.request();
    const user = req?.user as AuthUser | undefined;
    const actor = e.actor ?? (user ? { id: user.id, name: `${user.firstName} ${user.lastName}`, role: user.role } : SYSTEM);
    return {
      userId: actor.id,
      userName: actor.name,
      userRole: actor.role,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId,
      changes,
      requestId: req?.id || null,
      clientAddress: req?.ip ?? null,
    };
  }

  /** GET /api/audit: a page of events matching the filters (admin and finance). */
  async search(q: AuditQueryDto): Promise<AuditPage> {
    const page = await this.events.search(
      { entity: q.entity, entityId: q.entity_id, userId: q.user_id, action: q.action, from: q.from, to: q.to, sort: { sort: q.sort, order: q.order } },
      pageWindow(q),
    );
    const events = page.rows.map(toView);
    const names = await this.events.names(referencedIds(events));
    return { events, names, total_count: page.total, total_capped: page.capped };
  }

  /**
   * Every event of {@link search} for the same filters and sort, a page at a time (export): each
   * with its record's name, and the ids in its changes replaced by the names of their records.
   */
  pages(q: AuditQueryDto): AsyncGenerator<NamedAuditEvent[]> {
    return offsetPages(async (w) => {
      const { events, names } = await this.search({ ...q, ...w });
      return events.map((e) => ({
        ...e,
        record_name: e.entity_id ? (names[e.entity_id] ?? null) : null,
        changes: e.changes.map((c) => ({ field: c.field, before: namedValue(c.before, names), after: namedValue(c.after, names) })),
      }));
    });
  }

  /**
   * GET /api/audit/{entity}/{id}: one record's history, newest first, for whoever may read the
   * record: 403 without its read permission or (lists, ledger rows) for another warehouse's; 404
   * when there is no such record.
   */
  async history(user: AuthUser, entity: AuditEntity, id: string, q: { page?: number; limit?: number }): Promise<AuditPage> {
    if (!can(user.role, READ[entity])) throw new ForbiddenException('You may not read this record');
    const scope = await this.events.recordScope(entity, id);
    if (!scope) throw new NotFoundException('Record not found');
    // a record tied to warehouses is readable from any of them (a transfer: its source or destination)
    if (scope.warehouseIds.length && !(user.warehouseId && scope.warehouseIds.includes(user.warehouseId))) {
      assertWarehouseAccess(user, scope.warehouseIds[0]);
    }
    return this.search({ entity, entity_id: id, page: q.page, limit: q.limit });
  }

  private request(): (FastifyRequest & { user?: unknown }) | undefined {
    const cls = ClsServiceManager.getClsService();
    return cls.isActive() ? cls.get(CLS_REQUEST) : undefined;
  }
}

/** Changes made by the application itself (first admin, demo data). */
const SYSTEM: AuditActor = { id: null, name: 'System', role: null };

function toView(r: AuditRow): AuditEventView {
  return {
    _id: String(r.id),
    at: r.at.toISOString(),
    user: { _id: r.userId, name: r.userName ?? 'System', role: r.userRole },
    action: r.action as AuditEventView['action'],
    entity: r.entity as AuditEventView['entity'],
    entity_id: r.entityId,
    changes: r.changes,
    request_id: r.requestId,
    client_address: r.clientAddress,
  };
}
