import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { IDEMPOTENCY_HEADER, IdempotencyInterceptor, KEY_TTL_HOURS } from './idempotency.interceptor';

/**
 * Marks a stock-moving POST as retry-safe with an `Idempotency-Key` header (
 * see {@link IdempotencyInterceptor}) and documents the header (its 409 in
 * the header's description, so the route's own 409 text stays) and the 422 in OpenAPI.
 * Guards run before interceptors, so the key always belongs to the signed-in user.
 */
export function Idempotent() {
  return applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: IDEMPOTENCY_HEADER,
      required: false,
      description:
        `Optional, 1-255 printable ASCII characters (e.g. a UUID), one per submission. A repeat with the same key and body ` +
        `returns the first answer (header Idempotent-Replayed: true) and posts nothing, for ${KEY_TTL_HOURS} h; ` +
        `409 (retry, Retry-After: 1) while the first request with the key is still running.`,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    }),
    ApiUnprocessableEntityResponse({ description: `This ${IDEMPOTENCY_HEADER} was already used on another route or with another body` }),
  );
}
