import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { InventoryModule } from '../inventory/inventory.module';
import { OutgoingDocumentsController } from './documents/outgoing-documents.controller';
import { OutgoingDocuments } from './documents/outgoing-documents.service';
import { OutgoingController } from './outgoing.controller';
import { OutgoingRepository } from './outgoing.repository';
import { OutgoingService } from './outgoing.service';
import { OutgoingViews } from './outgoing-views.service';
import { OutgoingWorkflow } from './outgoing-workflow.service';
import { OutgoingCustomerReturns } from './outgoing-customer-return.service';

/** Outgoing stock lists (GIN) to customers, their flow and documents. */
@Module({
  imports: [InventoryModule, AuditModule],
  controllers: [OutgoingController, OutgoingDocumentsController],
  providers: [OutgoingRepository, OutgoingService, OutgoingViews, OutgoingWorkflow, OutgoingCustomerReturns, OutgoingDocuments],
})
export class OutgoingModule {}
