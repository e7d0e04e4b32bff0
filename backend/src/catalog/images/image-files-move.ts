import fs from 'node:fs/promises';
import path from 'node:path';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { ImagesRepository } from './images.repository';
import { imageEtag } from './images.service';

const FILE = /^([0-9a-f-]{36})(\.jpg|\.png)$/i;

/**
 * The one-off move of product images from `${DATA_DIR}/images` (where they lived before issue 17)
 * into the database, at start-up: each `{product id}{ext}` file whose product records that
 * extension and has no stored image yet is stored, then the folder is renamed `images.moved` (kept
 * as a backup). Several processes starting at once store each image once (insert if missing).
 */
@Injectable()
export class ImageFilesMove implements OnApplicationBootstrap {
  private readonly logger = new Logger(ImageFilesMove.name);

  constructor(
    private readonly config: AppConfig,
    private readonly images: ImagesRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const dir = path.resolve(this.config.DATA_DIR, 'images');
    const names = await fs.readdir(dir).catch(() => null);
    if (!names) return;
    let moved = 0;
    for (const name of names) {
      const m = FILE.exec(name);
      if (!m) continue;
      const productId = m[1].toLowerCase();
      const product = await this.images.productExtension(productId);
      if (product?.ext !== m[2].toLowerCase()) continue; // a file the product no longer names
      const content = await fs.readFile(path.join(dir, name));
      if (await this.images.putIfMissing({ productId, extension: product.ext, content, etag: imageEtag(content) })) moved++;
    }
    await fs.rename(dir, `${dir}.moved`).catch(() => undefined); // another process may have renamed it first
    this.logger.log(`Moved ${moved} product images from ${dir} into the database (the folder is now ${path.basename(dir)}.moved)`);
  }
}
