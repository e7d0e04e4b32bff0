import { Exportable, type ExportColumn } from '../common/export/export-stream';
import { formatPhone, ROLE_NAMES, type Role } from '@inventory/common';
import { UserListQueryDto, type UserView } from './dto/user.dto';

/**
 * The staff list's columns as the Staff screen shows them to `role` (issue 13 export): an admin
 * sees "Father Name" and the Warehouse column ("Admin" for admins), others "Last Name" and no warehouse.
 */
export function staffExportColumns(role: Role): ExportColumn<UserView>[] {
  const isAdmin = role === 'admin';
  return [
    { header: 'First Name', value: (u) => u.first_name },
    { header: isAdmin ? 'Father Name' : 'Last Name', value: (u) => u.last_name },
    { header: 'Role', value: (u) => ROLE_NAMES.en[u.role as Role] ?? u.role },
    { header: 'Phone Number', value: (u) => formatPhone(u.phone) },
    { header: 'Email', value: (u) => u.email, width: 28 },
    ...(isAdmin ? [{ header: 'Warehouse', value: (u: UserView) => (u.role === 'admin' ? 'Admin' : u.warehouse_name) }] : []),
  ];
}

/** GET /api/users/export query: the staff list's filters and sort, and `format=csv|xlsx`. */
export class UserExportQueryDto extends Exportable(UserListQueryDto) {}
