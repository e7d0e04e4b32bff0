import { BadRequestException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { filetypename } from 'magic-bytes.js';
import sharp from 'sharp';

/** The widest and tallest accepted image, in pixels. */
export const MAX_IMAGE_SIDE = 8000;
/** The most pixels an accepted image may have (40 megapixels; decoding one takes about 160 MB at most). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The accepted kinds, judged by content (magic bytes), with the format sharp must decode them as. */
const KINDS: Record<string, { ext: '.jpg' | '.png'; format: string }> = {
  png: { ext: '.png', format: 'png' },
  jpg: { ext: '.jpg', format: 'jpeg' },
};

/**
 * Checks that `buffer` really is a JPG or PNG and returns the
 * extension to store it under. The kind comes from the first bytes (415 `You can only upload
 * JPG/PNG files!` otherwise); the header must give at most {@link MAX_IMAGE_SIDE} pixels a side and
 * {@link MAX_IMAGE_PIXELS} in all (413); then every pixel is decoded with sharp (libvips), and a
 * damaged or incomplete file (a bare signature, a truncated PNG or JPEG) answers 400.
 */
export async function inspectImage(buffer: Buffer): Promise<'.jpg' | '.png'> {
  const kind = KINDS[filetypename(buffer.subarray(0, 64)).find((k) => KINDS[k]) ?? ''];
  if (!kind) throw new UnsupportedMediaTypeException('You can only upload JPG/PNG files!');
  const meta = await sharp(buffer, { failOn: 'error' })
    .metadata()
    .catch(() => undefined);
  if (!meta || meta.format !== kind.format || !meta.width || !meta.height) throw damaged();
  if (meta.width > MAX_IMAGE_SIDE || meta.height > MAX_IMAGE_SIDE || meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new PayloadTooLargeException(
      `Image must be at most ${MAX_IMAGE_SIDE} x ${MAX_IMAGE_SIDE} pixels and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (this one is ${meta.width} x ${meta.height})`,
    );
  }
  // stats() reads every pixel, strip by strip, so the whole file must decode without holding it all
  await sharp(buffer, { failOn: 'error', sequentialRead: true, limitInputPixels: MAX_IMAGE_PIXELS })
    .stats()
    .catch(() => {
      throw damaged();
    });
  return kind.ext;
}

function damaged(): BadRequestException {
  return new BadRequestException('The image could not be read: the JPG/PNG file is damaged or incomplete');
}

/**
 * The uploaded file's name as it may appear in a message: its last path
 * segment with only letters, digits, spaces and `._()+-` kept (no markup, quotes or control
 * characters), at most 100 characters; `image` when nothing is left.
 */
export function displayFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/[^\p{L}\p{N} ._()+-]/gu, '')
    .trim()
    .slice(0, 100);
  return clean || 'image';
}
