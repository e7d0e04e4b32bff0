import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow } from '../../common/auth/auth.decorators';
import { ApiExport, sendExport, wholeList } from '../../common/export/export-stream';
import { ok, type Envelope } from '../../common/http/envelope';
import { ParseIdPipe } from '../../common/http/id.pipe';
import { CategoryListQueryDto, CreateCategoryDto, UpdateCategoryDto, type CategoryView } from './dto/category.dto';
import { CATEGORY_EXPORT_COLUMNS, CategoryExportQueryDto } from './categories.export';
import { CategoriesService } from './categories.service';

/** Category routes of spec 7 (Categories). */
@ApiTags('Categories')
@Controller('productCategories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Post('add')
  @Allow('categories.manage')
  @ApiOperation({ summary: 'Create a category. 409 when an active category has the name.' })
  @ApiConflictResponse({ description: 'Name taken' })
  async create(@Body() dto: CreateCategoryDto): Promise<Envelope<CategoryView>> {
    return ok('Category Created Successfully.', await this.categories.create(dto));
  }

  @Get()
  @Allow('categories.read')
  @ApiOperation({ summary: 'Active categories; data is the array.' })
  async list(@Query() q: CategoryListQueryDto): Promise<Envelope<CategoryView[]>> {
    return ok('Categories fetched successfully', await this.categories.list(false, q));
  }

  @Get('export')
  @Allow('categories.read')
  @ApiExport('Active categories as CSV or Excel (?format=csv|xlsx), in the sort of GET /productCategories.')
  async export(@Query() q: CategoryExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    await sendExport(reply, 'categories', q.format, CATEGORY_EXPORT_COLUMNS, wholeList(() => this.categories.list(false, q)));
  }

  @Get('removed/all')
  @Allow('categories.manage')
  @ApiOperation({ summary: 'Removed categories; data = {categories}.' })
  async removed(@Query() q: CategoryListQueryDto): Promise<Envelope<{ categories: CategoryView[] }>> {
    return ok('Removed categories fetched successfully', { categories: await this.categories.list(true, q) });
  }

  @Get(':id')
  @Allow('categories.read')
  @ApiOperation({ summary: 'One category (active or removed).' })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  async get(@Param('id', ParseIdPipe) id: string): Promise<Envelope<CategoryView>> {
    return ok('Category fetched successfully', await this.categories.get(id));
  }

  @Put('update/:id')
  @Allow('categories.manage')
  @ApiOperation({ summary: 'Update a category. 409 name taken, or a unit/specification still used by active products.' })
  @ApiNotFoundResponse({ description: 'Unknown id' })
  async update(@Param('id', ParseIdPipe) id: string, @Body() dto: UpdateCategoryDto): Promise<Envelope<CategoryView>> {
    return ok('Category Updated Successfully.', await this.categories.update(id, dto));
  }

  @Delete('remove/:id')
  @Allow('categories.manage')
  @ApiOperation({ summary: 'Soft-remove a category. 409 while it has active products (the message says how many).' })
  async remove(@Param('id', ParseIdPipe) id: string): Promise<Envelope<CategoryView>> {
    return ok('Category Deleted Successfully', await this.categories.setRemoved(id, true));
  }

  @Put('activate/:id')
  @Allow('categories.manage')
  @ApiOperation({ summary: 'Restore a removed category. 409 when an active category has its name.' })
  async activate(@Param('id', ParseIdPipe) id: string): Promise<Envelope<CategoryView>> {
    return ok('Category Activated Successfully.', await this.categories.setRemoved(id, false));
  }
}
