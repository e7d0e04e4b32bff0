import type { Role } from './permissions';

/**
 * What each role is called on screens and in server messages, per UI language. The admin UI's
 * role labels and the API's Amharic messages both read this one table.
 */
export const ROLE_NAMES: Readonly<Record<'en' | 'am', Readonly<Record<Role, string>>>> = {
  en: {
    admin: 'Admin',
    warehouseAdmin: 'Warehouse Admin',
    finance: 'Finance',
    salesSupervisor: 'Sales Supervisor',
    importAdmin: 'Import Admin',
    sales: 'Sales',
  },
  am: {
    admin: 'አስተዳዳሪ',
    warehouseAdmin: 'የመጋዘን አስተዳዳሪ',
    finance: 'ፋይናንስ',
    salesSupervisor: 'የሽያጭ ተቆጣጣሪ',
    importAdmin: 'የገቢ ንግድ አስተዳዳሪ',
    sales: 'ሽያጭ',
  },
};
