import helmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** /api and the paths below it. */
const API_PATH = /^\/api(\/|\?|$)/;

/**
 * The headers of every answer: helmet's (a Content Security Policy that allows the admin UI's
 * inline styles and data:/blob: images), and `Cache-Control: no-store` on every /api answer, as
 * API answers are per user and change with every posting: no browser or proxy may keep them
 *.
 */
export async function configureResponseHeaders(app: NestFastifyApplication): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
  });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (req, reply, done) => {
      if (API_PATH.test(req.url)) void reply.header('Cache-Control', 'no-store');
      done();
    });
}
