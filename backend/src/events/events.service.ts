import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { can, type Permission } from '@inventory/common';
import { debounceTime, filter, interval, map, merge, Observable, startWith, switchMap, from, distinctUntilChanged } from 'rxjs';
import type { AuthUser } from '../common/auth/auth-user';
import { JwtStrategy } from '../common/auth/jwt.strategy';
import { BadgesService, type BadgeCounts } from '../badges/badges.service';
import { InventoryService } from '../inventory/inventory.service';
import { UsersRepository } from '../users/users.repository';
import { ChangeFeed, type Change } from './change-feed';

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
 * Live updates (issue 17): a short-lived ticket, then a stream of the user's counts whenever they
 * change and `list-changed` for each list, transfer, count or adjustment the user may read.
 */
@Injectable()
export class EventsService {
  constructor(
    private readonly jwt: JwtService,
    private readonly strategy: JwtStrategy,
    private readonly users: UsersRepository,
    private readonly feed: ChangeFeed,
    private readonly badges: BadgesService,
    private readonly inventory: InventoryService,
  ) {}

  /** POST /api/events/ticket: a token good for opening one stream within 60 s, and for nothing else. */
  async ticket(user: AuthUser): Promise<{ ticket: string; expires_in: number }> {
    const row = await this.users.findAuthUser(user.id);
    if (!row) throw new UnauthorizedException('Your account is no longer active');
    const ticket = await this.jwt.signAsync({ sub: user.id, role: user.role, ver: row.sessionVersion, purpose: 'events' }, { expiresIn: TICKET_SECONDS });
    return { ticket, expires_in: TICKET_SECONDS };
  }

  /** The user a ticket names (401 for a bad, expired or ordinary token, or an account no longer active). */
  async userOf(ticket: string | undefined): Promise<AuthUser> {
    const payload = await this.jwt.verifyAsync<{ purpose?: string; sub?: string; ver?: number; exp?: number }>(ticket ?? '').catch(() => null);
    if (!payload || payload.purpose !== 'events') throw new UnauthorizedException('Open the event stream with a ticket from POST /api/events/ticket');
    return this.strategy.validate({ ...payload, purpose: undefined });
  }

  /** The user's stream: counts now and after every change (if they differ), list changes, a heartbeat. */
  stream(user: AuthUser): Observable<LiveEvent> {
    const counts = this.feed.changes.pipe(
      debounceTime(RECOUNT_MS),
      startWith(null),
      switchMap(() => from(this.counts(user))),
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
      map((data): LiveEvent => ({ type: 'counts', data })),
    );
    const lists = this.feed.changes.pipe(
      filter((c): c is Required<Change> => !!c.id && !!LIST_TABLES[c.table] && can(user.role, LIST_TABLES[c.table].permission)),
      map((c): LiveEvent => ({ type: 'list-changed', data: { kind: LIST_TABLES[c.table].kind, id: c.id } })),
    );
    const heartbeat = interval(HEARTBEAT_MS).pipe(map((): LiveEvent => ({ type: 'ping', data: {} })));
    return merge(counts, lists, heartbeat);
  }

  private async counts(user: AuthUser): Promise<LiveCounts> {
    const [badges, low] = await Promise.all([this.badges.counts(user), this.inventory.search(user, { page: 1, limit: 1 }, true)]);
    return { badges, low_stock: low.total_count };
  }
}
