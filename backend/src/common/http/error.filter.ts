import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { STATUS_CODES } from 'node:http';
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

function pgError(err: unknown): PgError | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (typeof e.code === 'string' && PG_CODES[e.code]) return e as PgError;
  }
  return undefined;
}

/** Shapes every error as {@link ErrorBody}; database constraint errors are mapped in one place. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger(ErrorFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    res.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const r = exception.getResponse();
      const obj = typeof r === 'string' ? { message: r } : (r as { message?: unknown; errors?: FieldError[] });
      const message = Array.isArray(obj.message) ? obj.message.join('; ') : String(obj.message ?? exception.message);
      return { statusCode: status, message, error: STATUS_CODES[status] ?? 'Error', ...(obj.errors ? { errors: obj.errors } : {}) };
    }
    const pg = pgError(exception);
    if (pg) {
      const [status, generic] = PG_CODES[pg.code];
      const message = pg.code === '23505' ? uniqueViolationMessage(pg.constraint, pg.detail) : generic;
      return { statusCode: status, message, error: STATUS_CODES[status] ?? 'Error' };
    }
    const status = (exception as { status?: number; type?: string })?.status;
    if (status && status >= 400 && status < 500) {
      // body-parser and multer errors (malformed JSON, too large) carry their status
      return { statusCode: status, message: (exception as Error).message, error: STATUS_CODES[status] ?? 'Error' };
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error', error: 'Internal Server Error' };
  }
}
