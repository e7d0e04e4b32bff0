import { Controller, Get, Headers, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/auth/auth.decorators';
import { ImagesRepository } from './images.repository';

const NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.jpg|\.png)$/i;
const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png' };

/**
 * GET /images/{product id}{.jpg|.png} (spec 7; issue 17: from the database, so any API process
 * serves any image), without a token, outside /api. Cacheable for an hour and revalidated by its
 * ETag (304 when unchanged). 404 for anything else.
 */
@ApiExcludeController()
@Controller('images')
export class ImageServeController {
  constructor(private readonly images: ImagesRepository) {}

  @Get(':file')
  @Public()
  async serve(@Param('file') file: string, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() res: Response): Promise<void> {
    const m = NAME.exec(file);
    const image = m ? await this.images.find(m[1].toLowerCase()) : undefined;
    if (!m || !image || image.extension !== m[2].toLowerCase()) throw new NotFoundException('Image not found');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('ETag', image.etag);
    res.setHeader('Last-Modified', image.updatedAt.toUTCString());
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === image.etag)) {
      res.status(304).end();
      return;
    }
    res.type(TYPES[image.extension]).send(image.content);
  }
}
