import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Built admin UI (admin-ui/dist), served at / with index.html for unknown non-API paths. */
export const ADMIN_UI_DIST = path.join(__dirname, '..', '..', '..', '..', 'admin-ui', 'dist');

/** Paths that are never the UI's: the API and the product images (catalog/images). */
const NOT_UI = /^\/(api|images)(\/|\?|$)/;

/**
 * The admin UI, when it is built: its files (with @fastify/static's ETag, Last-Modified and
 * `Cache-Control: public, max-age=0`, so a browser revalidates them), and index.html for any other
 * GET outside /api and /images (the UI's own routes, reloaded or typed in); an unknown /api or
 * /images path answers the JSON 404 of the error filter.
 */
export async function configureStaticFiles(app: NestFastifyApplication): Promise<void> {
  if (!fs.existsSync(path.join(ADMIN_UI_DIST, 'index.html'))) return;
  await app.register(fastifyStatic, { root: ADMIN_UI_DIST, wildcard: false });
  app
    .getHttpAdapter()
    .getInstance()
    .get('/*', (req, reply) => (NOT_UI.test(req.url) ? reply.callNotFound() : reply.sendFile('index.html')));
}
