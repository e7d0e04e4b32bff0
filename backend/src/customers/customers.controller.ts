import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow } from '../common/auth/auth.decorators';
import { ApiExport, sendExport } from '../common/export/export-stream';
import { COUNT_RULE } from '../common/http/capped-count';
import { ok, type Envelope } from '../common/http/envelope';
import { ParseIdPipe } from '../common/http/id.pipe';
import {
  CreateCustomerDto,
  CustomerListQueryDto,
  UpdateCustomerDto,
  type CustomerPage,
  type CustomerView,
} from './dto/customer.dto';
import { CustomersService } from './customers.service';
import { CUSTOMER_EXPORT_COLUMNS, CustomerExportQueryDto } from './customers.export';

/** Customer routes of spec 7 (Customers) and issue 3. */
@ApiTags('Customers')
@Controller('customers')
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @Post('create')
  @Allow('customers.manage')
  @ApiOperation({ summary: 'Register a customer (spec 5 Customer rules).' })
  async create(@Body() dto: CreateCustomerDto): Promise<Envelope<CustomerView>> {
    return ok('Customer Registered Successfully!', await this.customers.create(dto));
  }

  @Get('all')
  @Allow('customers.read')
  @ApiOperation({ summary: `Active customers, paged; data = {customers, total_count, total_capped}: ${COUNT_RULE}; \`search\` over name, email, phone, company.` })
  async list(@Query() q: CustomerListQueryDto): Promise<Envelope<CustomerPage>> {
    return ok('Customers fetched successfully', await this.customers.list(q, false));
  }

  @Get('removed/all')
  @Allow('customers.read')
  @ApiOperation({ summary: 'Removed customers, paged; data = {customers, total_count, total_capped} as in GET /customers/all.' })
  async removed(@Query() q: CustomerListQueryDto): Promise<Envelope<CustomerPage>> {
    return ok('Removed customers fetched successfully', await this.customers.list(q, true));
  }

  @Get('export')
  @Allow('customers.read')
  @ApiExport('Active customers as CSV or Excel (?format=csv|xlsx), with the filters and sort of GET /customers/all.')
  async export(@Query() q: CustomerExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    await sendExport(reply, 'customers', q.format, CUSTOMER_EXPORT_COLUMNS, this.customers.pages(q));
  }

  @Get(':id')
  @Allow('customers.read')
  @ApiOperation({ summary: 'One customer (active or removed).' })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  async get(@Param('id', ParseIdPipe) id: string): Promise<Envelope<CustomerView>> {
    return ok('Customer fetched successfully', await this.customers.get(id));
  }

  @Patch(':id')
  @Allow('customers.manage')
  @ApiOperation({ summary: 'Update a customer (the whole record).' })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  async update(@Param('id', ParseIdPipe) id: string, @Body() dto: UpdateCustomerDto): Promise<Envelope<CustomerView>> {
    return ok('Customer Updated Successfully', await this.customers.update(id, dto));
  }

  @Delete('remove/:id')
  @Allow('customers.manage')
  @ApiOperation({ summary: 'Soft-remove a customer.' })
  async remove(@Param('id', ParseIdPipe) id: string): Promise<Envelope<CustomerView>> {
    return ok('Customer Deleted Successfully', await this.customers.setRemoved(id, true));
  }

  @Put('activate/:id')
  @Allow('customers.manage')
  @ApiOperation({ summary: 'Restore a removed customer.' })
  async activate(@Param('id', ParseIdPipe) id: string): Promise<Envelope<CustomerView>> {
    return ok('Customer Activated Successfully', await this.customers.setRemoved(id, false));
  }
}
