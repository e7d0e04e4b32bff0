import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Allow, CurrentUser } from '../common/auth/auth.decorators';
import type { AuthUser } from '../common/auth/auth-user';
import { ok, type Envelope } from '../common/http/envelope';
import {
  PeriodicOutgoingDto,
  RankProductsDto,
  type CountsView,
  type InOutView,
  type PeriodicView,
  type TopCustomerView,
  type TopProductView,
} from './dto/stats.dto';
import { StatsService } from './stats.service';

/** Dashboard statistics routes of spec 7 (Stats); scoped to the caller's warehouse when tied to one. */
@ApiTags('Stats')
@Controller('stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get('count')
  @Allow('stats.read')
  @ApiOperation({ summary: 'Counts of active users, products, inventory records, customers, warehouses, categories.' })
  async count(@CurrentUser() user: AuthUser): Promise<Envelope<CountsView>> {
    return ok('Counts fetched successfully', await this.stats.counts(user));
  }

  @Get('rank/products/outgoing/numbers')
  @Allow('stats.read')
  @ApiOperation({ summary: 'Top 10 product-units by delivered (outgoing) quantity: [{productName, unit, totalQuantity, frequency}].' })
  async topProducts(@CurrentUser() user: AuthUser): Promise<Envelope<TopProductView[]>> {
    return ok('Top selling products fetched successfully', await this.stats.topOutgoingProducts(user));
  }

  @Post('rank/products')
  @HttpCode(200)
  @Allow('stats.read')
  @ApiOperation({ summary: 'Incoming vs outgoing quantity of the 20 busiest product-units in the optional range and warehouse.' })
  @ApiBadRequestResponse({ description: 'Bad dates or endDate before startDate' })
  async inVsOut(@CurrentUser() user: AuthUser, @Body() dto: RankProductsDto): Promise<Envelope<InOutView[]>> {
    return ok('Product ranking fetched successfully', await this.stats.inVsOut(user, dto));
  }

  @Get('rank/customers/frequency')
  @Allow('stats.read')
  @ApiOperation({ summary: 'Top 10 customer-units by outgoing quantity: [{customerName, unit, totalTransactions, totalQuantity}].' })
  async topCustomers(@CurrentUser() user: AuthUser): Promise<Envelope<TopCustomerView[]>> {
    return ok('Top customers fetched successfully', await this.stats.topCustomers(user));
  }

  @Post('rank/products/outgoing/periodic/numbers')
  @HttpCode(200)
  @Allow('stats.read')
  @ApiOperation({ summary: 'Outgoing quantity per period (daily, weekly = ISO weeks from Monday, monthly; UTC) of the top 10 product-units; empty periods are 0.' })
  @ApiBadRequestResponse({ description: 'Bad dates or period, reversed range, more than 366 periods' })
  async periodic(@CurrentUser() user: AuthUser, @Body() dto: PeriodicOutgoingDto): Promise<Envelope<PeriodicView>> {
    return ok('Periodic outgoing numbers fetched successfully', await this.stats.periodicOutgoing(user, dto));
  }
}
