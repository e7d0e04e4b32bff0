import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { InventoryModule } from '../inventory/inventory.module';
import { WarehousesModule } from '../warehouses/warehouses.module';
import { IncomingController } from './incoming.controller';
import { IncomingRepository } from './incoming.repository';
import { IncomingService } from './incoming.service';
import { IncomingWorkflowService } from './incoming-workflow.service';

/** Incoming stock lists (GRN), spec 7 Incoming lists and issue 5. */
@Module({
  imports: [WarehousesModule, InventoryModule, AuditModule],
  controllers: [IncomingController],
  providers: [IncomingService, IncomingWorkflowService, IncomingRepository],
})
export class IncomingModule {}
