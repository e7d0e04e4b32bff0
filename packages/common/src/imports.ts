/**
 * Bulk import: the kinds of file a company can bring in, who may import each, and the
 * columns of each kind. The API validates mappings and writes templates from this table; the
 * Import page offers the same kinds and builds its column dropdowns from it.
 */
import type { Permission } from './permissions';

export const IMPORT_KINDS = ['categories', 'products', 'customers', 'opening_stock', 'sales_history'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The permission each kind needs ("Kinds and who may import them"). */
export const IMPORT_PERMISSION: Record<ImportKind, Permission> = {
  categories: 'imports.catalog',
  products: 'imports.catalog',
  customers: 'imports.customers',
  opening_stock: 'imports.openingStock',
  sales_history: 'imports.salesHistory',
};

/** Kinds posted into one warehouse, chosen at upload (`warehouse`). */
export const IMPORT_NEEDS_WAREHOUSE: readonly ImportKind[] = ['opening_stock', 'sales_history'];

/** The statuses of an import: previewed (staged, nothing written), committing (a large file, in batches), committed, failed, reverted. */
export const IMPORT_STATUSES = ['previewed', 'committing', 'committed', 'failed', 'reverted'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** One column of an import kind: the target field, the template's header, an example and what it holds. */
export interface ImportColumn {
  field: string;
  header: string;
  required: boolean;
  example: string;
  description: string;
}

const col = (field: string, header: string, required: boolean, example: string, description: string): ImportColumn => ({
  field,
  header,
  required,
  example,
  description,
});

/** Every kind's columns, in template order. */
export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  categories: [
    col('name', 'Name', true, 'Cement', 'The category name; an existing name (any case) is updated.'),
    col('description', 'Description', false, 'Bagged cement', 'Free text.'),
    col('units', 'Units', true, 'kg; bag', 'Units of measure, separated by ";".'),
    col('specifications', 'Specifications', false, 'Grade; Weight', 'Specification names, separated by ";".'),
  ],
  products: [
    col('code', 'Code', true, 'CEM-42', 'Product code; a row whose code exists updates that product.'),
    col('name', 'Name', true, 'Portland cement 42.5', 'Product name.'),
    col('description', 'Description', false, 'Grey, 50 kg bag', 'Free text.'),
    col('category', 'Category', true, 'Cement', 'Category name; created when options.create_missing is set.'),
    col('units', 'Units', true, 'bag; kg', 'Units of measure (of the category), separated by ";".'),
    col('specifications', 'Specifications', false, 'Grade: 42.5; Weight: 50 kg', 'Name: value pairs, separated by ";".'),
    col('buffer_unit', 'Buffer stock unit', false, 'bag', 'Unit of the buffer stock; the first unit when empty.'),
    col('buffer_quantity', 'Buffer stock quantity', false, '20', 'Buffer stock (low-stock threshold), 0 when empty.'),
  ],
  customers: [
    col('name', 'Name', true, 'Abebe Kebede', 'Full name.'),
    col('company', 'Company', false, 'Abebe Trading', 'Company; the name when empty.'),
    col('address', 'Address', false, 'Bole, Addis Ababa', 'Free text.'),
    col('phone', 'Phone', false, '+251 911 234 567', '9 digits after +251; several separated by ";". Empty: the customer is flagged incomplete.'),
    col('email', 'Email', false, 'abebe@example.com', 'Email address. Empty: the customer is flagged incomplete.'),
    col('code', 'Code', false, 'C-1001', 'Your own customer code, kept for matching: a row whose code exists updates that customer.'),
    col('tin', 'TIN', false, '0012345678', 'Ethiopian TIN: exactly 10 digits (issue 18). Empty: none (an update keeps the current one).'),
  ],
  opening_stock: [
    col('product_code', 'Product code', true, 'CEM-42', 'Code of an existing product.'),
    col('unit', 'Unit', false, 'bag', "One of the product's units; its first unit when empty."),
    col('quantity', 'Quantity', true, '120', 'Quantity on hand, more than 0, 3 decimals at most.'),
    col('purchase_price', 'Purchase price', false, '850.00', 'Unit purchase price, 2 decimals at most.'),
    col('depreciation_rate', 'Depreciation rate', false, '10', 'Yearly depreciation rate in percent.'),
    col('purchase_date', 'Purchase date', false, '2025-06-30', 'Date of purchase (YYYY-MM-DD).'),
  ],
  sales_history: [
    col('invoice', 'Invoice', true, 'INV-1001', 'Invoice number.'),
    col('date', 'Date', true, '2025-06-30 14:05', 'Date and time of the sale (UTC when no zone is given).'),
    col('customer', 'Customer', false, 'C-1001', 'Customer code or name; empty: the Walk-in customer.'),
    col('product_code', 'Product code', true, 'CEM-42', 'Product code (case-sensitive when the file holds codes differing only by case).'),
    col('product_name', 'Product name', false, 'Portland cement 42.5', 'Name for a product created by options.create_missing.'),
    col('quantity', 'Quantity', true, '10', 'Quantity sold; negative: a customer return.'),
    col('unit', 'Unit', false, 'bag', "One of the product's units; its first unit when empty."),
    col('unit_price', 'Unit price', false, '900.50', 'Unit price, 4 decimals at most.'),
  ],
};

/** Header matching: case and spaces do not matter, `_` counts as a space. */
export const importHeaderKey = (header: string): string => header.toLowerCase().replace(/[\s_]+/g, '');

/** What an upload asks of its rows (the `options` JSON): skip invalid rows, create missing records, the category of created products. */
export interface ImportOptions {
  skip_invalid?: boolean;
  create_missing?: boolean;
  /** sales_history: the category of the products it creates ("Imported" when not given). */
  category?: string;
}

/** One refused row of an import: its row in the file (the header is row 1), the file's column and why. */
export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

/** A user as an import names them. */
export interface ImportPerson {
  _id: string;
  first_name: string;
  last_name: string;
}

/** An import as the API returns it (docs/api.md, Imports); dates are ISO 8601 text. */
export interface ImportView {
  _id: string;
  /** IMP-n */
  number: string;
  kind: ImportKind;
  status: ImportStatus;
  warehouse: { _id: string; name: string } | null;
  file_name: string;
  /** The file's column each field was read from. */
  mapping: Record<string, string>;
  options: ImportOptions;
  /** Data rows of the file (blank rows aside). */
  rows: number;
  to_create: number;
  to_update: number;
  /** Rows with at least one error. */
  error_count: number;
  /** The first 1,000 row errors (list rows: none). */
  errors: ImportRowError[];
  notices: string[];
  /** The first 20 mapped rows (list rows: none). */
  sample: Record<string, unknown>[];
  /** Staged rows applied so far. */
  processed: number;
  /** The commit's counts (created, updated, posted, recorded, skipped, skipped_rows, reverted) or a failure's `error`. */
  result: Record<string, unknown> | null;
  created_by: ImportPerson;
  createdAt: string;
  committed_by: ImportPerson | null;
  committedAt: string | null;
  reverted_by: ImportPerson | null;
  revertedAt: string | null;
}
