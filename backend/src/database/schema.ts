/**
 * The whole database schema (Drizzle, PostgreSQL). One schema serves both drivers:
 * node-postgres against a server and PGlite embedded. Migrations in backend/drizzle
 * are generated from this file with `npm run db:generate -w backend`.
 *
 * Quantities are NUMERIC(14,3) (exact, up to 3 decimals); money is NUMERIC(14,2).
 * Every record has a UUID primary key exposed as `_id` by the API.
 */
import type { AuditChange } from '@inventory/common';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  bigint,
  customType,
  date,
} from 'drizzle-orm/pg-core';

/** A `{name, value}` pair: `name` is a unit of measure (Quantity entry). */
export type QuantityEntry = { name: string; value: number };
/** A product specification `{name, value}` (Product). */
export type SpecificationEntry = { name: string; value: string };
/** Unit name → price of one such unit (ETB, VAT included, at most 2 decimals) on an outgoing line. */
export type UnitPrices = Record<string, number>;

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const removed = () => boolean('removed').notNull().default(false);

export const warehouses = pgTable(
  'warehouses',
  {
    id: id(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    removed: removed(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('warehouses_active_name_uq').on(sql`lower(${t.name})`).where(sql`NOT ${t.removed}`)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    warehouseId: uuid('warehouse_id').references(() => warehouses.id),
    removed: removed(),
    /**
     * Raised on every password change or reset, removal and reactivation:
     * a token carries the version it was issued under and is refused once it differs.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** How the user's dates are shown in the UI, PDFs and exports: 'gregorian' or 'ethiopian'. */
    calendar: text('calendar').notNull().default('gregorian'),
    /** The user's UI language, applied at sign-in on any browser: 'en' or 'am'. */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    check('users_calendar_ck', sql`${t.calendar} IN ('gregorian','ethiopian')`),
    check('users_language_ck', sql`${t.language} IN ('en','am')`),
    check(
      'users_role_ck',
      sql`${t.role} IN ('admin','warehouseAdmin','finance','salesSupervisor','importAdmin','sales')`,
    ),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    specifications: text('specifications').array().notNull().default(sql`'{}'::text[]`),
    quantityMeasurement: text('quantity_measurement').array().notNull(),
    removed: removed(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_active_name_uq').on(sql`lower(${t.name})`).where(sql`NOT ${t.removed}`)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    specifications: jsonb('specifications').$type<SpecificationEntry[]>().notNull().default([]),
    /** The units of measure chosen for this product (subset of the category's). */
    units: text('units').array().notNull(),
    bufferUnit: text('buffer_unit').notNull(),
    bufferQuantity: numeric('buffer_quantity', { precision: 14, scale: 3 }).notNull().default('0'),
    imageExtension: text('image_extension'),
    removed: removed(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // exact codes are unique; the product form also refuses a code differing only by case, while an
    // import may bring such pairs in as distinct products (the UCI file has 112)
    uniqueIndex('products_active_code_uq').on(t.code).where(sql`NOT ${t.removed}`),
    index('products_lower_code_idx').on(sql`lower(${t.code})`),
    index('products_category_idx').on(t.categoryId),
    // the inventory lists' usual order starts with the product name: read from here, not sorted
    index('products_name_idx').on(t.name),
    // product searches (common/http/product-search.ts) match name, code and description as one
    // stored lower-case text, `search_text`, with its trigram index: a generated column and index made
    // in SQL (migration 0025) and left out of this table, so no row read here carries it
    // the product list's usual order, newest first, of the products not removed
    index('products_active_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`NOT ${t.removed}`),
    check('products_buffer_qty_ck', sql`${t.bufferQuantity} >= 0`),
  ],
);

/** Binary content: a Buffer in the app (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * A product's image (any API process serves any image), one per product: the JPG or PNG
 * as uploaded, its extension (the URL's `/images/{product id}{extension}`) and an ETag.
 */
export const productImages = pgTable('product_images', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id),
  extension: text('extension').notNull(),
  content: bytea('content').notNull(),
  /** A hash of the content, quoted as an HTTP entity tag. */
  etag: text('etag').notNull(),
  updatedAt: updatedAt(),
});

export const customers = pgTable(
  'customers',
  {
    id: id(),
    name: text('name').notNull(),
    company: text('company').notNull(),
    address: text('address'),
    phoneNo: text('phone_no').array().notNull(),
    email: text('email').notNull(),
    /** The company's own customer code, kept for matching imports; null when none. */
    externalCode: text('external_code'),
    /** Ethiopian taxpayer identification number, 10 digits, printed on the invoice; null when none. */
    tin: text('tin'),
    removed: removed(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // customers by name: the outgoing list page sorted by customer reads them in this order and
  // stops after a page instead of sorting every list. Searches read trigram indexes on
  // name, email, company and phones, created in SQL (migration 0023; customers/customer-search.ts).
  (t) => [
    index('customers_name_idx').on(t.name),
    uniqueIndex('customers_active_external_code_uq').on(t.externalCode).where(sql`NOT ${t.removed} AND ${t.externalCode} IS NOT NULL`),
    check('customers_tin_ck', sql`${t.tin} ~ '^[0-9]{10}$'`),
  ],
);

/** The inventory record: one per product and warehouse (Inventory record). */
export const inventories = pgTable(
  'inventories',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    purchasedPrice: numeric('purchased_price', { precision: 14, scale: 2 }),
    depreciationRate: numeric('depreciation_rate', { precision: 6, scale: 3 }),
    purchasedDate: timestamp('purchased_date', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inventories_product_warehouse_uq').on(t.productId, t.warehouseId),
    index('inventories_warehouse_idx').on(t.warehouseId),
  ],
);

/**
 * Stock level per inventory record and unit. Units are counted independently.
 * available = on_hand - reserved. Constraints make overselling impossible.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id),
    unit: text('unit').notNull(),
    onHand: numeric('on_hand', { precision: 14, scale: 3 }).notNull().default('0'),
    reserved: numeric('reserved', { precision: 14, scale: 3 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.inventoryId, t.unit] }),
    check('stock_levels_on_hand_ck', sql`${t.onHand} >= 0`),
    check('stock_levels_reserved_ck', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.onHand}`),
  ],
);

/**
 * The stock ledger: one immutable row per movement (Transaction).
 * A trigger (migration 0001) rejects UPDATE and DELETE.
 */
export const stockTransactions = pgTable(
  'stock_transactions',
  {
    id: id(),
    transactionType: text('transaction_type').notNull(),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    quantity: jsonb('quantity').$type<QuantityEntry[]>().notNull(),
    grn: text('grn'),
    gin: text('gin'),
    customerId: uuid('customer_id').references(() => customers.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    takenBy: text('taken_by'),
    /** The transfer's TRN on its dispatch and receipt rows. */
    trn: text('trn'),
    remarks: text('remarks'),
    /**
     * 'direct', 'incoming_list', 'outgoing_list', or 'adjustment' (an approved stock
     * adjustment, source_id its id), 'transfer' (a dispatch out of / receipt into a warehouse,
     * source_id the transfer) or 'stock_count' (a count correction, source_id the count);
     * 'import' (opening stock received by an import, source_id the import) or 'import_history' (a
     * sale or customer return of imported sales history, at its own date; levels unchanged).
     */
    source: text('source').notNull(),
    sourceId: uuid('source_id'),
    /**
     * The movement this row reverses (POST /api/transactions/reverse), the opposite type
     * with the same quantity; unique, so a movement is reversed at most once even under a race.
     */
    reversesId: uuid('reverses_id').references((): AnyPgColumn => stockTransactions.id),
    transactionDate: timestamp('transaction_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_transactions_type_ck', sql`${t.transactionType} IN ('incoming','outgoing')`),
    check('stock_transactions_source_ck', sql`${t.source} IN ('direct','incoming_list','outgoing_list','adjustment','transfer','stock_count','import','import_history')`),
    index('stock_transactions_date_idx').on(t.transactionDate.desc()),
    index('stock_transactions_warehouse_date_idx').on(t.warehouseId, t.transactionDate.desc()),
    index('stock_transactions_product_date_idx').on(t.productId, t.transactionDate.desc()),
    index('stock_transactions_category_date_idx').on(t.categoryId, t.transactionDate.desc()),
    index('stock_transactions_customer_idx').on(t.customerId),
    index('stock_transactions_inventory_idx').on(t.inventoryId),
    // transaction search (issue 4 benchmark): the page in index order and an index-only count
    index('stock_transactions_wh_type_date_idx').on(t.warehouseId, t.transactionType, t.transactionDate.desc(), t.id.desc()),
    index('stock_transactions_type_date_idx').on(t.transactionType, t.transactionDate.desc(), t.id.desc()),
    uniqueIndex('stock_transactions_reverses_uq').on(t.reversesId),
  ],
);

/**
 * Daily per-unit totals of the ledger, written in the same database transaction as
 * each ledger row, so dashboard statistics aggregate days instead of movements.
 */
export const stockDailyTotals = pgTable(
  'stock_daily_totals',
  {
    day: date('day').notNull(),
    transactionType: text('transaction_type').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    /** The customer of outgoing movements from outgoing lists; the nil UUID otherwise. */
    customerId: uuid('customer_id').notNull(),
    unit: text('unit').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 3 }).notNull(),
    movements: integer('movements').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.transactionType, t.productId, t.warehouseId, t.customerId, t.unit] }),
    /** The interval chart's periods of its ten product-units, read from the index alone. */
    index('stock_daily_totals_product_day_idx').on(t.productId, t.unit, t.transactionType, t.day, t.quantity),
  ],
);

/**
 * Month-end totals: per warehouse, product and unit, everything moved from the first
 * movement through the end of `month` (the month's first day). A row whose warehouse is the nil
 * UUID totals every warehouse. Written only for months listed in {@link stockSealedMonths}, from
 * the previous month's rows and the month's daily totals, never by a posting: a date-ranged
 * statistic is then two month-ends apart plus the days at the range's edges.
 */
export const stockMonthEndTotals = pgTable(
  'stock_month_end_totals',
  {
    month: date('month').notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    unit: text('unit').notNull(),
    incomingQuantity: numeric('incoming_quantity', { precision: 18, scale: 3 }).notNull(),
    outgoingQuantity: numeric('outgoing_quantity', { precision: 18, scale: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.warehouseId, t.productId, t.unit] })],
);

