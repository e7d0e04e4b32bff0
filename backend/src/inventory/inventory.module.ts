import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditModule } from '../audit/audit.module';
import { ExportUnits } from '../common/export/unit-columns';
import { BlindCountErrorsInterceptor } from './blind-count.interceptor';
import { ImportPostingsRepository } from './import-postings.repository';
import { LedgerPostingsRepository } from './ledger-postings.repository';
import { InventoryController } from './inventory.controller';
import { InventoryRepository } from './inventory.repository';
import { InventoryService } from './inventory.service';
import { StockLedgerRepository } from './stock-ledger.repository';
import { StockLedgerService } from './stock-ledger.service';
import { StockUseRepository } from './stock-use.repository';
import { StockUseService } from './stock-use.service';

/**
 * Stock levels, the stock ledger and the inventory routes. Exports
 * StockLedgerService and StockUseService (what still uses a product, unit or warehouse). Every
 * route's 409 that quotes a stock level goes through BlindCountErrorsInterceptor (blind counts).
 */
@Module({
  imports: [AuditModule],
  controllers: [InventoryController],
  providers: [StockLedgerService, StockLedgerRepository, ImportPostingsRepository, LedgerPostingsRepository, StockUseService, StockUseRepository, InventoryService, InventoryRepository, ExportUnits, { provide: APP_INTERCEPTOR, useClass: BlindCountErrorsInterceptor }],
  exports: [StockLedgerService, StockUseService, InventoryService],
})
export class InventoryModule {}
