import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../../config/app-config';

/** Header carrying the request id, in and out. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming request id is kept only when it is a short token of safe characters. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The id of a request: the client's `X-Request-Id` when it is a short safe token (letters,
 * digits, `.`, `_`, `-`; at most 64), else a new UUID. Fastify's `genReqId`: Fastify's
 * `request.id` (the audit trail's), handed on to pino-http as the Node request's `id`.
 */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The path of a URL without its query string (search terms may be personal data). */
const pathOf = (url: string | undefined): string => (url ?? '').split('?')[0];

/**
 * nestjs-pino options: one JSON line per /api request with its id, method,
 * path, status and time, and every log line of the request carrying the id (`req.id`). No
 * headers, query strings or bodies are logged, so no token, cookie, password, email or phone;
 * errors are logged by the error filter without their parameters (safe-error.ts).
 * Level: LOG_LEVEL, else info (error under NODE_ENV=test, to keep test output quiet); a 503 is
 * logged as warn, other 5xx as error.
 */
export function loggerParams(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.LOG_LEVEL ?? (config.NODE_ENV === 'test' ? 'error' : 'info'),
      quietReqLogger: true,
      customLogLevel: (_req, res, err) => (res.statusCode === 503 ? 'warn' : err || res.statusCode >= 500 ? 'error' : 'info'),
      // pino-http makes up an Error ("failed with status code 500") whose stack is its own: the error filter logs the real one
      customErrorObject: (_req, _res, _err, val: Record<string, unknown>) => ({ ...val, err: undefined }),
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: pathOf(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      // belt and braces: nothing above logs headers, but a future serializer must not leak these
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'req.body'], censor: '[redacted]' },
    },
  };
}
