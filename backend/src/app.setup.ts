import { type INestApplication, RequestMethod } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { AppConfig } from './config/app-config';
import { configureBodyParsing } from './common/http/body-parsing';
import { ErrorFilter } from './common/http/error.filter';
import { createValidationPipe } from './common/http/validation';

/**
 * Everything an app instance needs besides its modules: /api prefix, helmet, CORS,
 * validation, the error shape and Swagger. Used by main.ts and by the API tests.
 */
export function configureApp(app: INestApplication): INestApplication {
  const config = app.get(AppConfig);
  // product images are served at /images (spec 7), outside the API prefix
  app.setGlobalPrefix('api', { exclude: [{ path: 'images/:file', method: RequestMethod.GET }] });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  // API answers are per user and change with every posting: no browser or proxy may keep them (issue 12, point 24)
  app.use('/api', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  if (config.CORS_ORIGIN) app.enableCors({ origin: config.CORS_ORIGIN.split(',').map((s) => s.trim()) });
  configureBodyParsing(app);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ErrorFilter());
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Inventory back office API')
      .setDescription(
        'Success bodies are {message, data}; errors are {statusCode, message, error, errors?}. ' +
          'Each operation lists its allowed roles in x-roles. See docs/api.md.',
      )
      .setVersion('1.0')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  return app;
}
