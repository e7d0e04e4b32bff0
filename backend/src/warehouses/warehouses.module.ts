import { Module } from '@nestjs/common';
import { WarehousesController } from './warehouses.controller';
import { WarehousesRepository } from './warehouses.repository';
import { WarehousesService } from './warehouses.service';

/** Warehouses (spec 7 Warehouses). */
@Module({
  controllers: [WarehousesController],
  providers: [WarehousesService, WarehousesRepository],
  exports: [WarehousesRepository],
})
export class WarehousesModule {}
