import { Module } from '@nestjs/common';
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

/** The whole back office: one module per domain. */
@Module({
  imports: [
    AppConfigModule,
    LoggerModule.forRootAsync({ inject: [AppConfig], useFactory: loggerParams }),
    // the request of each call, for the audit trail's who, request id and client address; set by an
    // interceptor, which gets Fastify's request (a middleware would get the bare Node one, without user, id or ip)
    ClsModule.forRoot({ global: true, interceptor: { mount: true, setup: (cls, ctx) => cls.set(CLS_REQUEST, ctx.switchToHttp().getRequest()) } }),
    DatabaseModule,
    AuthModule,
    AuditModule,
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
