import { Exportable, type ExportColumn } from '../../common/export/export-stream';
import { ProductSearchQueryDto, type ProductView } from './dto/product.dto';

/**
 * The product list's columns as the Products screen labels them (issue 13 export); the screen's
 * Name cell (name, code, description) is split into its three parts, the image is left out.
 */
export const PRODUCT_EXPORT_COLUMNS: ExportColumn<ProductView>[] = [
  { header: 'Name', value: (p) => p.name, width: 28 },
  { header: 'Code', value: (p) => p.code },
  { header: 'Description', value: (p) => p.description, width: 32 },
  { header: 'Category', value: (p) => p.category.name },
  { header: 'Specifications', value: (p) => p.specifications.map((s) => `${s.name}: ${s.value}`).join('\n'), width: 28 },
  { header: 'Quantity Measurement', value: (p) => p.quantity.join(', ') },
];

/** GET /api/products/export query: the product list's search and sort, and `format=csv|xlsx`. */
export class ProductExportQueryDto extends Exportable(ProductSearchQueryDto) {}
