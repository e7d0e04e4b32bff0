/**
 * Every UI string in English (spec sections 2, 5 and 8, with evident misspellings corrected), with
 * react-admin's own `ra.*` catalogue (ra-language-english). Keys are read with react-admin's
 * `useTranslate()`; `%{name}` is interpolated. The Amharic twin is am.ts: same keys.
 */
import { ROLE_NAMES } from '@inventory/common';
import englishMessages from 'ra-language-english';
import { incomingMessages } from '../incoming/messages';
import { outgoingMessages } from '../outgoing/messages';
import { dashboardMessages } from '../dashboard/messages';
import { reportMessages } from '../reports/messages';
import { categoryMessages } from '../categories/messages';
import { productMessages } from '../products/messages';
import { customerMessages } from '../customers/messages';
import { inventoryMessages } from '../inventory/messages';
import { transactionMessages } from '../transactions/messages';
import { layoutMessages } from '../layout/messages';
import { correctionMessages } from '../corrections/messages';
import { auditMessages } from '../audit/messages';
import { adjustmentMessages } from '../adjustments/messages';
import { stockCountMessages } from '../stock-counts/messages';
import { transferMessages } from '../transfers/messages';
import { importMessages } from '../imports/messages';

export const en = {
  /** react-admin's catalogue; a header's sort button names the column as shown ("Sort by GRN ascending"). */
  ra: { ...englishMessages.ra, sort: { ...englishMessages.ra.sort, sort_by: 'Sort by %{field} %{order}' } },
  categories: categoryMessages,
  products: productMessages,
  customers: customerMessages,
  incoming: incomingMessages,
  outgoing: outgoingMessages,
  inventory: inventoryMessages,
  transactions: transactionMessages,
  layout: layoutMessages,
  corrections: correctionMessages,
  audit: auditMessages,
  adjustments: adjustmentMessages,
  transfers: transferMessages,
  stockCounts: stockCountMessages,
  imports: importMessages,
  app: {
    title: 'Inventory Back Office',
    cancel: 'Cancel',
    save: 'Save',
    actions: 'Actions',
    status: 'Status',
    active: 'Active',
    removed: 'Removed',
    search: 'Search',
    export: 'Export',
    export_xlsx: 'Excel',
    logout: 'Logout',
    low_stock: 'Low stock items',
    menu_toggle: 'Open or close the menu',
    unavailable: 'The server is temporarily unavailable, please try again shortly',
    access_denied: 'You do not have access to this page',
    access_denied_hint: 'Your role does not include this page. Ask an administrator if you need it.',
    to_dashboard: 'Go to the dashboard',
    /** The pager's range when the server capped the count (1,000 with a search, 10,000 without): "1-25 of 1,000+". */
    page_range_capped: '%{from}-%{to} of %{count}+',
  },
  account: {
    user_menu: 'Account',
    /** The account button's accessible name: starts with the name it shows. */
    user_menu_of: '%{name} (Account)',
    change_password: 'Change password',
    current_password: 'Current password',
    new_password: 'New password',
    confirm_password: 'Confirm new password',
    passwords_differ: 'The two new passwords do not match',
    password_changed: 'Password Changed Successfully',
    language: 'Language',
    calendar: 'Calendar',
    calendars: { gregorian: 'Gregorian', ethiopian: 'Ethiopian' },
    calendar_saved: 'Calendar saved',
    ethiopian_format: 'dd/mm/yyyy',
    ethiopian_invalid: 'A day of the Ethiopian calendar: day/month/year, e.g. 23/05/2018',
  },
  greeting: {
    morning: 'Good Morning',
    afternoon: 'Good Afternoon',
    evening: 'Good Evening',
    guest: 'Guest',
    lines: [
      'Every item counted is a promise kept.',
      'Small steps every day build big results.',
      'Keep the shelves full and the books straight.',
      'Great work starts with a clear plan.',
      'Accuracy today saves time tomorrow.',
      'Your effort keeps the business moving.',
      'One good decision at a time.',
    ],
  },
  login: {
    title: 'Sign in',
    subtitle: 'Inventory Back Office',
    email: 'Email',
    password: 'Password',
    submit: 'Login',
    loading: 'Loading...',
    required: 'Email and password are required!',
    email_required: 'Please input your email!',
    password_required: 'Please input your password!',
    success: 'Login Successfully.',
    credit: 'Inventory Back Office · Powered by the IT service provider · © %{year}',
  },
  menu: {
    dashboard: 'Dashboard',
    userRegistration: 'User Registration',
    viewUser: 'View Users',
    viewProduct: 'View Products',
    addProduct: 'Add Product',
    addWarehouse: 'Add Warehouse',
    viewWarehouse: 'View Warehouse',
    addCategory: 'Add Category',
    viewCategory: 'View Category',
    incomingInventory: 'Incoming Inventory',
    pendingIncoming: 'Incoming Inventory',
    outgoing: 'Outgoing Inventory',
    inventory: 'Inventory',
    transactionRange: 'Transaction',
    customers: 'View Customers',
    addCustomer: 'Add Customer',
  },
  pages: {
    singleIncomingList: 'Incoming List',
    pendingIncomingList: 'Pending Incoming List',
  },
  dashboard: dashboardMessages,
  report: reportMessages,
  roles: ROLE_NAMES.en,
  users: {
    list_title: 'List of Staff members',
    add: 'Add New Staff',
    create_title: 'User Registration',
    edit_title: 'Update Staff Member',
    first_name: 'First Name',
    last_name: 'Father Name',
    last_name_plain: 'Last Name',
    role: 'Role',
    phone: 'Phone Number',
    email: 'Email',
    warehouse: 'Warehouse',
    password: 'Password',
    admin_warehouse: 'Admin',
    edit: 'Edit',
    delete: 'Delete',
    activate: 'Activate',
    reset_password: 'Reset Password',
    new_password: 'New Password',
    confirm_delete: 'Are you sure to delete this Staff Member',
    confirm_activate: 'Are you sure to Undo this Staff Member',
    registered: 'User Registered Successfully!',
    updated: 'User Updated Successfully',
    deleted: 'Staff member Deleted Successfully',
    activated: 'Staff member Undo Successfully.',
    password_reset: 'Password Reset Successfully',
    first_name_required: 'First Name is required',
    last_name_required: 'Father Name is required',
    password_required: 'Password is Required',
    password_weak: 'Password must be at least 8 characters with upper case, lower case, a digit and one of @$!%*?&',
    email_required: 'Email is required',
    email_invalid: 'Email must be a valid email address',
    phone_required: 'Phone Number is required',
    phone_invalid: 'Phone must be 9 digits after +251',
    role_required: 'Role is required',
    warehouse_required: 'Warehouse is required for a warehouse admin',
  },
  warehouses: {
    list_title: 'List of Warehouse',
    add: 'Add Warehouse',
    create_title: 'Add Warehouse',
    edit_title: 'Update Warehouse',
    name: 'Name',
    address: 'Address',
    edit: 'Edit',
    delete: 'Delete',
    restore: 'Restore',
    confirm_delete: 'Are you sure to delete this Warehouse',
    confirm_activate: 'Are you sure to Undo this Warehouse',
    created: 'Warehouse Added successfully',
    updated: 'Warehouse updated successfully',
    deleted: 'Warehouse deleted successfully',
    activated: 'Warehouse activated successfully',
    name_required: 'Missing Warehouse Name',
    address_required: 'Missing Warehouse Address',
  },
};

export type Messages = typeof en;
