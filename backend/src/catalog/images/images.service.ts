import fs from 'node:fs/promises';
import path from 'node:path';
import { BadRequestException, ConflictException, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import { filetypename } from 'magic-bytes.js';
import { AppConfig } from '../../config/app-config';
import type { ProductView } from '../products/dto/product.dto';
import { ProductsService } from '../products/products.service';

/** The accepted image kinds, judged by content (magic bytes), and their stored extension. */
const EXTENSIONS: Record<string, '.jpg' | '.png'> = { png: '.png', jpg: '.jpg' };

/** An uploaded file as multer gives it (memory storage). */
export interface UploadedImage {
  originalname: string;
  buffer: Buffer;
  size: number;
}

/**
 * Product images (spec 7 Products, issue 3): JPG or PNG by content, stored as
 * `${DATA_DIR}/images/${productId}${ext}` (served publicly at /images), replacing the previous one.
 */
@Injectable()
export class ImagesService {
  constructor(
    private readonly config: AppConfig,
    private readonly products: ProductsService,
  ) {}

  /**
   * Stores `file` as the image of an active product and records its extension.
   * 400 no file, 404 unknown product, 409 removed product, 415 not JPG/PNG.
   */
  async saveProductImage(productId: string, file: UploadedImage | undefined): Promise<ProductView> {
    if (!file) throw new BadRequestException('Choose an image file (form field "product_image")');
    const product = await this.products.require(productId);
    if (product.removed) throw new ConflictException('This product is removed');
    const ext = imageExtension(file.buffer);
    const dir = path.resolve(this.config.DATA_DIR, 'images');
    await fs.mkdir(dir, { recursive: true });
    const target = path.join(dir, `${productId}${ext}`);
    const temp = `${target}.${process.pid}.tmp`;
    await fs.writeFile(temp, file.buffer);
    await fs.rename(temp, target);
    if (product.imageExtension && product.imageExtension !== ext) {
      await fs.rm(path.join(dir, `${productId}${product.imageExtension}`), { force: true });
    }
    return this.products.setImageExtension(productId, ext);
  }
}

/** '.jpg' or '.png' from the file's first bytes; 415 for anything else. */
export function imageExtension(buffer: Buffer): '.jpg' | '.png' {
  const kind = filetypename(buffer.subarray(0, 64)).find((k) => EXTENSIONS[k]);
  if (!kind) throw new UnsupportedMediaTypeException('You can only upload JPG/PNG files!');
  return EXTENSIONS[kind];
}
