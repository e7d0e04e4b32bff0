import {
  BadRequestException,
  HttpException,
  Injectable,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
  type CanActivate,
  type ExecutionContext,
  type INestApplication,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
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
type WithBodyError = Request & { [BODY_ERROR]?: unknown };

/** body-parser's error fields (http-errors). */
interface ParserError {
  status?: number;
  type?: string;
  message: string;
}

/** The charset a request's Content-Type names, lower-cased ('utf-8' when none). */
function charsetOf(req: Request): string {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1].toLowerCase() ?? 'utf-8';
}

/** True when the request carries body bytes (an empty body, `Content-Length: 0`, has no media type to check). */
function hasContent(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** JSON bodies the parser reads: JSON in UTF-8 (or its subset US-ASCII); others are left for the 415 of {@link BodyGuard}. */
const isReadableJson = (req: Request): boolean => !!req.is(JSON_TYPE) && ['utf-8', 'utf8', 'us-ascii'].includes(charsetOf(req));

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

/**
 * Keeps a body-parser error for {@link BodyGuard} and lets the request go on. Passed to
 * `next(err)`, it would reach ServeStaticModule's error middleware first, which turns any error
 * on its excluded paths (/api) into 404 "Cannot POST /api/..." (issue 12, point 11).
 */
function deferParserError(err: ParserError, req: WithBodyError, _res: Response, next: NextFunction): void {
  req[BODY_ERROR] = toHttpError(err);
  next();
}

/** Refuses a parsed JSON body that is not an object or carries what no field may (safe-input.ts). */
function inspectBody(req: WithBodyError, _res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  if (body === undefined || req[BODY_ERROR]) return next();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    req[BODY_ERROR] = new BadRequestException('Malformed JSON body: it must be a JSON object');
    return next();
  }
  const unsafe = findUnsafeInput(body);
  if (unsafe) req[BODY_ERROR] = new BadRequestException({ message: unsafe.message, errors: [unsafe] });
  next();
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
    const type = req.is(consumes);
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
 * Body reading of every API process and test app (issue 12, points 11 and 12): JSON up to
 * {@link BODY_LIMIT}, any top-level JSON value parsed then refused unless it is an object, and
 * every failure raised by {@link BodyGuard} as 400 (malformed, unsafe), 413 (too large) or 415
 * (media type, charset). Call before `init()`: the parser registered here replaces Nest's default.
 */
export function configureBodyParsing(app: INestApplication): void {
  (app as NestExpressApplication).useBodyParser('json', { limit: BODY_LIMIT, strict: false, type: isReadableJson });
  app.use('/api', deferParserError);
  app.use('/api', inspectBody);
  app.useGlobalGuards(new BodyGuard(app.get(Reflector)));
}
