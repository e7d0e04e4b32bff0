/**
 * Test helpers for product images: real PNG and JPEG files made with sharp (the library that
 * checks uploads).
 */
import sharp from 'sharp';

/** A `width` x `height` PNG of one colour. */
export const pngOf = (width: number, height: number, colour = '#c33'): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

/** A `width` x `height` JPEG of one colour. */
export const jpegOf = (width: number, height: number, colour = '#3a6'): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer();

/** A noisy (incompressible) image, so that cutting the file loses pixel data. */
export function noisy(format: 'png' | 'jpeg', side = 200): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 3) * 104729) % 251;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).toFormat(format).toBuffer();
}

/** The first half of a file. */
export const firstHalf = (buf: Buffer): Buffer => buf.subarray(0, Math.floor(buf.length / 2));
