import type { IncomingMessage } from 'node:http';
import {
  BadRequestException,
  HttpException,
  Injectable,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import bodyParser from 'body-parser';
import type { FastifyRequest } from 'fastify';
import typeIs from 'type-is';
import { findUnsafeInput } from './safe-input';

/** Largest JSON body the API reads (body-parser notation); larger answers 413. */
export const BODY_LIMIT = '100kb';
/** {@link BODY_LIMIT} as people read it, in the 413 message. */
const BODY_LIMIT_TEXT = '100 kB';

/** The `@ApiConsumes()` metadata key of @nestjs/swagger: the media types a route documents. */
const API_CONSUMES = 'swagger/apiConsumes';
const JSON_TYPE = 'application/json';

/** The error found while reading the body, raised by {@link BodyGuard} inside Nest. */
const BODY_ERROR = Symbol('bodyError');
type WithBodyError = FastifyRequest & { [BODY_ERROR]?: unknown };

/** body-parser's error fields (http-errors). */
interface ParserError {
  status?: number;
  type?: string;
  message: string;
}

/** The charset a request's Content-Type names, lower-cased ('utf-8' when none). */
function charsetOf(req: FastifyRequest): string {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1].toLowerCase() ?? 'utf-8';
}

/** True when the request carries body bytes (an empty body, `Content-Length: 0`, has no media type to check). */
function hasContent(req: FastifyRequest): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** The media type of `types` the request's Content-Type is, else false (type-is, as Express's `req.is`). */
const mediaTypeOf = (req: FastifyRequest, types: string[]): string | false => typeIs.is(req.headers['content-type'] ?? '', types);

/** JSON bodies the parser reads: JSON in UTF-8 (or its subset US-ASCII); others are left for the 415 of {@link BodyGuard}. */
const isReadableJson = (req: FastifyRequest): boolean => mediaTypeOf(req, [JSON_TYPE]) !== false && ['utf-8', 'utf8', 'us-ascii'].includes(charsetOf(req));

/** A body-parser failure as the answer the client gets: 400 malformed, 413 too large, 415 content encoding. */
function toHttpError(err: ParserError): unknown {
  if (err.type === 'entity.parse.failed') {
    const at = /position (\d+)/.exec(err.message);
    return new BadRequestException(`Malformed JSON body${at ? ` (at position ${at[1]})` : ''}`);
  }
  if (err.type === 'entity.too.large') return new PayloadTooLargeException(`The body is too large: the limit is ${BODY_LIMIT_TEXT}`);
  if (err.type === 'encoding.unsupported') return new UnsupportedMediaTypeException(err.message.replace(/^unsupported/, 'Unsupported'));
  return err.status && err.status < 500 ? new HttpException(err.message, err.status) : err;
}

/** The JSON of a body as Express read it: inflated (gzip, deflate, br), at most {@link BODY_LIMIT}, any top-level value. */
const readJson = bodyParser.json({ limit: BODY_LIMIT, strict: false, type: () => true });

/**
 * Fastify's reader of every body but multipart (read by the upload routes themselves): readable
 * JSON is parsed by {@link readJson}, anything else is left unread for the 415 of {@link BodyGuard}.
 * A failure is kept for {@link BodyGuard} rather than answered here, so a route that needs a token
 * answers 401 first, as every failure of the body does.
 */
function parseBody(req: WithBodyError, _payload: IncomingMessage, done: (err: null, body?: unknown) => void): void {
  if (!isReadableJson(req)) return done(null);
  const raw = req.raw as IncomingMessage & { body?: unknown };
  // body-parser reads no response (it would only hand one to a `verify` option)
  readJson(raw, undefined as never, (err?: ParserError) => {
    if (err) req[BODY_ERROR] = toHttpError(err);
    else req[BODY_ERROR] = inspect(raw.body);
    done(null, err ? undefined : raw.body);
  });
}

/** The 400 for a parsed JSON body that is not an object or carries what no field may (safe-input.ts); undefined when it is fine. */
function inspect(body: unknown): BadRequestException | undefined {
  if (body === undefined) return undefined;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return new BadRequestException('Malformed JSON body: it must be a JSON object');
  const unsafe = findUnsafeInput(body);
  return unsafe && new BadRequestException({ message: unsafe.message, errors: [unsafe] });
}

/**
 * Raises inside Nest, so the ErrorFilter shapes it, what was wrong with the body: the parser's or
 * the inspection's error, else 415 when the body's media type is not one the route consumes
 * (`@ApiConsumes`, JSON by default). Runs after the global auth guard (a route that needs a token
 * answers 401 first) and before any pipe, interceptor or handler reads the body.
 */
@Injectable()
export class BodyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<WithBodyError>();
    if (req[BODY_ERROR]) throw req[BODY_ERROR];
    if (!hasContent(req)) return true;
    const consumes = this.reflector.getAllAndOverride<string[] | undefined>(API_CONSUMES, [context.getHandler(), context.getClass()]) ?? [JSON_TYPE];
    const type = mediaTypeOf(req, consumes);
    if (type === false) {
      const sent = (req.headers['content-type'] ?? 'none').slice(0, 100);
      throw new UnsupportedMediaTypeException(`Unsupported media type "${sent}": send ${consumes.join(' or ')}`);
    }
    if (type === JSON_TYPE && !isReadableJson(req)) {
      throw new UnsupportedMediaTypeException(`Unsupported charset "${charsetOf(req)}": send JSON as UTF-8`);
    }
    return true;
  }
}

/**
 * Body reading of every API process and test app: JSON up to
 * {@link BODY_LIMIT}, any top-level JSON value parsed then refused unless it is an object, and
 * every failure raised by {@link BodyGuard} as 400 (malformed, unsafe), 413 (too large) or 415
 * (media type, charset, content encoding). Replaces Fastify's own readers (create the app with
 * `bodyParser: false`); multipart is left to @fastify/multipart (multipart.ts).
 */
export function configureBodyParsing(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', parseBody);
  app.useGlobalGuards(new BodyGuard(app.get(Reflector)));
}
