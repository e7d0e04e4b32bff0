import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ExportUnits } from '../common/export/unit-columns';
import { InventoryModule } from '../inventory/inventory.module';
import { AdjustmentsController } from './adjustments.controller';
import { AdjustmentsRepository } from './adjustments.repository';
import { AdjustmentsService } from './adjustments.service';

/** Stock adjustments: damage, expiry, loss and finds, posted through the stock ledger on finance's approval. */
@Module({
  imports: [InventoryModule, AuditModule],
  controllers: [AdjustmentsController],
  providers: [AdjustmentsRepository, AdjustmentsService, ExportUnits],
})
export class AdjustmentsModule {}
