import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { InventoryModule } from '../inventory/inventory.module';
import { ImportCommitService } from './import-commit.service';
import { ImportKinds } from './import-kinds';
import { ImportPreviewService } from './import-preview.service';
import { ImportsController } from './imports.controller';
import { ImportsRepository } from './imports.repository';
import { ImportsService } from './imports.service';

/** Bulk import of categories, products, customers, opening stock and sales history. */
@Module({
  imports: [AuditModule, InventoryModule],
  controllers: [ImportsController],
  providers: [ImportsService, ImportPreviewService, ImportCommitService, ImportKinds, ImportsRepository],
})
export class ImportsModule {}
