import type { NestApplicationOptions } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { type AppConfig, trustProxySetting } from '../../config/app-config';
import { REQUEST_ID_HEADER, requestId } from '../logging/logging';

/**
 * The HTTP server of every API process and test app: Fastify, trusting the proxies TRUST_PROXY
 * names (else none: any client could pick its address), each request's id from
 * {@link requestId}, answered in X-Request-Id (and logged by pino-http, which takes it from the
 * Node request). Fastify's own logger stays off: nestjs-pino writes the request lines (logging.ts).
 */
export function createHttpAdapter(config: AppConfig): FastifyAdapter {
  const adapter = new FastifyAdapter({
    trustProxy: trustProxySetting(config),
    genReqId: requestId,
    requestIdHeader: false,
    logger: false,
    // while the process stops (SIGTERM), a request on an open connection is still served, not refused
    // with 503: the drain is ShutdownState's (readiness 503, then 10 s for what is in flight)
    return503OnClosing: false,
  });
  adapter.getInstance().addHook('onRequest', (req, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  return adapter;
}

/** Options of `NestFactory.create` beside the adapter: Nest's own body readers are replaced by body-parsing.ts. */
export const APP_OPTIONS: NestApplicationOptions = { bodyParser: false };
