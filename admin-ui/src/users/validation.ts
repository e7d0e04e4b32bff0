import { email, regex, required } from 'react-admin';
import { STRONG_PASSWORD } from '@inventory/common';

/**
 * Keeps digits only, at most 9 (capped at 9 digits after +251). A pasted full number
 * (+251 911 223344 or 0911223344) loses its prefix first.
 */
export const parsePhone = (value: string): string => {
  const digits = String(value ?? '').replace(/\D/g, '');
  const local = digits.length > 9 ? digits.replace(/^(251|0)/, '') : digits;
  return local.slice(0, 9);
};

/** Staff form rules; messages are i18n keys. */
export const staffRules = {
  first_name: [required('users.first_name_required')],
  last_name: [required('users.last_name_required')],
  phone: [required('users.phone_required'), regex(/^\d{9}$/, 'users.phone_invalid')],
  email: [required('users.email_required'), email('users.email_invalid')],
  role: [required('users.role_required')],
  password: [required('users.password_required'), regex(STRONG_PASSWORD, 'users.password_weak')],
  /** Warehouse is required when the role is warehouseAdmin. */
  warehouse: (value: unknown, all: { role?: string }) => (all?.role === 'warehouseAdmin' && !value ? 'users.warehouse_required' : undefined),
};
