import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { DB } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database';
import { rowsOf } from '../../database/raw-sql';
import { productImages } from '../../database/schema';

/** A stored product image. */
export type StoredImage = typeof productImages.$inferSelect;

/** Product images in the database, so every API process serves every image. */
@Injectable()
export class ImagesRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Stores (or replaces) the image of a product, in the caller's transaction. */
  async put(tx: DbOrTx, image: Omit<StoredImage, 'updatedAt'>): Promise<void> {
    await tx
      .insert(productImages)
      .values(image)
      .onConflictDoUpdate({ target: productImages.productId, set: { extension: image.extension, content: image.content, etag: image.etag, updatedAt: sql`now()` } });
  }

  /** Stores an image only when the product has none (the one-off move of files). True when stored. */
  async putIfMissing(image: Omit<StoredImage, 'updatedAt'>): Promise<boolean> {
    const rows = await this.db.insert(productImages).values(image).onConflictDoNothing().returning({ id: productImages.productId });
    return rows.length > 0;
  }

  async find(productId: string): Promise<StoredImage | undefined> {
    const [row] = await this.db.select().from(productImages).where(eq(productImages.productId, productId));
    return row;
  }

  /** The product's recorded extension, or undefined for an unknown product. */
  async productExtension(productId: string): Promise<{ ext: string | null } | undefined> {
    const [row] = await rowsOf<{ ext: string | null }>(this.db, sql`SELECT image_extension AS ext FROM products WHERE id = ${productId}`);
    return row;
  }
}
