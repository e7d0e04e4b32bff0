import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { InventoryModule } from '../inventory/inventory.module';
import { StockCountApprovalService } from './stock-count-approval.service';
import { StockCountSheetService } from './stock-count-sheet.service';
import { StockCountsController } from './stock-counts.controller';
import { StockCountsRepository } from './stock-counts.repository';
import { StockCountsService } from './stock-counts.service';

/** Stock counts: blind or open counts, the xlsx count sheet, finance's approval posting count corrections. */
@Module({
  imports: [InventoryModule, AuditModule],
  controllers: [StockCountsController],
  providers: [StockCountsRepository, StockCountsService, StockCountApprovalService, StockCountSheetService],
})
export class StockCountsModule {}
