import { createHash } from 'node:crypto';
import {
  BadRequestException,
  CallHandler,
  ConflictException,
  ExecutionContext,
  Inject,
  Injectable,
  Logger,
  NestInterceptor,
  UnprocessableEntityException,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import stableStringify from 'fast-json-stable-stringify';
import { catchError, mergeMap, of, type Observable } from 'rxjs';
import type { Database } from '../../database/database';
import { DB } from '../../database/database.module';
import type { AuthUser } from '../auth/auth-user';
import { IdempotencyRepository, IN_PROGRESS, type KeyClaim, type StoredKey } from './idempotency.repository';

/** The request header (IETF draft "The Idempotency-Key HTTP Header Field"). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Response header set on an answer replayed from a stored key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** Keys older than this may be purged; a repeat after that posts again. */
export const KEY_TTL_HOURS = 24;
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;
const PURGE_EVERY_MS = 60_000;

/**
 * Makes a stock-moving POST safe to retry. With an `Idempotency-Key`
 * header (1-255 printable ASCII characters, else 400), the first request reserves the key for
 * its user (a row with status 0) before the handler runs and stores the answer after it; a
 * repeat with the same key, route and body gets that answer again (same status and body, header
 * `Idempotent-Replayed: true`) and posts nothing; the same key on another route or with another
 * body answers 422; a repeat while the first still runs answers 409 with `Retry-After: 1`. A
 * failed handler (any error) drops the reservation so the client may retry with the same key.
 * Without the header the route behaves as before. Applied with {@link Idempotent}.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(IdempotencyInterceptor.name);
  private readonly keys: IdempotencyRepository;
  private lastPurge = 0;

  constructor(
    @Inject(DB) db: Database,
    private readonly reflector: Reflector,
  ) {
    this.keys = new IdempotencyRepository(db);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<FastifyRequest & { user?: AuthUser }>();
    const key = readKey(req);
    if (key === undefined || !req.user) return next.handle();
    const claim: KeyClaim = { userId: req.user.id, key, route: `${req.method} ${pathOf(req.url)}`, requestHash: hashBody(req.body) };
    const res = http.getResponse<FastifyReply>();
    const stored = await this.claim(claim, res);
    if (stored) {
      res.header(REPLAYED_HEADER, 'true');
      return of(stored.response);
    }
    const status = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ?? (req.method === 'POST' ? 201 : 200);
    return next.handle().pipe(
      mergeMap(async (body: unknown) => {
        await this.keys.complete(claim.userId, key, status, body).catch((err: unknown) => this.warn('store the answer of', err));
        return body;
      }),
      catchError(async (err: unknown) => {
        await this.keys.release(claim.userId, key).catch((e: unknown) => this.warn('release', e));
        throw err;
      }),
    );
  }

  /**
   * Reserves the key (undefined: run the handler) or returns the stored answer to replay;
   * throws 422 for another route or body and 409 while the first request is running.
   */
  private async claim(c: KeyClaim, res: FastifyReply): Promise<StoredKey | undefined> {
    // A reservation released between our insert and our read is simply taken on the next turn.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await this.keys.reserve(c)) {
        this.purgeNowAndThen();
        return undefined;
      }
      const stored = await this.keys.find(c.userId, c.key);
      if (!stored) continue;
      if (stored.route !== c.route || stored.requestHash !== c.requestHash) {
        throw new UnprocessableEntityException(
          `This ${IDEMPOTENCY_HEADER} was already used for another request (other route or body); send a new key for a new request`,
        );
      }
      if (stored.statusCode === IN_PROGRESS) break;
      return stored;
    }
    res.header('Retry-After', '1');
    throw new ConflictException(`A request with this ${IDEMPOTENCY_HEADER} is still in progress; retry in a moment`);
  }

  /** Deletes expired keys at most once a minute per process (one indexed delete). */
  private purgeNowAndThen(): void {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    this.keys.purgeOlderThan(KEY_TTL_HOURS).catch((err: unknown) => this.warn('purge expired keys of', err));
  }

  private warn(what: string, err: unknown): void {
    this.logger.warn(`Could not ${what} an ${IDEMPOTENCY_HEADER}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The header's value; undefined when absent; 400 naming the header when malformed. */
function readKey(req: FastifyRequest): string | undefined {
  const value = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !VALID_KEY.test(value)) {
    throw new BadRequestException({
      message: `${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters`,
      errors: [{ field: IDEMPOTENCY_HEADER, message: 'must be 1 to 255 printable ASCII characters' }],
    });
  }
  return value;
}

/** The path of a request URL, without its query string. */
const pathOf = (url: string): string => url.split('?', 1)[0];

/** SHA-256 of the body as canonical JSON (key order and spacing do not matter). */
function hashBody(body: unknown): string {
  return createHash('sha256')
    .update(stableStringify(body ?? null))
    .digest('hex');
}
