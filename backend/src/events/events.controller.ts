import { Controller, HttpCode, Post, Query, Sse } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import { Allow, CurrentUser, Public } from '../common/auth/auth.decorators';
import type { AuthUser } from '../common/auth/auth-user';
import { ok, type Envelope } from '../common/http/envelope';
import { EventsService, type LiveEvent } from './events.service';

/** Live updates (issue 17): Server-Sent Events of the user's counts and list changes. */
@ApiTags('Events')
@Controller('events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Post('ticket')
  @HttpCode(200)
  @Allow('badges.read')
  @ApiOperation({ summary: 'A ticket (valid 60 s, for GET /api/events only) so a browser EventSource, which cannot send headers, can open the stream.' })
  @ApiOkResponse({ description: 'data = {ticket, expires_in (s)}' })
  async ticket(@CurrentUser() user: AuthUser): Promise<Envelope<{ ticket: string; expires_in: number }>> {
    return ok('Event ticket issued', await this.events.ticket(user));
  }

  @Sse()
  @Public()
  @ApiQuery({ name: 'ticket', required: true })
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary:
      'The event stream: `counts` {badges (as GET /api/badges), low_stock} at once and whenever they change; `list-changed` {kind (incoming_list|outgoing_list|transfer|stock_count|adjustment), id} for each change of one the user may read; `ping` every 25 s. Changes travel between API processes through PostgreSQL LISTEN/NOTIFY.',
  })
  @ApiUnauthorizedResponse({ description: 'No ticket, an expired one, an ordinary token, or an account no longer active' })
  async stream(@Query('ticket') ticket: string | undefined): Promise<Observable<LiveEvent>> {
    return this.events.stream(await this.events.userOf(ticket));
  }
}
