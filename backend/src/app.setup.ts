import { RequestMethod } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppConfig } from './config/app-config';
import { configureBodyParsing } from './common/http/body-parsing';
import { ErrorFilter } from './common/http/error.filter';
import { configureMultipart } from './common/http/multipart';
import { configureResponseHeaders } from './common/http/response-headers';
import { configureStaticFiles } from './common/http/static-files';
import { createValidationPipe } from './common/http/validation';

/**
 * Everything an app instance needs besides its modules and its adapter (common/http/http-adapter.ts):
 * /api prefix, helmet, no caching of API answers, CORS, body and multipart reading, the admin UI,
 * validation, the error shape and Swagger. Used by main.ts and by the API tests, before `init()`.
 */
export async function configureApp(app: NestFastifyApplication): Promise<NestFastifyApplication> {
  const config = app.get(AppConfig);
  // product images are served at /images, outside the API prefix
  app.setGlobalPrefix('api', { exclude: [{ path: 'images/:file', method: RequestMethod.GET }] });
  await configureResponseHeaders(app);
  if (config.CORS_ORIGIN) app.enableCors({ origin: config.CORS_ORIGIN.split(',').map((s) => s.trim()) });
  configureBodyParsing(app);
  await configureMultipart(app);
  await configureStaticFiles(app);
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
