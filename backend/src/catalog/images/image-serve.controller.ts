import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import { Public } from '../../common/auth/auth.decorators';
import { ImagesRepository } from './images.repository';

const NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.jpg|\.png)$/i;
const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png' };

/**
 * GET /images/{product id}{.jpg|.png} (from the database, so any API process
 * serves any image), without a token, outside /api. Cacheable for an hour and revalidated by its
 * ETag or its Last-Modified (304 when unchanged). 404 for anything else.
 */
@ApiExcludeController()
@Controller('images')
export class ImageServeController {
  constructor(private readonly images: ImagesRepository) {}

  @Get(':file')
  @Public()
  async serve(@Param('file') file: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const m = NAME.exec(file);
    const image = m ? await this.images.find(m[1].toLowerCase()) : undefined;
    if (!m || !image || image.extension !== m[2].toLowerCase()) throw new NotFoundException('Image not found');
    const validators = { etag: image.etag, 'last-modified': image.updatedAt.toUTCString() };
    reply.header('Cache-Control', 'public, max-age=3600').header('ETag', validators.etag).header('Last-Modified', validators['last-modified']);
    // If-None-Match, else If-Modified-Since, as HTTP caches revalidate
    if (fresh(req.headers, validators)) await reply.code(304).send();
    else await reply.type(TYPES[image.extension]).send(image.content);
  }
}
