import { BadRequestException } from '@nestjs/common';
import { FileUpload } from '../common/http/multipart';

/** Import files are at most 50 MB. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/**
 * Receives the one multipart file `file` of POST /api/imports into a temporary file (request.file),
 * read back as a stream, so a 50 MB upload is never held in memory; deleted when the request
 * ends. Over 50 MB, a second file or another field name: 400 naming it.
 */
export const ImportUploadInterceptor = FileUpload({
  field: 'file',
  storage: 'disk',
  limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
  tooLarge: () => new BadRequestException('file must be at most 50 MB'),
  wrongField: 'Send one file in the form field "file"',
});
