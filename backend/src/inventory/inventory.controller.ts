import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COUNT_RULE } from '../common/http/capped-count';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser } from '../common/auth/auth.decorators';
import { ApiExport, sendExport } from '../common/export/export-stream';
import { ExportUnits } from '../common/export/unit-columns';
import type { AuthUser } from '../common/auth/auth-user';
import { ok, type Envelope } from '../common/http/envelope';
import { Idempotent } from '../common/idempotency/idempotent.decorator';
import { InventorySearchDto, type InventoryItemView, type InventoryPage } from './dto/inventory-query.dto';
import { IssueDto, ReceiveDto } from './dto/movement.dto';
import { inventoryExportColumns, InventoryExportQueryDto } from './inventory.export';
import { InventoryService } from './inventory.service';

type Moved = Envelope<{ inventory: InventoryItemView; transaction_id: string }>;

/** Inventory routes of spec 7 (Inventory). */
@ApiTags('Inventory')
@Controller('inventory')
export class InventoryController {
  constructor(
    private readonly inventory: InventoryService,
    private readonly units: ExportUnits,
  ) {}

  @Post('incoming')
  @Allow('inventory.move')
  @Idempotent()
  @ApiOperation({ summary: 'Receive stock into a warehouse (creates the record on the first receipt).' })
  async receive(@CurrentUser() user: AuthUser, @Body() dto: ReceiveDto): Promise<Moved> {
    return ok('Inventory Added successfully', await this.inventory.receive(user, dto));
  }

  @Post('outgoing')
  @Allow('inventory.move')
  @Idempotent()
  @ApiOperation({ summary: 'Issue stock from an inventory record. 409 when not enough is available.' })
  @ApiConflictResponse({ description: 'Not enough stock (names product, unit, requested and available)' })
  async issue(@CurrentUser() user: AuthUser, @Body() dto: IssueDto): Promise<Moved> {
    return ok('Outgoing Inventory recorded successfully', await this.inventory.issue(user, dto));
  }

  @Get()
  @Allow('inventory.read')
  @ApiOperation({ summary: `Inventory records (admin: all; users with a warehouse: theirs); {inventories, total_count, total_capped}: ${COUNT_RULE} (the search is query or productQuery).` })
  async list(@CurrentUser() user: AuthUser, @Query() q: InventorySearchDto): Promise<Envelope<InventoryPage>> {
    return ok('Inventory fetched successfully', await this.inventory.search(user, q));
  }

  @Get('export')
  @Allow('inventory.read')
  @ApiExport('Inventory records of the caller\'s scope as CSV or Excel (?format=csv|xlsx), with the filters and sort of GET /inventory.')
  async export(@CurrentUser() user: AuthUser, @Query() q: InventoryExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    await sendExport(reply, 'inventory', q.format, inventoryExportColumns(await this.units.all()), this.inventory.pages(user, q, false));
  }

  @Post('search')
  @HttpCode(200)
  @Allow('inventory.read')
  @ApiOperation({ summary: 'Search inventory: filters in the body or the query string (body wins); {inventories, total_count, total_capped} as in GET /inventory.' })
  async search(@CurrentUser() user: AuthUser, @Query() q: InventorySearchDto, @Body() body: InventorySearchDto): Promise<Envelope<InventoryPage>> {
    return ok('Inventory fetched successfully', await this.inventory.search(user, { ...q, ...stripUndefined(body) }));
  }

  @Get('stock/low')
  @Allow('inventory.read')
  @ApiOperation({ summary: "Records whose buffer unit's available quantity is at or below the product's buffer stock; {inventories, total_count, total_capped} as in GET /inventory." })
  async low(@CurrentUser() user: AuthUser, @Query() q: InventorySearchDto): Promise<Envelope<InventoryPage>> {
    return ok('Low stock fetched successfully', await this.inventory.search(user, q, true));
  }

  @Get('stock/low/export')
  @Allow('inventory.read')
  @ApiExport('Low-stock records as CSV or Excel (?format=csv|xlsx), with the filters and sort of GET /inventory/stock/low; file low_stock_YYYY-MM-DD.')
  async lowExport(@CurrentUser() user: AuthUser, @Query() q: InventoryExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    await sendExport(reply, 'low_stock', q.format, inventoryExportColumns(await this.units.all()), this.inventory.pages(user, q, true));
  }
}

/** Body fields that were actually sent (class defaults like page=1 must not hide the query's). */
function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
