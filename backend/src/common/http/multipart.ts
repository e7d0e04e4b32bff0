import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { BadRequestException, type CallHandler, type ExecutionContext, HttpException, Injectable, mixin, type NestInterceptor, type Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { finalize, type Observable } from 'rxjs';

/** An uploaded file as a route gets it (`@UploadedFile()`). */
interface UploadedFileBase {
  /** The form field it came in. */
  fieldname: string;
  /** The client's file name (UTF-8), unchecked: display it through a filter. */
  originalname: string;
  /** The media type the client named, unchecked. */
  mimetype: string;
  /** Bytes. */
  size: number;
}

/** A file read into memory (`storage: 'memory'`). */
export interface UploadedBuffer extends UploadedFileBase {
  buffer: Buffer;
}

/** A file written to a temporary file (`storage: 'disk'`), removed once the request is answered. */
export interface UploadedTempFile extends UploadedFileBase {
  path: string;
}

/** How a route takes its one file. */
export interface FileUploadOptions {
  /** The form field of the file; a file in another field answers 400 {@link wrongField}. */
  field: string;
  /** memory: the file in `buffer`; disk: in a temporary file at `path` (large files are never held in memory). */
  storage: 'memory' | 'disk';
  /** busboy's limits: fileSize in bytes (a larger file answers {@link tooLarge}), files, fields, fieldSize. */
  limits: { fileSize: number; files: number; fields: number; fieldSize?: number };
  /** The answer to a file over `limits.fileSize`. */
  tooLarge: () => HttpException;
  /** The message of the 400 for a file in another form field. */
  wrongField: string;
}

/** The multipart errors of @fastify/multipart and busboy as the uploads answer them (all 400), by code or message. */
const UPLOAD_ERRORS: Record<string, string> = {
  FST_PARTS_LIMIT: 'Too many parts',
  FST_FILES_LIMIT: 'Too many files',
  FST_FIELDS_LIMIT: 'Too many fields',
  FST_MP_PREMATURE_CLOSE: 'request aborted',
  'Multipart: Boundary not found': 'Multipart: Boundary not found',
  'Unexpected end of multipart data': 'Unexpected end of form',
  'Part terminated early': 'Unexpected end of form',
  'Malformed part header': 'Malformed part header',
};

/** The answer to a failed read: a file too large as the route says, else a 400 with the known errors' messages or 'Malformed upload'. */
function uploadError(err: unknown, options: FileUploadOptions): HttpException {
  if (err instanceof HttpException) return err;
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return options.tooLarge();
  return new BadRequestException(UPLOAD_ERRORS[code ?? ''] ?? UPLOAD_ERRORS[message ?? ''] ?? 'Malformed upload');
}

/** The request as the route reads it: @fastify/multipart's `file()` gives way to the file read. */
type UploadRequest = Omit<FastifyRequest, 'file'> & { file?: UploadedBuffer | UploadedTempFile };

/**
 * An interceptor reading the multipart form of a route (@fastify/multipart): its one file, as
 * `request.file` (`@UploadedFile()`), and its text fields, as `request.body` (`@Body()`), before
 * the pipes run. A request that is not multipart passes untouched (the route's 415 is
 * BodyGuard's). Too large: `tooLarge()`; a file in another field: 400 `wrongField`; more files,
 * fields or parts than the limits, a field name or value over its limit, or a malformed form: 400.
 * A disk file is removed once the request is answered, or at once on a failure.
 */
export function FileUpload(options: FileUploadOptions): Type<NestInterceptor> {
  @Injectable()
  class FileUploadInterceptor implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const req = context.switchToHttp().getRequest<UploadRequest>();
      req.file = undefined; // no file unless the form has one (not @fastify/multipart's `file()`)
      if (!req.isMultipart()) return next.handle();
      const temporary: string[] = [];
      const removeTemporary = () => Promise.all(temporary.map((file) => rm(file, { force: true })));
      try {
        await readForm(req, options, temporary);
      } catch (err) {
        await removeTemporary();
        throw uploadError(err, options);
      }
      return next.handle().pipe(finalize(() => void removeTemporary()));
    }
  }
  return mixin(FileUploadInterceptor);
}

/** Reads every part of the form into `req.file` and `req.body`; a disk file's path is added to `temporary` before it is written. */
async function readForm(req: UploadRequest, options: FileUploadOptions, temporary: string[]): Promise<void> {
  const body: Record<string, unknown> = {};
  for await (const part of req.parts({ limits: options.limits })) {
    if (part.type === 'field') {
      if (part.fieldnameTruncated) throw new BadRequestException('Field name too long');
      if (part.valueTruncated) throw new BadRequestException('Field value too long');
      body[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== options.field) {
      part.file.resume();
      throw new BadRequestException(options.wrongField);
    }
    req.file = options.storage === 'memory' ? await inMemory(part) : await onDisk(part, temporary);
    if (part.file.truncated) throw options.tooLarge();
  }
  req.body = body;
}

/**
 * A file name as the browser named it: browsers escape LF, CR and `"` as %0A, %0D and %22 in a
 * form (WHATWG HTML, multipart/form-data), and busboy leaves them escaped. Only those three are
 * reversed: a bare `%` is never escaped, so `50%.pdf` stays as it is.
 */
const formDataName = (name: string): string => name.replace(/%0A|%0D|%22/gi, (m) => ({ '%0A': '\n', '%0D': '\r' })[m.toUpperCase()] ?? '"');

const described = (part: MultipartFile) => ({ fieldname: part.fieldname, originalname: formDataName(part.filename), mimetype: part.mimetype });

async function inMemory(part: MultipartFile): Promise<UploadedBuffer> {
  const buffer = await part.toBuffer();
  return { ...described(part), buffer, size: buffer.length };
}

async function onDisk(part: MultipartFile, temporary: string[]): Promise<UploadedTempFile> {
  const file = path.join(os.tmpdir(), `upload-${randomUUID()}`);
  temporary.push(file);
  await pipeline(part.file, createWriteStream(file));
  return { ...described(part), path: file, size: part.file.bytesRead };
}

/**
 * Multipart reading of every API process and test app: @fastify/multipart, read by the upload
 * routes' {@link FileUpload} interceptors with their own limits; a form sent to any other route
 * stays unread (BodyGuard answers 415).
 */
export async function configureMultipart(app: NestFastifyApplication): Promise<void> {
  await app.register(multipart);
}
