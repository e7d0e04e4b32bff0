import { createHash } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../../audit/audit.service';
import type { ProductView } from '../products/dto/product.dto';
import { ProductsRepository } from '../products/products.repository';
import { ProductsService } from '../products/products.service';
import { inspectImage } from './image-check';
import { ImagesRepository } from './images.repository';

/** The uploaded image (multipart.ts, read into memory). */
export interface UploadedImage {
  originalname: string;
  buffer: Buffer;
  size: number;
}

/**
 * Product images: JPG or PNG that really decode (image-check.ts),
 * stored in the database with the product (every API process serves every image, at
 * /images/{product id}{ext}), replacing the previous one. Uploads to one product are serialised by
 * the product's row lock and the last one wins; the image, the product's
 * extension and the audit event change in one transaction.
 */
@Injectable()
export class ImagesService {
  constructor(
    private readonly products: ProductsService,
    private readonly productRows: ProductsRepository,
    private readonly images: ImagesRepository,
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
    await this.productRows.transaction(async (tx) => {
      const locked = await this.productRows.lockById(tx, productId);
      if (!locked) throw new NotFoundException('Product not found');
      if (locked.removed) throw removed();
      await this.images.put(tx, { productId, extension: ext, content: file.buffer, etag: imageEtag(file.buffer) });
      await this.productRows.update(productId, { imageExtension: ext }, tx);
      // a new picture is a change even in the same format: the event always names the new file type
      await this.audit.record(tx, { action: 'update', entity: 'product', entityId: productId, changes: [{ field: 'image', before: locked.imageExtension, after: ext }] });
    });
    return this.products.get(productId);
  }
}

/** The quoted entity tag of an image's content. */
export const imageEtag = (content: Buffer): string => `"${createHash('sha1').update(content).digest('base64url')}"`;

function removed(): ConflictException {
  return new ConflictException('This product is removed');
}
