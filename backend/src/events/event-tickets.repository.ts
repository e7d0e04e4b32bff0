import { Inject, Injectable } from '@nestjs/common';
import { lt, sql } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database } from '../database/database';
import { usedEventTickets } from '../database/schema';

/** The used event-stream tickets (`used_event_tickets`), shared by every API process on the database. */
@Injectable()
export class EventTicketsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /**
   * Marks ticket `id` (expiring at `expiresAt`) used; true when this call used it, false when it
   * was used before, by this process or another: the insert of its primary key decides, atomically.
   * Tickets past their expiry are dropped first (they open nothing anyway).
   */
  async consume(id: string, expiresAt: Date): Promise<boolean> {
    await this.db.delete(usedEventTickets).where(lt(usedEventTickets.expiresAt, sql`now()`));
    const rows = await this.db.insert(usedEventTickets).values({ ticketId: id, expiresAt }).onConflictDoNothing().returning({ id: usedEventTickets.ticketId });
    return rows.length === 1;
  }
}
