import path from 'node:path';
import { Module } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { AuthModule } from './common/auth/auth.module';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { UsersModule } from './users/users.module';
import { WarehousesModule } from './warehouses/warehouses.module';

/** Built admin UI (admin-ui/dist), served at / with index.html for unknown non-API paths. */
export const ADMIN_UI_DIST = path.join(__dirname, '..', '..', 'admin-ui', 'dist');

/** The whole back office: one module per domain. */
@Module({
  imports: [
    AppConfigModule,
    DatabaseModule,
    AuthModule,
    ServeStaticModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => [
        {
          rootPath: path.resolve(config.DATA_DIR, 'images'),
          serveRoot: '/images',
          serveStaticOptions: { maxAge: '1h', fallthrough: false, index: false },
        },
        { rootPath: ADMIN_UI_DIST, exclude: ['/api/{*path}', '/images/{*path}'] },
      ],
    }),
    HealthModule,
    WarehousesModule,
    UsersModule,
  ],
})
export class AppModule {}
