import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow } from '../common/auth/auth.decorators';
import { ApiExport, sendExport, wholeList } from '../common/export/export-stream';
import { ok, type Envelope } from '../common/http/envelope';
import { ParseIdPipe } from '../common/http/id.pipe';
import { CreateWarehouseDto, UpdateWarehouseDto, WarehouseListQueryDto, type WarehouseView } from './dto/warehouse.dto';
import { WAREHOUSE_EXPORT_COLUMNS, WarehouseExportQueryDto } from './warehouses.export';
import { WarehousesService } from './warehouses.service';

/** Warehouse routes of spec 7 (Warehouses). */
@ApiTags('Warehouses')
@Controller('warehouses')
export class WarehousesController {
  constructor(private readonly warehouses: WarehousesService) {}

  @Post()
  @Allow('warehouses.manage')
  @ApiOperation({ summary: 'Create a warehouse. 409 when an active warehouse has the name.' })
  @ApiConflictResponse({ description: 'Name taken' })
  async create(@Body() dto: CreateWarehouseDto): Promise<Envelope<WarehouseView>> {
    return ok('Warehouse Added successfully', await this.warehouses.create(dto));
  }

  @Get()
  @Allow('warehouses.read')
  @ApiOperation({ summary: 'Active warehouses; data is the array.' })
  async list(@Query() q: WarehouseListQueryDto): Promise<Envelope<WarehouseView[]>> {
    return ok('Warehouses fetched successfully', await this.warehouses.list(false, q));
  }

  @Get('export')
  @Allow('warehouses.read')
  @ApiExport('Active warehouses as CSV or Excel (?format=csv|xlsx), in the sort of GET /warehouses.')
  async export(@Query() q: WarehouseExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    await sendExport(reply, 'warehouses', q.format, WAREHOUSE_EXPORT_COLUMNS, wholeList(() => this.warehouses.list(false, q)));
  }

  @Get('removed/all')
  @Allow('warehouses.manage')
  @ApiOperation({ summary: 'Removed warehouses; data is the array.' })
  async removed(@Query() q: WarehouseListQueryDto): Promise<Envelope<WarehouseView[]>> {
    return ok('Removed warehouses fetched successfully', await this.warehouses.list(true, q));
  }

  @Patch('update/:id')
  @Allow('warehouses.manage')
  @ApiOperation({ summary: 'Update name and address.' })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  async update(@Param('id', ParseIdPipe) id: string, @Body() dto: UpdateWarehouseDto): Promise<Envelope<WarehouseView>> {
    return ok('Warehouse updated successfully', await this.warehouses.update(id, dto));
  }

  @Delete('remove/:id')
  @Allow('warehouses.manage')
  @ApiOperation({ summary: 'Soft-remove a warehouse. 409 naming the lists while one not yet finished carries lines.' })
  async remove(@Param('id', ParseIdPipe) id: string): Promise<Envelope<WarehouseView>> {
    return ok('Warehouse deleted successfully', await this.warehouses.setRemoved(id, true));
  }

  @Patch('activate/:id')
  @Allow('warehouses.manage')
  @ApiOperation({ summary: 'Restore a removed warehouse.' })
  async activate(@Param('id', ParseIdPipe) id: string): Promise<Envelope<WarehouseView>> {
    return ok('Warehouse activated successfully', await this.warehouses.setRemoved(id, false));
  }
}
