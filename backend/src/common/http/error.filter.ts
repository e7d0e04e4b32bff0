import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { documentLanguage, type DocumentLanguage } from '@inventory/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { isDatabaseUnavailable, isRetryableConflict } from '../../database/db-errors';
import { localizeMessage } from '../i18n/server-messages';
import { safeError } from './safe-error';
import { uniqueViolationMessage, UNIQUE_FALLBACK } from './unique-violation';
import type { FieldError } from './validation';

/** The error body of every API route (docs/api.md). */
export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  errors?: FieldError[];
}

/**
 * PostgreSQL error codes mapped to HTTP: unique, foreign key, check, bad text, too long.
 * A unique violation names the taken value for known indexes (unique-violation.ts).
 */
const PG_CODES: Record<string, [number, string]> = {
  '23505': [409, UNIQUE_FALLBACK],
  '23503': [409, 'A referenced record does not exist or is still in use'],
  '23514': [409, 'The change breaks a stock or data rule'],
  '22P02': [400, 'A value has the wrong format'],
  '22001': [400, 'A value is too long'],
  '22003': [400, 'A number is out of range'],
};

/** The fields of a PostgreSQL (node-postgres or PGlite) error the filter reads. */
interface PgError {
  code: string;
  detail?: string;
  constraint?: string;
}

/** Seconds a client should wait before retrying a 503 (the `Retry-After` header). */
export const RETRY_AFTER_SECONDS = 5;
/** The message of a 503 while the database cannot be reached. */
export const UNAVAILABLE_MESSAGE = 'The server is temporarily unavailable, please try again shortly';
/** The message of a 503 when a posting kept colliding with parallel ones (retries ran out). */
export const BUSY_MESSAGE = 'The server is busy with parallel changes, please try again shortly';

/** `body` with its message and field messages in `language` (unchanged for English). */
function localized(body: ErrorBody, language: DocumentLanguage): ErrorBody {
  if (language === 'en') return body;
  const errors = body.errors?.map((e) => ({ ...e, message: localizeMessage(e.message, language) }));
  return { ...body, message: localizeMessage(body.message, language), ...(errors ? { errors } : {}) };
}

function pgError(err: unknown): PgError | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (typeof e.code === 'string' && PG_CODES[e.code]) return e as PgError;
  }
  return undefined;
}

/**
 * Shapes every error as {@link ErrorBody}; database constraint errors are mapped in one place.
 * A database that cannot be reached, or a deadlock/serialization failure that outlived the
 * retries, answers 503; every 503 carries `Retry-After`. Unexpected
 * errors are logged without the values they carried (safe-error.ts, point 23). The message and
 * each field's message are written in the request's language (`Accept-Language: am` → Amharic from
 * the catalogue of common/i18n/server-messages.ts; anything else → English).
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger(ErrorFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const body = localized(this.toBody(exception), documentLanguage(http.getRequest<FastifyRequest>().headers?.['accept-language']));
    if (body.statusCode === HttpStatus.SERVICE_UNAVAILABLE && !reply.hasHeader('Retry-After')) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    void reply.status(body.statusCode).send(body);
  }

  private toBody(exception: unknown): ErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const r = exception.getResponse();
      const obj = typeof r === 'string' ? { message: r } : (r as { message?: unknown; errors?: FieldError[] });
      const message = Array.isArray(obj.message) ? obj.message.join('; ') : String(obj.message ?? exception.message);
      return { statusCode: status, message, error: STATUS_CODES[status] ?? 'Error', ...(obj.errors ? { errors: obj.errors } : {}) };
    }
    const unavailable = isDatabaseUnavailable(exception);
    if (unavailable || isRetryableConflict(exception)) {
      this.logger.warn({ msg: unavailable ? 'Database unavailable' : 'Posting conflict outlived its retries', error: safeError(exception) });
      return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: unavailable ? UNAVAILABLE_MESSAGE : BUSY_MESSAGE, error: 'Service Unavailable' };
    }
    const pg = pgError(exception);
    if (pg) {
      const [status, generic] = PG_CODES[pg.code];
      const message = pg.code === '23505' ? uniqueViolationMessage(pg.constraint, pg.detail) : generic;
      return { statusCode: status, message, error: STATUS_CODES[status] ?? 'Error' };
    }
    const status = (exception as { status?: number; type?: string })?.status;
    if (status && status >= 400 && status < 500) {
      // errors of the HTTP layer (Fastify's, body-parser's) carry their status
      return { statusCode: status, message: (exception as Error).message, error: STATUS_CODES[status] ?? 'Error' };
    }
    this.logger.error({ msg: 'Unexpected error', error: safeError(exception) });
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error', error: 'Internal Server Error' };
  }
}
