import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { EventsService, type StreamAccount } from './events.service';

/** Where {@link EventTicketGuard} leaves the account a ticket opened a stream for. */
const STREAM_ACCOUNT = Symbol('streamAccount');

type WithAccount = FastifyRequest<{ Querystring: { ticket?: unknown } }> & { [STREAM_ACCOUNT]?: StreamAccount };

/**
 * Checks and uses up the `ticket` of GET /api/events (401 otherwise: {@link EventsService.open})
 * before the route's handler runs. The check cannot be left to the handler: once an event-stream
 * handler is called (with any interceptor, such as nestjs-cls's), Nest answers 200 with the stream
 * headers on the next turn of the event loop, so a ticket refused after a database round trip was
 * answered 200 and an `error` event instead of 401.
 */
@Injectable()
export class EventTicketGuard implements CanActivate {
  constructor(private readonly events: EventsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<WithAccount>();
    req[STREAM_ACCOUNT] = await this.events.open(typeof req.query.ticket === 'string' ? req.query.ticket : undefined);
    return true;
  }
}

/** The account {@link EventTicketGuard} opened the stream for. */
export const OpenedStream = createParamDecorator((_: unknown, ctx: ExecutionContext): StreamAccount => ctx.switchToHttp().getRequest<WithAccount>()[STREAM_ACCOUNT]!);
