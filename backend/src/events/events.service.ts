import { randomUUID } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { can, type Permission } from '@inventory/common';
import { debounceTime, distinctUntilChanged, filter, from, interval, map, merge, Observable, startWith, switchMap, takeUntil } from 'rxjs';
import type { AuthUser } from '../common/auth/auth-user';
import { AuthUsers } from '../common/auth/auth-users';
import { JwtStrategy } from '../common/auth/jwt.strategy';
import { BadgesService, type BadgeCounts } from '../badges/badges.service';
import { InventoryService } from '../inventory/inventory.service';
import { ChangeFeed, type Change } from '../database/change-feed';
import { EventTicketsRepository } from './event-tickets.repository';

/** A ticket opens an event stream within this many seconds of being issued. */
export const TICKET_SECONDS = 60;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** Counts are recomputed at most this often while changes keep coming. */
const RECOUNT_MS = 200;

/** The record kind of each announcing table and who may read it. */
const LIST_TABLES: Record<string, { kind: string; permission: Permission }> = {
  incoming_lists: { kind: 'incoming_list', permission: 'incoming.read' },
  outgoing_lists: { kind: 'outgoing_list', permission: 'outgoing.read' },
  stock_transfers: { kind: 'transfer', permission: 'transfers.read' },
  stock_counts: { kind: 'stock_count', permission: 'stockCounts.read' },
  stock_adjustments: { kind: 'adjustment', permission: 'adjustments.read' },
};

/** The answer to a missing, bad, expired or used ticket, or an ordinary token. */
const OPEN_WITH_TICKET = 'Open the event stream with a ticket from POST /api/events/ticket';

/** What a ticket carries: an ordinary token's claims, its own id (`jti`) and `purpose: 'events'`. */
interface TicketClaims {
  sub: string;
  ver: number;
  exp: number;
  jti: string;
}

/** A stream's account: the user as the stream opened, and the ticket it is checked against again. */
export interface StreamAccount {
  user: AuthUser;
  ticket: TicketClaims;
}

/**
 * True when `change` is within what `user` reads: a user tied to a warehouse gets only changes of
 * records of that warehouse (a transfer's source or destination), as GET routes answer 403 for
 * the others; stock movements recount the user's own counts, so they reach everyone.
 */
function inScope(user: AuthUser, change: Change): boolean {
  if (!user.warehouseId || change.table === 'stock') return true;
  return change.warehouses?.includes(user.warehouseId) ?? false;
}

/** One server-sent event (Nest writes `event:` and `data:` lines). */
export interface LiveEvent {
  type: 'counts' | 'list-changed' | 'ping';
  data: object;
}

/** The user's badge counts and low-stock count (GET /api/badges and the bell), as one event's data. */
export interface LiveCounts {
  badges: BadgeCounts;
  low_stock: number;
}

/**
 * Live updates: a short-lived, single-use ticket, then a stream of the user's counts
 * whenever they change and `list-changed` for each list, transfer, count or adjustment the user may
 * read, within the user's warehouse when tied to one. The stream closes when the user is removed,
 * its role or warehouse changes, or its sessions end (a password change), on any API process.
 */
@Injectable()
export class EventsService {
  constructor(
    private readonly jwt: JwtService,
    private readonly strategy: JwtStrategy,
    private readonly users: AuthUsers,
    private readonly tickets: EventTicketsRepository,
    private readonly feed: ChangeFeed,
    private readonly badges: BadgesService,
    private readonly inventory: InventoryService,
  ) {}

  /** POST /api/events/ticket: a token good for opening one stream, once, within 60 s, and for nothing else. */
  async ticket(user: AuthUser): Promise<{ ticket: string; expires_in: number }> {
    const row = await this.users.find(user.id);
    if (!row) throw new UnauthorizedException('Your account is no longer active');
    const ticket = await this.jwt.signAsync({ sub: user.id, role: user.role, ver: row.sessionVersion, purpose: 'events' }, { expiresIn: TICKET_SECONDS, jwtid: randomUUID() });
    return { ticket, expires_in: TICKET_SECONDS };
  }

  /**
   * Opens a stream with `ticket`: 401 for a missing, bad or expired ticket, an ordinary token, a
   * ticket used before (by this process or another: {@link EventTicketsRepository.consume}), or an
   * account removed, or whose sessions ended, since the ticket was issued (read from the database
   * now, not from the token guard's recent reads).
   */
  async open(ticket: string | undefined): Promise<StreamAccount> {
    const claims = await this.jwt.verifyAsync<Partial<TicketClaims> & { purpose?: string }>(ticket ?? '').catch(() => null);
    if (!claims || claims.purpose !== 'events' || typeof claims.jti !== 'string' || typeof claims.sub !== 'string' || typeof claims.exp !== 'number') {
      throw new UnauthorizedException(OPEN_WITH_TICKET);
    }
    const claimed = claims as TicketClaims;
    const user = await this.account(claimed);
    if (!(await this.tickets.consume(claimed.jti, new Date(claimed.exp * 1000)))) throw new UnauthorizedException(OPEN_WITH_TICKET);
    return { user, ticket: claimed };
  }

  /**
   * The account's stream: counts now and after every change in its scope (if they differ), list
   * changes in its scope, a heartbeat; it completes (the response ends) once the account no longer
   * matches what it opened with.
   */
  stream({ user, ticket }: StreamAccount): Observable<LiveEvent> {
    const changes = this.feed.changes.pipe(filter((c) => c.table !== 'users' && inScope(user, c)));
    const counts = changes.pipe(
      debounceTime(RECOUNT_MS),
      startWith(null),
      switchMap(() => from(this.counts(user))),
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
      map((data): LiveEvent => ({ type: 'counts', data })),
    );
    const lists = changes.pipe(
      filter((c): c is Change & { id: string } => !!c.id && !!LIST_TABLES[c.table] && can(user.role, LIST_TABLES[c.table].permission)),
      map((c): LiveEvent => ({ type: 'list-changed', data: { kind: LIST_TABLES[c.table].kind, id: c.id } })),
    );
    const heartbeat = interval(HEARTBEAT_MS).pipe(map((): LiveEvent => ({ type: 'ping', data: {} })));
    const ended = this.feed.changes.pipe(
      filter((c) => c.table === 'users' && c.id === user.id),
      switchMap(() => from(this.unchanged(user, ticket))),
      filter((same) => !same),
    );
    return merge(counts, lists, heartbeat).pipe(takeUntil(ended));
  }

  /** The ticket's account as the database has it now (401 when removed or its sessions ended since). */
  private account(ticket: TicketClaims): Promise<AuthUser> {
    this.users.forget(ticket.sub);
    return this.strategy.validate({ sub: ticket.sub, ver: ticket.ver, exp: ticket.exp });
  }

  /** True while the account is active, in the same session, with the role and warehouse the stream opened with. */
  private async unchanged(user: AuthUser, ticket: TicketClaims): Promise<boolean> {
    // any failure to read it (a removed account, or the database) ends the stream: the client opens a new one
    const now = await this.account(ticket).catch(() => null);
    return !!now && now.role === user.role && now.warehouseId === user.warehouseId;
  }

  private async counts(user: AuthUser): Promise<LiveCounts> {
    const [badges, low] = await Promise.all([this.badges.counts(user), this.inventory.search(user, { page: 1, limit: 1 }, true)]);
    return { badges, low_stock: low.total_count };
  }
}
