import { Module } from '@nestjs/common';
import { InventoryController } from './inventory.controller';
import { InventoryRepository } from './inventory.repository';
import { InventoryService } from './inventory.service';
import { StockLedgerRepository } from './stock-ledger.repository';
import { StockLedgerService } from './stock-ledger.service';

/** Stock levels, the stock ledger and the inventory routes (spec 7 Inventory). Exports StockLedgerService. */
@Module({
  controllers: [InventoryController],
  providers: [StockLedgerService, StockLedgerRepository, InventoryService, InventoryRepository],
  exports: [StockLedgerService],
})
export class InventoryModule {}
