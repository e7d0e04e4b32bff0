import { Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { AppConfig, loadConfig } from './app-config';

/** Loads .env (via @nestjs/config), validates it and provides {@link AppConfig}. */
@Global()
@Module({
  imports: [ConfigModule.forRoot({ isGlobal: true, validate: (env) => ({ ...loadConfig(env) }) })],
  providers: [{ provide: AppConfig, useFactory: () => loadConfig(process.env) }],
  exports: [AppConfig],
})
export class AppConfigModule {}
