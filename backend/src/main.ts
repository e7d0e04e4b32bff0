import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { Logger as PinoLogger } from 'nestjs-pino';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { APP_OPTIONS, createHttpAdapter } from './common/http/http-adapter';
import { AppConfig, loadConfig } from './config/app-config';

async function bootstrap(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig(); // fail fast, naming the bad key, before anything opens
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(config), { ...APP_OPTIONS, bufferLogs: true });
  app.useLogger(app.get(PinoLogger)); // structured JSON logs with the request id
  await configureApp(app);
  const { PORT } = app.get(AppConfig);
  // every interface, IPv6 and IPv4 (Fastify's default would be localhost only)
  await app.listen(PORT, '::');
  // Idle keep-alive sockets stay open longer than a client or proxy keeps them (Node's 5 s default
  // lets a reused socket close under a request: "socket hang up"); headers must outlive it.
  const server = app.getHttpServer();
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const logger = new Logger('Bootstrap');
  // SIGTERM/SIGINT: readiness answers 503, the server stops accepting, in-flight requests
  // finish (10 s at most), running import jobs stop after their batch, the pool closes; exit 0
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void app.close().then(
        () => process.exit(0),
        (e: unknown) => {
          logger.error(`Shutdown failed: ${e instanceof Error ? e.message : String(e)}`);
          process.exit(1);
        },
      );
    });
  }
  logger.log(`Back office on http://localhost:${PORT} (API /api, Swagger /api/docs)`);
}

void bootstrap();
