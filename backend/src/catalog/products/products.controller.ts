import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow } from '../../common/auth/auth.decorators';
import { ApiExport, sendExport } from '../../common/export/export-stream';
import { ok, type Envelope } from '../../common/http/envelope';
import { COUNT_RULE } from '../../common/http/capped-count';
import { ParseIdPipe } from '../../common/http/id.pipe';
import {
  CreateProductDto,
  ProductSearchBodyDto,
  ProductSearchQueryDto,
  UpdateProductDto,
  type ProductPage,
  type ProductView,
} from './dto/product.dto';
import { ProductsService } from './products.service';
import { PRODUCT_EXPORT_COLUMNS, ProductExportQueryDto } from './products.export';

/** Product routes of spec 7 (Products); images are in ImagesController. */
@ApiTags('Products')
@Controller('products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Post()
  @Allow('products.manage')
  @ApiOperation({ summary: 'Create a product. 409 duplicate code or removed category; 400 fields not the category\'s.' })
  @ApiConflictResponse({ description: 'Code taken or category removed' })
  async create(@Body() dto: CreateProductDto): Promise<Envelope<ProductView>> {
    return ok('Product Added Successfully', await this.products.create(dto));
  }

  @Get()
  @Allow('products.read')
  @ApiOperation({ summary: `Active products, paged; data = {products, total_count, total_capped}: ${COUNT_RULE}.` })
  async list(@Query() q: ProductSearchQueryDto): Promise<Envelope<ProductPage>> {
    return ok('Products fetched successfully', await this.products.list(q, false));
  }

  @Get('export')
  @Allow('products.read')
  @ApiExport('Active products as CSV or Excel (?format=csv|xlsx), with the search (query) and sort of GET /products.')
  async export(@Query() q: ProductExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    await sendExport(reply, 'products', q.format, PRODUCT_EXPORT_COLUMNS, this.products.pages(q));
  }

  @Get('removed/all')
  @Allow('products.read')
  @ApiOperation({ summary: `Removed products, paged; data = {products, total_count, total_capped} as in GET /products.` })
  async removed(@Query() q: ProductSearchQueryDto): Promise<Envelope<ProductPage>> {
    return ok('Removed products fetched successfully', await this.products.list(q, true));
  }

  @Get('search')
  @Allow('products.read')
  @ApiOperation({ summary: `Search active products by name, code, description, category name; ?query&page&limit; data = {products, total_count, total_capped}: ${COUNT_RULE}.` })
  async searchGet(@Query() q: ProductSearchQueryDto): Promise<Envelope<ProductPage>> {
    return ok('Products fetched successfully', await this.products.list(q, false));
  }

  @Post('search')
  @HttpCode(200)
  @Allow('products.read')
  @ApiOperation({ summary: 'Search active products; body {query, page, limit} (body wins over ?page&limit); data as in GET /products/search.' })
  async searchPost(@Query() q: ProductSearchQueryDto, @Body() body: ProductSearchBodyDto): Promise<Envelope<ProductPage>> {
    return ok('Products fetched successfully', await this.products.list({ ...q, ...definedOnly(body) }, false));
  }

  @Get(':id')
  @Allow('products.read')
  @ApiOperation({ summary: 'One product (active or removed).' })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  async get(@Param('id', ParseIdPipe) id: string): Promise<Envelope<ProductView>> {
    return ok('Product fetched successfully', await this.products.get(id));
  }

  @Patch('activate/:id')
  @Allow('products.manage')
  @ApiOperation({ summary: 'Restore a removed product. 409 when its code is taken or its category removed.' })
  async activate(@Param('id', ParseIdPipe) id: string): Promise<Envelope<ProductView>> {
    return ok('Product Activated successfully', await this.products.setRemoved(id, false));
  }

  @Patch(':id')
  @Allow('products.manage')
  @ApiOperation({ summary: 'Update any product fields; bufferStock or buffer_stock. The result is checked as a whole. 409 when it drops a unit an unfinished list asks or stock is held in.' })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  async update(@Param('id', ParseIdPipe) id: string, @Body() dto: UpdateProductDto): Promise<Envelope<ProductView>> {
    return ok('Product Updated Successfully', await this.products.update(id, dto));
  }

  @Delete(':id')
  @Allow('products.manage')
  @ApiOperation({ summary: 'Soft-remove a product. 409 naming the lists while it is on one not yet finished (incoming not approved, outgoing not delivered).' })
  @ApiConflictResponse({ description: 'Already removed, or on an unfinished list' })
  async remove(@Param('id', ParseIdPipe) id: string): Promise<Envelope<ProductView>> {
    return ok('Product deleted successfully', await this.products.setRemoved(id, true));
  }
}

/** The body's page/limit/query only where sent, so the query string fills the gaps. */
function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
