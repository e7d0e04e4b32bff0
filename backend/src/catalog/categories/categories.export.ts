import { Exportable, type ExportColumn } from '../../common/export/export-stream';
import { CategoryListQueryDto, type CategoryView } from './dto/category.dto';

/** The category list's columns as the Categories screen labels them; lists comma separated. */
export const CATEGORY_EXPORT_COLUMNS: ExportColumn<CategoryView>[] = [
  { header: 'Name', value: (c) => c.name, width: 28 },
  { header: 'Description', value: (c) => c.description, width: 36 },
  { header: 'Specifications', value: (c) => c.specifications.join(', '), width: 28 },
  { header: 'Quantity Measurement', value: (c) => c.quantity_measurement.join(', '), width: 24 },
];

/** GET /api/productCategories/export query: the list's sort, and `format=csv|xlsx`. */
export class CategoryExportQueryDto extends Exportable(CategoryListQueryDto) {}
