import path from 'node:path';
import { Module } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { LoggerModule } from 'nestjs-pino';
import { ClsModule } from 'nestjs-cls';
import { AdjustmentsModule } from './adjustments/adjustments.module';
import { StockCountsModule } from './stock-counts/stock-counts.module';
import { ImportsModule } from './imports/imports.module';
import { ChangeFeedModule } from './database/change-feed';
import { EventsModule } from './events/events.module';
import { TransfersModule } from './transfers/transfers.module';
import { NumberingModule } from './numbering/numbering.module';
import { AuditModule } from './audit/audit.module';
import { CLS_REQUEST } from './audit/audit.service';
import { CatalogModule } from './catalog/catalog.module';
import { BadgesModule } from './badges/badges.module';
import { AuthModule } from './common/auth/auth.module';
import { loggerParams } from './common/logging/logging';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { CustomersModule } from './customers/customers.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { ReportsModule } from './reports/reports.module';
import { StatsModule } from './stats/stats.module';
import { IncomingModule } from './incoming/incoming.module';
import { InventoryModule } from './inventory/inventory.module';
import { TransactionsModule } from './transactions/transactions.module';
import { OutgoingModule } from './outgoing/outgoing.module';
import { UsersModule } from './users/users.module';
import { WarehousesModule } from './warehouses/warehouses.module';

/** Built admin UI (admin-ui/dist), served at / with index.html for unknown non-API paths. */
export const ADMIN_UI_DIST = path.join(__dirname, '..', '..', 'admin-ui', 'dist');

/** The whole back office: one module per domain. */
@Module({
  imports: [
    AppConfigModule,
    LoggerModule.forRootAsync({ inject: [AppConfig], useFactory: loggerParams }),
    // the request of each call, for the audit trail's who, request id and client address (issue 14)
    ClsModule.forRoot({ global: true, middleware: { mount: true, setup: (cls, req) => cls.set(CLS_REQUEST, req) } }),
    DatabaseModule,
    AuthModule,
    AuditModule,
    // the admin UI; product images are served from the database (catalog/images, issue 17)
    ServeStaticModule.forRoot({ rootPath: ADMIN_UI_DIST, exclude: ['/api/{*path}', '/images/{*path}'] }),
    HealthModule,
    WarehousesModule,
    UsersModule,
    CatalogModule,
    CustomersModule,
    InventoryModule,
    TransactionsModule,
    IncomingModule,
    BadgesModule,
    OutgoingModule,
    StatsModule,
    ReportsModule,
    AdjustmentsModule,
    TransfersModule,
    NumberingModule,
    StockCountsModule,
    ImportsModule,
    ChangeFeedModule,
    EventsModule,
  ],
})
export class AppModule {}
