import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../../audit/audit.service';
import { AppConfig } from '../../config/app-config';
import type { ProductView } from '../products/dto/product.dto';
import { ProductsRepository } from '../products/products.repository';
import { ProductsService } from '../products/products.service';
import { inspectImage } from './image-check';

/** Every extension an image can be stored under. */
const EXTENSIONS = ['.jpg', '.png'] as const;

/** An uploaded file as multer gives it (memory storage). */
export interface UploadedImage {
  originalname: string;
  buffer: Buffer;
  size: number;
}

/**
 * Product images (spec 7 Products, issue 3): JPG or PNG that really decode (image-check.ts),
 * stored as `${DATA_DIR}/images/${productId}${ext}` (served publicly at /images), replacing the
 * previous one.
 *
 * Uploads to one product are serialised by the product's row lock, across API processes sharing
 * DATA_DIR and a PostgreSQL server too, and the last one wins (issue 12, point 16): each writes
 * its own temp file (a unique dot-file the static server never serves), renames it into place
 * and records the extension under the lock; a second short locked step then deletes the files of
 * the other extension. So the stored extension always names an existing file, and no temp or
 * orphan file stays behind.
 */
@Injectable()
export class ImagesService {
  constructor(
    private readonly config: AppConfig,
    private readonly products: ProductsService,
    private readonly productRows: ProductsRepository,
    private readonly audit: AuditService,
  ) {}

  /**
   * Stores `file` as the image of an active product and records its extension.
   * 400 no file or a damaged image, 404 unknown product, 409 removed product, 413 too many pixels,
   * 415 not JPG/PNG.
   */
  async saveProductImage(productId: string, file: UploadedImage | undefined): Promise<ProductView> {
    if (!file) throw new BadRequestException('Choose an image file (form field "product_image")');
    const product = await this.products.require(productId);
    if (product.removed) throw removed();
    const ext = await inspectImage(file.buffer);
    const dir = path.resolve(this.config.DATA_DIR, 'images');
    await fs.mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${productId}.${randomUUID()}.tmp`);
    try {
      await fs.writeFile(temp, file.buffer);
      await this.productRows.transaction(async (tx) => {
        const locked = await this.productRows.lockById(tx, productId);
        if (!locked) throw new NotFoundException('Product not found');
        if (locked.removed) throw removed();
        await fs.rename(temp, path.join(dir, `${productId}${ext}`));
        await this.productRows.update(productId, { imageExtension: ext }, tx);
        // a new picture is a change even in the same format: the event always names the new file type
        await this.audit.record(tx, { action: 'update', entity: 'product', entityId: productId, changes: [{ field: 'image', before: locked.imageExtension, after: ext }] });
      });
    } finally {
      await fs.rm(temp, { force: true });
    }
    await this.pruneOtherFiles(dir, productId);
    return this.products.get(productId);
  }

  /**
   * Deletes the product's files of every extension but the recorded one, under the row lock so
   * no upload renames a file in between. A separate step after the upload's commit: had the
   * commit failed, the recorded file is still there.
   */
  private async pruneOtherFiles(dir: string, productId: string): Promise<void> {
    await this.productRows.transaction(async (tx) => {
      const locked = await this.productRows.lockById(tx, productId);
      const keep = locked?.imageExtension;
      await Promise.all(EXTENSIONS.filter((e) => e !== keep).map((e) => fs.rm(path.join(dir, `${productId}${e}`), { force: true })));
    });
  }
}

function removed(): ConflictException {
  return new ConflictException('This product is removed');
}
