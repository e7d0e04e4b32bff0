import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { InventoryModule } from '../inventory/inventory.module';
import { CategoriesController } from './categories/categories.controller';
import { CategoriesRepository } from './categories/categories.repository';
import { CategoriesService } from './categories/categories.service';
import { ImageFilesMove } from './images/image-files-move';
import { ImageServeController } from './images/image-serve.controller';
import { ImagesController } from './images/images.controller';
import { ImagesRepository } from './images/images.repository';
import { ImagesService } from './images/images.service';
import { ProductsController } from './products/products.controller';
import { ProductsRepository } from './products/products.repository';
import { ProductsService } from './products/products.service';

/** The catalogue: categories, products and product images (Products). */
@Module({
  imports: [InventoryModule, AuditModule],
  controllers: [CategoriesController, ProductsController, ImagesController, ImageServeController],
  providers: [CategoriesService, CategoriesRepository, ProductsService, ProductsRepository, ImagesService, ImagesRepository, ImageFilesMove],
  exports: [CategoriesRepository, ProductsRepository],
})
export class CatalogModule {}
