import { Controller, HttpCode, Post, Sse, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import { Allow, CurrentUser, Public } from '../common/auth/auth.decorators';
import type { AuthUser } from '../common/auth/auth-user';
import { ok, type Envelope } from '../common/http/envelope';
import { EventTicketGuard, OpenedStream } from './event-ticket.guard';
import { EventsService, type LiveEvent, type StreamAccount } from './events.service';

/** Live updates: Server-Sent Events of the user's counts and list changes. */
@ApiTags('Events')
@Controller('events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Post('ticket')
  @HttpCode(200)
  @Allow('badges.read')
  @ApiOperation({ summary: 'A ticket (valid 60 s, single use, for GET /api/events only) so a browser EventSource, which cannot send headers, can open the stream.' })
  @ApiOkResponse({ description: 'data = {ticket, expires_in (s)}' })
  async ticket(@CurrentUser() user: AuthUser): Promise<Envelope<{ ticket: string; expires_in: number }>> {
    return ok('Event ticket issued', await this.events.ticket(user));
  }

  @Sse()
  @Public()
  @UseGuards(EventTicketGuard)
  @ApiQuery({ name: 'ticket', required: true })
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary:
      'The event stream: `counts` {badges (as GET /api/badges), low_stock} at once and whenever they change; `list-changed` {kind (incoming_list|outgoing_list|transfer|stock_count|adjustment), id} for each change of one the user may read (a user tied to a warehouse: only that warehouse\'s, a transfer\'s source or destination); `ping` every 25 s. The ticket is used up by opening; the stream ends when the user is removed, its role or warehouse changes, or its sessions end. Changes travel between API processes through PostgreSQL LISTEN/NOTIFY.',
  })
  @ApiUnauthorizedResponse({ description: 'No ticket, an expired or already used one, an ordinary token, or an account no longer active or signed out since the ticket was issued' })
  stream(@OpenedStream() account: StreamAccount): Observable<LiveEvent> {
    return this.events.stream(account);
  }
}
