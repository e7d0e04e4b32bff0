import { Controller, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Allow } from '../../common/auth/auth.decorators';
import { ok, type Envelope } from '../../common/http/envelope';
import { ParseIdPipe } from '../../common/http/id.pipe';
import type { ProductView } from '../products/dto/product.dto';
import { IMAGE_FIELD, ImageUploadInterceptor } from './image-upload.interceptor';
import { ImagesService, type UploadedImage } from './images.service';

/** Product image upload of spec 7 (Products), with the alias the original client also used. */
@ApiTags('Products')
@Controller()
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @Post(['images/save/product/:productId', 'one/product/:productId'])
  @Allow('products.manage')
  @UseInterceptors(ImageUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { [IMAGE_FIELD]: { type: 'string', format: 'binary' } } } })
  @ApiOperation({
    summary: 'Upload or replace a product image (JPG/PNG by content, under 2 MB). 413 too large, 415 wrong type.',
  })
  async upload(
    @Param('productId', ParseIdPipe) productId: string,
    @UploadedFile() file: UploadedImage | undefined,
  ): Promise<Envelope<ProductView>> {
    const product = await this.images.saveProductImage(productId, file);
    return ok(`${file!.originalname} file uploaded successfully`, product);
  }
}