/**
 * The months whose month-end totals are complete; an import of older history removes the later
 * ones. A month without movements has no {@link stockMonthEndTotals} rows of its own: its
 * `totalsMonth` names the last month before it that had some (itself when it had movements).
 */
export const stockSealedMonths = pgTable('stock_sealed_months', {
  month: date('month').primaryKey(),
  totalsMonth: date('totals_month').notNull(),
  sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * All-time per-unit totals of the ledger per warehouse and product, written with each ledger
 * row: the top-selling and in-vs-out charts read a few thousand rows instead of the daily totals.
 */
export const stockProductTotals = pgTable(
  'stock_product_totals',
  {
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    unit: text('unit').notNull(),
    incomingQuantity: numeric('incoming_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    outgoingQuantity: numeric('outgoing_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    outgoingMovements: integer('outgoing_movements').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.productId, t.unit] })],
);

/** All-time per-unit outgoing totals per warehouse and customer (the top-customers chart). */
export const stockCustomerTotals = pgTable(
  'stock_customer_totals',
  {
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    unit: text('unit').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 3 }).notNull(),
    movements: integer('movements').notNull(),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.customerId, t.unit] })],
);

const step = (name: string) => ({
  by: uuid(`${name}_by`).references(() => users.id),
  at: timestamp(`${name}_at`, { withTimezone: true }),
});

