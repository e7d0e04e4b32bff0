import os from 'node:os';
import { BadRequestException, type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { finalize, type Observable } from 'rxjs';
import fs from 'node:fs';

/** Import files are at most 50 MB (issue 16). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

const upload = multer({
  // to a temporary file, read back as a stream: a 50 MB upload is never held in memory
  storage: multer.diskStorage({ destination: os.tmpdir() }),
  defParamCharset: 'utf8',
  limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
} as multer.Options).single('file');

/**
 * Receives the one multipart file `file` of POST /api/imports into a temporary file (request.file),
 * deleted when the request ends. Over 50 MB, a second file or another field name: 400 naming it.
 */
@Injectable()
export class ImportUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    await new Promise<void>((resolve, reject) => upload(req, http.getResponse<Response>(), (err: unknown) => (err ? reject(toHttpError(err)) : resolve())));
    return next.handle().pipe(finalize(() => req.file && fs.rm(req.file.path, { force: true }, () => undefined)));
  }
}

function toHttpError(err: unknown): Error {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return new BadRequestException('file must be at most 50 MB');
    if (err.code === 'LIMIT_UNEXPECTED_FILE') return new BadRequestException('Send one file in the form field "file"');
    return new BadRequestException(err.message);
  }
  return new BadRequestException(err instanceof Error ? err.message : 'Malformed upload');
}
