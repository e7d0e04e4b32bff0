import { PayloadTooLargeException } from '@nestjs/common';
import { FileUpload } from '../../common/http/multipart';

/** Images must be smaller than 2 MB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** The multipart field of the upload form. */
export const IMAGE_FIELD = 'product_image';

/**
 * Reads the one multipart file `product_image` into memory (request.file). Too large answers
 * 413 'Image must be smaller than 2MB!'; any other multipart problem answers 400.
 */
export const ImageUploadInterceptor = FileUpload({
  field: IMAGE_FIELD,
  storage: 'memory',
  // a file above fileSize is refused, so the largest accepted file is 2 MB minus one byte
  limits: { fileSize: MAX_IMAGE_BYTES - 1, files: 1, fields: 10 },
  tooLarge: () => new PayloadTooLargeException('Image must be smaller than 2MB!'),
  wrongField: `Send the image in the form field "${IMAGE_FIELD}"`,
});