/** Incoming stock list (GRN), spec 3 and 4. */
export const incomingLists = pgTable(
  'incoming_lists',
  {
    id: id(),
    grn: text('grn').notNull(),
    status: text('status').notNull().default('draft'),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    submittedBy: step('submitted').by,
    submittedAt: step('submitted').at,
    confirmedBy: step('confirmed').by,
    confirmedAt: step('confirmed').at,
    approvedBy: step('approved').by,
    approvedAt: step('approved').at,
    /** The last return to draft: who, when and why; cleared when the list is submitted again. */
    returnedBy: step('returned').by,
    returnedAt: step('returned').at,
    returnReason: text('return_reason'),
    /** Who cancelled the list and when (status cancelled, final). */
    cancelledBy: step('cancelled').by,
    cancelledAt: step('cancelled').at,
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('incoming_lists_grn_uq').on(t.grn),
    index('incoming_lists_status_idx').on(t.status, t.warehouseId),
    // the list page: its default order (newest first, id breaking ties), overall and per
    // warehouse; its search (GRN by trigrams, so ILIKE '%x%' uses an index; the creator's lists).
    // Trigram indexes without fastupdate: a new list goes straight into the index, never into a
    // pending list that makes the planner shun the index until the next vacuum.
    index('incoming_lists_created_idx').on(t.createdAt, t.id),
    index('incoming_lists_warehouse_created_idx').on(t.warehouseId, t.createdAt, t.id),
    index('incoming_lists_grn_trgm_idx').using('gin', t.grn.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('incoming_lists_created_by_idx').on(t.createdBy),
  ],
);

export const incomingListItems = pgTable(
  'incoming_list_items',
  {
    id: id(),
    listId: uuid('list_id')
      .notNull()
      .references(() => incomingLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: jsonb('quantity').$type<QuantityEntry[]>().notNull(),
    purchasedPrice: numeric('purchased_price', { precision: 14, scale: 2 }),
    /** Yearly depreciation in percent, written to the inventory record on approval. */
    depreciationRate: numeric('depreciation_rate', { precision: 6, scale: 3 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('incoming_list_items_list_product_uq').on(t.listId, t.productId)],
);

export const incomingListRemarks = pgTable(
  'incoming_list_remarks',
  {
    id: id(),
    listId: uuid('list_id')
      .notNull()
      .references(() => incomingLists.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    remarkBy: uuid('remark_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  // a list's remarks in time order: the newest is the list page's latest_remark
  (t) => [index('incoming_list_remarks_list_idx').on(t.listId, t.createdAt, t.id)],
);

/** Outgoing stock list (GIN) to a customer, spec 3 and 4. */
export const outgoingLists = pgTable(
  'outgoing_lists',
  {
    id: id(),
    gin: text('gin').notNull(),
    status: text('status').notNull().default('draft'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    fsNumber: text('fs_number'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    /** Who submitted the list for approval (the approval history names every step's person). */
    submittedBy: step('submitted').by,
    submittedAt: step('submitted').at,
    verifiedBy: step('verified').by,
    verifiedAt: step('verified').at,
    approvedBy: step('approved').by,
    approvedAt: step('approved').at,
    deliveryOverseenBy: uuid('outgoing_delivery_overseen_by').references(() => users.id),
    deliveredOn: timestamp('outgoing_delivered_on', { withTimezone: true }),
    /** The last return to draft: who, when and why; cleared when the list is submitted again. */
    returnedBy: step('returned').by,
    returnedAt: step('returned').at,
    returnReason: text('return_reason'),
    /** Who cancelled the list and when (status cancelled, final). */
    cancelledBy: step('cancelled').by,
    cancelledAt: step('cancelled').at,
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('outgoing_lists_gin_uq').on(t.gin),
    index('outgoing_lists_status_idx').on(t.status, t.warehouseId),
    // the list page: its default order (newest first, id breaking ties), overall and per
    // warehouse; its search (GIN and FS number by trigrams, so ILIKE '%x%' uses an index; the
    // lists of the customers and creators a search matches); trigram indexes without fastupdate
    // as on incoming_lists
    index('outgoing_lists_created_idx').on(t.createdAt, t.id),
    index('outgoing_lists_warehouse_created_idx').on(t.warehouseId, t.createdAt, t.id),
    index('outgoing_lists_gin_trgm_idx').using('gin', t.gin.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('outgoing_lists_fs_number_trgm_idx').using('gin', t.fsNumber.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('outgoing_lists_customer_idx').on(t.customerId),
    index('outgoing_lists_created_by_idx').on(t.createdBy),
  ],
);

export const outgoingListItems = pgTable(
  'outgoing_list_items',
  {
    id: id(),
    listId: uuid('list_id')
      .notNull()
      .references(() => outgoingLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id),
    quantity: jsonb('quantity').$type<QuantityEntry[]>().notNull(),
    /** The price of one of each delivered unit, ETB with VAT: `{"pcs": 12.5, "box": 140}`; a unit without a price is absent. */
    unitPrices: jsonb('unit_prices').$type<UnitPrices>().notNull().default({}),
    createdAt: createdAt(),
  },
  // One line per stock record and unit prices: the same stock at other prices is its own line
  // (a line without prices counts as one price of its own).
  (t) => [
    uniqueIndex('outgoing_list_items_list_inventory_prices_uq').on(t.listId, t.inventoryId, t.unitPrices),
    check('outgoing_list_items_unit_prices_ck', sql`jsonb_typeof(${t.unitPrices}) = 'object'`),
  ],
);

export const outgoingListRemarks = pgTable(
  'outgoing_list_remarks',
  {
    id: id(),
    listId: uuid('list_id')
      .notNull()
      .references(() => outgoingLists.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    remarkBy: uuid('remark_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  // a list's remarks in time order: the newest is the list page's latest_remark
  (t) => [index('outgoing_list_remarks_list_idx').on(t.listId, t.createdAt, t.id)],
);

/**
 * Customer returns of a delivered outgoing list: who took the goods back, when and why.
 * The stock itself comes back through the ledger (kind customer_return); rows are never changed.
 */
export const outgoingListReturns = pgTable(
  'outgoing_list_returns',
  {
    id: id(),
    /** The credit note's number, CN-<number> on the PDF, in the API and the audit trail. */
    creditNoteNumber: integer('credit_note_number').generatedAlwaysAsIdentity().notNull(),
    listId: uuid('list_id')
      .notNull()
      .references(() => outgoingLists.id),
    returnedBy: uuid('returned_by')
      .notNull()
      .references(() => users.id),
    returnedAt: timestamp('returned_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason').notNull(),
  },
  (t) => [
    index('outgoing_list_returns_list_idx').on(t.listId, t.returnedAt, t.id),
    uniqueIndex('outgoing_list_returns_credit_note_number_uq').on(t.creditNoteNumber),
  ],
);

/** The returned quantity of one line of the list, per unit, and the ledger row that took it back in. */
export const outgoingListReturnLines = pgTable(
  'outgoing_list_return_lines',
  {
    id: id(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => outgoingListReturns.id),
    lineId: uuid('line_id')
      .notNull()
      .references(() => outgoingListItems.id),
    quantity: jsonb('quantity').$type<QuantityEntry[]>().notNull(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => stockTransactions.id),
  },
  (t) => [uniqueIndex('outgoing_list_return_lines_return_line_uq').on(t.returnId, t.lineId), index('outgoing_list_return_lines_line_idx').on(t.lineId)],
);

/**
 * Answers of stock-moving POSTs by `Idempotency-Key`: a repeat with the same
 * key and body returns the stored answer and posts nothing; the same key with another body is 422.
 * Keyed per user, so one user's key never reveals another's answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** `METHOD path` the key was first used on. */
    route: text('route').notNull(),
    /** SHA-256 of the canonical request body. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Sign-in attempt counters of rate-limiter-flexible's PostgreSQL store, shared
 * by every API process on one server. The columns are the ones the library expects.
 */
export const loginRateLimits = pgTable('login_rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * Event-stream tickets already used, kept until they expire: a ticket opens one stream, on any API
 * process on the database (the insert of its id is what consumes it).
 */
export const usedEventTickets = pgTable(
  'used_event_tickets',
  {
    /** The ticket's `jti`. */
    ticketId: uuid('ticket_id').primaryKey(),
    /** The ticket's expiry: the row is dropped after it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_event_tickets_expires_idx').on(t.expiresAt)],
);

/** One changed field of an audit event (@inventory/common): its dotted path and the values before and after. */
export type { AuditChange };

/**
 * The audit trail: one row for every change to every record, written in the change's own
 * transaction by AuditService. Append-only: a trigger (migration 0010) refuses UPDATE, DELETE and
 * TRUNCATE. The actor's name and role are copied, so the row stays true after the user changes.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for a failed sign-in with an unknown email. */
    userId: uuid('user_id'),
    userName: text('user_name'),
    userRole: text('user_role'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id'),
    changes: jsonb('changes').$type<AuditChange[]>().notNull().default([]),
    requestId: text('request_id'),
    clientAddress: text('client_address'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_entity_idx').on(t.entity, t.at, t.id),
    index('audit_events_entity_id_idx').on(t.entityId, t.at, t.id),
    index('audit_events_user_idx').on(t.userId, t.at, t.id),
    index('audit_events_action_idx').on(t.action, t.at, t.id),
  ],
);

/**
 * Stock adjustments: a warehouseAdmin asks to add (positive values) or remove (negative
 * values) stock of one inventory record for a reason; finance approves (posted through the stock
 * ledger: an incoming row for the additions, an outgoing row for the removals, source `adjustment`,
 * source_id this row's id) or rejects it. Warehouse and product are copied from the record for
 * the list page's filters and search.
 */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: id(),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** Signed quantities per unit: positive adds, negative removes (never 0). */
    quantity: jsonb('quantity').$type<QuantityEntry[]>().notNull(),
    reason: text('reason').notNull(),
    remark: text('remark').notNull(),
    status: text('status').notNull().default('pending_approval'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** Who approved or rejected it, when and with which remark (the reason of a rejection). */
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionRemark: text('decision_remark'),
    /** The transfer whose shortfall this adjustment posted (reason `transit_loss`). */
    transferId: uuid('transfer_id').references((): AnyPgColumn => stockTransfers.id),
    /** The ledger rows of an approved adjustment: the additions (incoming) and the removals (outgoing). */
    incomingTransactionId: uuid('incoming_transaction_id').references(() => stockTransactions.id),
    outgoingTransactionId: uuid('outgoing_transaction_id').references(() => stockTransactions.id),
  },
  (t) => [
    check('stock_adjustments_reason_ck', sql`${t.reason} IN ('damaged','expired','lost','found','other','transit_loss')`),
    check('stock_adjustments_status_ck', sql`${t.status} IN ('pending_approval','approved','rejected')`),
    // the list page: newest first overall and per warehouse; the badge and the status filter
    index('stock_adjustments_created_idx').on(t.createdAt, t.id),
    index('stock_adjustments_warehouse_created_idx').on(t.warehouseId, t.createdAt, t.id),
    index('stock_adjustments_status_idx').on(t.status, t.warehouseId),
    index('stock_adjustments_product_idx').on(t.productId),
    index('stock_adjustments_inventory_idx').on(t.inventoryId),
  ],
);

/**
 * Transfers between warehouses (TRN): a draft with lines of the source warehouse's
 * inventory records; dispatch takes the stock out of the source (ledger rows source `transfer`),
 * where it is in transit until the destination receives it (into the destination's record of each
 * product); a shortfall at receipt is posted as a `transit_loss` adjustment.
 * Status: draft -> in_transit -> received, or draft -> cancelled.
 */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: id(),
    trn: text('trn').notNull(),
    status: text('status').notNull().default('draft'),
    fromWarehouseId: uuid('from_warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    toWarehouseId: uuid('to_warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    dispatchedBy: step('dispatched').by,
    dispatchedAt: step('dispatched').at,
    receivedBy: step('received').by,
    receivedAt: step('received').at,
    cancelledBy: step('cancelled').by,
    cancelledAt: step('cancelled').at,
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_transfers_trn_uq').on(t.trn),
    check('stock_transfers_status_ck', sql`${t.status} IN ('draft','in_transit','received','cancelled')`),
    check('stock_transfers_warehouses_ck', sql`${t.fromWarehouseId} <> ${t.toWarehouseId}`),
    index('stock_transfers_created_idx').on(t.createdAt, t.id),
    index('stock_transfers_from_idx').on(t.fromWarehouseId, t.status),
    index('stock_transfers_to_idx').on(t.toWarehouseId, t.status),
  ],
);

/** A transfer's line: a source inventory record and the quantity per unit to move. */
export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    id: id(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => stockTransfers.id),
    /** The source warehouse's inventory record. */
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** Dispatched (or to dispatch, while draft) per unit. */
    quantity: jsonb('quantity').$type<QuantityEntry[]>().notNull(),
    /** What arrived per unit (set at receipt; at most the dispatched quantity). */
    received: jsonb('received').$type<QuantityEntry[]>(),
    /** The destination's inventory record the goods landed in (set at receipt). */
    destinationInventoryId: uuid('destination_inventory_id').references(() => inventories.id),
    /** The ledger rows: out of the source at dispatch, into the destination at receipt. */
    dispatchTransactionId: uuid('dispatch_transaction_id').references(() => stockTransactions.id),
    receiptTransactionId: uuid('receipt_transaction_id').references(() => stockTransactions.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_transfer_lines_transfer_inventory_uq').on(t.transferId, t.inventoryId),
    index('stock_transfer_lines_product_idx').on(t.productId),
    // what is in transit to a record (Inventory's in_transit)
    index('stock_transfer_lines_destination_idx').on(t.destinationInventoryId),
  ],
);

/** A transfer's remarks, one per step that took one (create, dispatch, receive, cancel). */
export const stockTransferRemarks = pgTable(
  'stock_transfer_remarks',
  {
    id: id(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => stockTransfers.id),
    content: text('content').notNull(),
    remarkBy: uuid('remark_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('stock_transfer_remarks_transfer_idx').on(t.transferId, t.createdAt, t.id)],
);

/**
 * Stock counts: a warehouse's inventory records (of one category, or all) with each
 * unit's expected on hand when the count started; counted quantities are entered per line (or
 * uploaded from the count sheet); finance approval posts each line's difference (counted -
 * (expected + the unit's movements posted before it was counted)) as count-correction ledger
 * rows (source `stock_count`) on top of the level, so the record ends at counted + the movements
 * posted after the count. Status: counting -> pending_approval -> posted; pending_approval ->
 * counting (returned with a reason); counting -> cancelled.
 */
export const stockCounts = pgTable(
  'stock_counts',
  {
    id: id(),
    /** The count's number (SC-<number> on screens and sheets). */
    number: integer('number').generatedAlwaysAsIdentity().notNull(),
    status: text('status').notNull().default('counting'),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    categoryId: uuid('category_id').references(() => categories.id),
    /** Blind: the counter does not see the expected quantities. */
    blind: boolean('blind').notNull().default(false),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    submittedBy: step('submitted').by,
    submittedAt: step('submitted').at,
    /** The last return to counting: who, when and why. */
    returnedBy: step('returned').by,
    returnedAt: step('returned').at,
    returnReason: text('return_reason'),
    approvedBy: step('approved').by,
    approvedAt: step('approved').at,
    cancelledBy: step('cancelled').by,
    cancelledAt: step('cancelled').at,
    /** When the count started: the expected quantities are on hand at this moment. */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_counts_number_uq').on(t.number),
    check('stock_counts_status_ck', sql`${t.status} IN ('counting','pending_approval','posted','cancelled')`),
    index('stock_counts_created_idx').on(t.createdAt, t.id),
    index('stock_counts_warehouse_created_idx').on(t.warehouseId, t.createdAt, t.id),
    index('stock_counts_status_idx').on(t.status, t.warehouseId),
  ],
);

/** A stock count's line: one inventory record, expected and counted per unit. */
export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    id: id(),
    countId: uuid('count_id')
      .notNull()
      .references(() => stockCounts.id),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** On hand per unit when the count started (every unit of the product). */
    expected: jsonb('expected').$type<QuantityEntry[]>().notNull(),
    /** What was counted per unit; null until counted. */
    counted: jsonb('counted').$type<QuantityEntry[]>(),
    countedBy: uuid('counted_by').references(() => users.id),
    countedAt: timestamp('counted_at', { withTimezone: true }),
    /**
     * When each unit was last counted, `{unit: timestamp}`: a unit's difference is taken against
     * expected + the movements of that unit posted up to this time (null on lines counted before
     * it was kept: counted_at stands for every unit).
     */
    unitCountedAt: jsonb('unit_counted_at').$type<Record<string, string>>(),
    /** The correction ledger rows posted at approval (additions, removals). */
    incomingTransactionId: uuid('incoming_transaction_id').references(() => stockTransactions.id),
    outgoingTransactionId: uuid('outgoing_transaction_id').references(() => stockTransactions.id),
  },
  (t) => [
    uniqueIndex('stock_count_lines_count_inventory_uq').on(t.countId, t.inventoryId),
    index('stock_count_lines_inventory_idx').on(t.inventoryId),
  ],
);

/** A stock count's remarks (submit, approve, return, cancel). */
export const stockCountRemarks = pgTable(
  'stock_count_remarks',
  {
    id: id(),
    countId: uuid('count_id')
      .notNull()
      .references(() => stockCounts.id),
    content: text('content').notNull(),
    remarkBy: uuid('remark_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('stock_count_remarks_count_idx').on(t.countId, t.createdAt, t.id)],
);

/**
 * Bulk imports. An upload is parsed and staged in `import_rows` (status `previewed`,
 * nothing written to the business tables); commit applies the staged rows set-wise, in one
 * transaction or, above 100,000 rows, in batches whose progress is `processed` (resumable);
 * revert undoes a committed import through new linked movements and soft removals.
 */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    /** Shown as IMP-n. */
    number: integer('number').generatedAlwaysAsIdentity().notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    warehouseId: uuid('warehouse_id').references(() => warehouses.id),
    fileName: text('file_name').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    options: jsonb('options').$type<{ skip_invalid?: boolean; create_missing?: boolean; category?: string }>().notNull(),
    rows: integer('rows').notNull().default(0),
    toCreate: integer('to_create').notNull().default(0),
    toUpdate: integer('to_update').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** What the preview noticed besides errors (codes differing only by case, records to create). */
    notices: jsonb('notices').$type<string[]>().notNull().default([]),
    /** Staged rows applied so far (a batched commit). */
    processed: integer('processed').notNull().default(0),
    /** The counts of the commit (created, updated, posted, skipped) or the failure's message. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdBy: uuid('created_by').notNull().references(() => users.id),
    createdAt: createdAt(),
    committedBy: uuid('committed_by').references(() => users.id),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    revertedBy: uuid('reverted_by').references(() => users.id),
    revertedAt: timestamp('reverted_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('imports_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('imports_status_ck', sql`${t.status} IN ('previewed','committing','committed','failed','reverted')`),
  ],
);

/** One parsed row of an import: the mapped values, normalised; `errors` null when valid. */
export const importRows = pgTable(
  'import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    /** The row number in the file (the header is row 1). */
    row: integer('row').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    errors: jsonb('errors').$type<{ column: string; message: string }[]>(),
    /** The record this row created or updated, and (update) its values before, for revert. */
    targetId: uuid('target_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);

/**
 * The records an import resolved or created for its keys (a product code, a customer, a category),
 * so batches join on them; `created` marks those the import created (revert removes them).
 */
export const importRefs = pgTable(
  'import_refs',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    keyType: text('key_type').notNull(),
    key: text('key').notNull(),
    refId: uuid('ref_id').notNull(),
    created: boolean('created').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.importId, t.keyType, t.key] })],
);
