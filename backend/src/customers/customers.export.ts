import { formatPhone } from '@inventory/common';
import { Exportable, type ExportColumn } from '../common/export/export-stream';
import { CustomerListQueryDto, type CustomerView } from './dto/customer.dto';

/** The customer list's columns as the Customers screen labels them (issue 13 export); phones as shown there. */
export const CUSTOMER_EXPORT_COLUMNS: ExportColumn<CustomerView>[] = [
  { header: 'Full name', value: (c) => c.name, width: 28 },
  { header: 'Company name', value: (c) => c.company, width: 24 },
  { header: 'Address', value: (c) => c.address, width: 24 },
  { header: 'Phone Number', value: (c) => c.phone_no.map(formatPhone).join(', '), width: 20 },
  { header: 'Email', value: (c) => c.email, width: 28 },
  { header: 'TIN', value: (c) => c.tin, width: 14 },
];

/** GET /api/customers/export query: the list's filters and sort, and `format=csv|xlsx`. */
export class CustomerExportQueryDto extends Exportable(CustomerListQueryDto) {}
