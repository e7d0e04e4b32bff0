import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { InventoryModule } from '../inventory/inventory.module';
import { TransferDocuments } from './transfer-documents.service';
import { TransferMovesService } from './transfer-moves.service';
import { TransfersController } from './transfers.controller';
import { TransfersRepository } from './transfers.repository';
import { TransfersService } from './transfers.service';

/** Transfers between warehouses: TRN, lines, dispatch into transit, receipt with transit losses, transfer note. */
@Module({
  imports: [InventoryModule, AuditModule],
  controllers: [TransfersController],
  providers: [TransfersRepository, TransfersService, TransferMovesService, TransferDocuments],
})
export class TransfersModule {}
