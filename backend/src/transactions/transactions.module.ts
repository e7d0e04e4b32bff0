import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ExportUnits } from '../common/export/unit-columns';
import { InventoryModule } from '../inventory/inventory.module';
import { TransactionReversalService } from './transaction-reversal.service';
import { TransactionsController } from './transactions.controller';
import { TransactionsRepository } from './transactions.repository';
import { TransactionsService } from './transactions.service';

/** Transaction history: reads the stock ledger; reversals post through StockLedgerService. */
@Module({
  imports: [InventoryModule, AuditModule],
  controllers: [TransactionsController],
  providers: [TransactionsService, TransactionReversalService, TransactionsRepository, ExportUnits],
})
export class TransactionsModule {}
