import { Controller, Param, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { Allow } from '../../common/auth/auth.decorators';
import { ok, type Envelope } from '../../common/http/envelope';
import { ParseIdPipe } from '../../common/http/id.pipe';
import type { ProductView } from '../products/dto/product.dto';
import { displayFileName, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './image-check';
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
    summary: 'Upload or replace a product image: a JPG/PNG that decodes, under 2 MB. Parallel uploads: the last one wins.',
  })
  @ApiBadRequestResponse({ description: 'No file, another form field, or a damaged/incomplete image' })
  @ApiPayloadTooLargeResponse({
    description: `2 MB or more, or more than ${MAX_IMAGE_SIDE} pixels a side or ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
  })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not a JPG or PNG by content' })
  async upload(
    @Param('productId', ParseIdPipe) productId: string,
    @UploadedFile() file: UploadedImage | undefined,
  ): Promise<Envelope<ProductView>> {
    const product = await this.images.saveProductImage(productId, file);
    return ok(`${displayFileName(file!.originalname)} file uploaded successfully`, product);
  }
}
