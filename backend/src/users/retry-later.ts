import { CallHandler, ExecutionContext, HttpException, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { catchError, type Observable, throwError } from 'rxjs';

/**
 * A refusal the client may retry later: 429 (too many sign-in attempts) or 503 (password checks
 * busy). {@link RetryAfterInterceptor} sends `retryAfterSeconds` as the `Retry-After` header.
 */
export class RetryLaterException extends HttpException {
  constructor(
    message: string,
    status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE,
    readonly retryAfterSeconds: number,
  ) {
    super(message, status);
  }
}

/** Adds `Retry-After` (whole seconds) to the answer of a {@link RetryLaterException}; the error filter writes the body. */
@Injectable()
export class RetryAfterInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((err: unknown) => {
        if (err instanceof RetryLaterException) {
          context.switchToHttp().getResponse<FastifyReply>().header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
        }
        return throwError(() => err);
      }),
    );
  }
}
