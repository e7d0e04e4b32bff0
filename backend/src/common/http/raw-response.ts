import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * The Node response of `reply`, taken over by a route that writes its answer itself (a streamed
 * download): the headers given to `reply` so far (helmet's, Cache-Control, CORS) are copied onto
 * it and Fastify leaves the answer to the route from then on. Take it over right before the first
 * byte: until then a failure still gets the error filter's answer through `reply`.
 */
export function takeOverResponse(reply: FastifyReply): ServerResponse {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
  return reply.raw;
}
