import {
  BadRequestException,
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';

/** Images must be smaller than 2 MB (spec 5 Product, spec 9). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** The multipart field of the upload form (spec 7). */
export const IMAGE_FIELD = 'product_image';

/** multer's options; defParamCharset (multer 2) is missing from @types/multer. */
const options: multer.Options & { defParamCharset: string } = {
  storage: multer.memoryStorage(),
  // browsers send UTF-8 file names; busboy's default would read them as latin1
  defParamCharset: 'utf8',
  // multer rejects files above fileSize, so the largest accepted file is 2 MB minus one byte
  limits: { fileSize: MAX_IMAGE_BYTES - 1, files: 1, fields: 10 },
};
const upload = multer(options).single(IMAGE_FIELD);

/**
 * Reads the one multipart file `product_image` into memory (request.file). Too large answers
 * 413 'Image must be smaller than 2MB!'; any other multipart problem answers 400.
 */
@Injectable()
export class ImageUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) =>
      upload(http.getRequest<Request>(), http.getResponse<Response>(), (err: unknown) => (err ? reject(toHttpError(err)) : resolve())),
    );
    return next.handle();
  }
}

function toHttpError(err: unknown): Error {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeException('Image must be smaller than 2MB!');
    if (err.code === 'LIMIT_UNEXPECTED_FILE') return new BadRequestException(`Send the image in the form field "${IMAGE_FIELD}"`);
    return new BadRequestException(err.message);
  }
  return new BadRequestException(err instanceof Error ? err.message : 'Malformed upload');
}
