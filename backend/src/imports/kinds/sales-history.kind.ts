import { ConflictException } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../database/database';
import type { StockLedgerService } from '../../inventory/stock-ledger.service';
import { codeText, dateText, decimalText, shortText } from '../import-values';
import { removeCreatedCategories, revertCreatedProducts } from './products.kind';
import { casePairNotice, ProductCodes } from './lookups';
import { type ImportContext, type ImportKindHandler, type RowRange, RowErrors, rowsOf, someOf } from './import-kind';

/** The customer of history lines that name none. */
export const WALK_IN_CUSTOMER = 'Walk-in customer';
/** The category of products history creates when `options.category` is not given. */
export const IMPORTED_CATEGORY = 'Imported';
/** The unit of created products whose lines name none. */
const DEFAULT_UNIT = 'pcs';

/**
 * Sales history (admin and finance): invoice, date, customer (code or name), product
 * code and name, quantity (negative: a customer return), unit and unit price, recorded in the
 * ledger at its own dates for the import's warehouse without changing today's levels. With
 * `create_missing`, unknown products (in `options.category`, "Imported" by default) and customers
 * are created; lines without a customer go to the Walk-in customer.
 */
export function salesHistoryKind(ledger: StockLedgerService): ImportKindHandler {
  return {
    async checker(db: DbOrTx, ctx: ImportContext) {
      const codes = await ProductCodes.load(db);
      const customers = await customerKeys(db);
      const newProducts = new Set<string>();
      const newCustomers = new Set<string>();
      let walkIns = 0;
      return {
        check(cells) {
          const e = new RowErrors(cells);
          const code = e.read('product_code', codeText, true);
          const product = code ? codes.find(code) : undefined;
          if (code && !product) {
            if (ctx.options.create_missing) newProducts.add(code);
            else e.add('product_code', `Product "${code}" does not exist (choose "Create missing records" to create it)`);
          }
          const customer = e.read('customer', codeText);
          if (!customer) walkIns++;
          else if (!customers.has(customer) && !customers.has(customer.toLowerCase())) {
            if (ctx.options.create_missing) newCustomers.add(customer);
            else e.add('customer', `Customer "${customer}" does not exist (choose "Create missing records" to create it)`);
          }
          const unit = e.read('unit', (v) => shortText(v, 50));
          if (product && unit && !product.units.includes(unit)) e.add('unit', `"${unit}" is not a unit of ${product.name} (units: ${product.units.join(', ')})`);
          const data = {
            invoice: e.read('invoice', (v) => shortText(v, 50), true),
            date: e.read('date', dateText, true),
            customer: customer ?? null,
            product_code: code,
            product_name: e.read('product_name', (v) => shortText(v, 200)) ?? null,
            quantity: e.read('quantity', (v) => decimalText(v, 3, { negative: true }), true),
            unit: unit ?? null,
            unit_price: e.read('unit_price', (v) => decimalText(v, 4)) ?? null,
          };
          return { data, errors: e.list, action: 'create' };
        },
        notices: () => [
          ...casePairNotice(codes.casePairs()),
          ...(newProducts.size ? [`${newProducts.size} products will be created in category ${ctx.options.category || IMPORTED_CATEGORY}`] : []),
          ...(newCustomers.size ? [`${newCustomers.size} customers will be created`] : []),
          ...(walkIns ? [`${walkIns} lines without a customer go to the ${WALK_IN_CUSTOMER}`] : []),
        ],
      };
    },

    /** Resolves (or creates) every product and customer the lines name, and opens the warehouse's records. */
    /** Without create_missing, a product or customer the preview found must still be there. */
    stale: (ctx) =>
      ctx.options.create_missing
        ? []
        : [
            {
              field: 'product_code',
              lost: sql`NOT EXISTS (SELECT 1 FROM products p WHERE lower(p.code) = lower(r.data->>'product_code') AND NOT p.removed)`,
              message: sql`'Product "' || (r.data->>'product_code') || '" was removed after the preview'`,
            },
            {
              field: 'customer',
              lost: sql`r.data->>'customer' IS NOT NULL AND NOT EXISTS (SELECT 1 FROM customers c WHERE (c.external_code = r.data->>'customer' OR lower(c.name) = lower(r.data->>'customer')) AND NOT c.removed)`,
              message: sql`'Customer "' || (r.data->>'customer') || '" was removed after the preview'`,
            },
          ],

    async prepare(tx: Tx, ctx: ImportContext) {
      await resolveProducts(tx, ctx);
      await resolveCustomers(tx, ctx);
      await tx.execute(sql`
        INSERT INTO inventories (product_id, warehouse_id, category_id)
        SELECT p.id, ${ctx.warehouseId}::uuid, p.category_id FROM import_refs f JOIN products p ON p.id = f.ref_id
        WHERE f.import_id = ${ctx.id} AND f.key_type = 'product' ORDER BY 1
        ON CONFLICT (product_id, warehouse_id) DO NOTHING`);
    },

    async apply(tx: Tx, ctx: ImportContext, range: RowRange) {
      const recorded = await ledger.recordSalesHistory(tx, { importId: ctx.id, ...range }, { warehouseId: ctx.warehouseId!, userId: ctx.userId, remarks: `Sales history (IMP-${ctx.number})` });
      return { recorded };
    },

    async revert(tx: Tx, ctx: ImportContext) {
      const reversed = await ledger.reverseImport(tx, ctx.id, { source: 'import_history', userId: ctx.userId, remarks: `Reverts IMP-${ctx.number}` });
      const created = (type: string) => sql`SELECT ref_id FROM import_refs WHERE import_id = ${ctx.id} AND key_type = ${type} AND created`;
      const removedProducts = await revertCreatedProducts(tx, ctx, created('product'));
      const used = await rowsOf<{ name: string }>(
        tx,
        sql`SELECT c.name FROM customers c WHERE c.id IN (${created('customer')}) AND NOT c.removed AND (
              EXISTS (SELECT 1 FROM outgoing_lists o WHERE o.customer_id = c.id)
              OR EXISTS (SELECT 1 FROM stock_transactions t WHERE t.customer_id = c.id AND t.source_id IS DISTINCT FROM ${ctx.id})) ORDER BY 1 LIMIT 6`,
      );
      if (used.length) throw new ConflictException(`Cannot revert: customers created by this import are now on outgoing lists or movements: ${someOf(used.map((u) => u.name))}`);
      await tx.execute(sql`UPDATE customers SET removed = true, updated_at = now() WHERE id IN (${created('customer')}) AND NOT removed`);
      await removeCreatedCategories(tx, ctx);
      return { reversed, removed_products: removedProducts };
    },
  };
}

/** Active customers by external code and by lower-case name (for the preview's checks). */
async function customerKeys(db: DbOrTx): Promise<Set<string>> {
  const rows = await rowsOf<{ name: string; code: string | null }>(db, sql`SELECT name, external_code AS code FROM customers WHERE NOT removed`);
  const keys = new Set<string>();
  for (const c of rows) {
    keys.add(c.name.toLowerCase());
    if (c.code) keys.add(c.code);
  }
  return keys;
}

/**
 * The product of each code: exact, else case-insensitive when one product matches and the file
 * holds no other spelling of it; with create_missing the rest are created (name: the first
 * non-empty product name of its lines, else the code; units: those its lines use).
 */
async function resolveProducts(tx: Tx, ctx: ImportContext): Promise<void> {
  await tx.execute(sql`
    WITH codes AS (SELECT DISTINCT r.data->>'product_code' AS code FROM import_rows r WHERE r.import_id = ${ctx.id} AND r.errors IS NULL),
    siblings AS (SELECT lower(code) AS k FROM codes GROUP BY 1 HAVING count(*) > 1),
    exact AS (SELECT c.code, p.id FROM codes c JOIN products p ON p.code = c.code AND NOT p.removed),
    loose AS (
      SELECT c.code, min(p.id::text)::uuid AS id FROM codes c JOIN products p ON lower(p.code) = lower(c.code) AND NOT p.removed
      WHERE c.code NOT IN (SELECT code FROM exact) AND lower(c.code) NOT IN (SELECT k FROM siblings) GROUP BY c.code HAVING count(*) = 1)
    INSERT INTO import_refs (import_id, key_type, key, ref_id) SELECT ${ctx.id}::uuid, 'product', code, id FROM exact UNION ALL SELECT ${ctx.id}::uuid, 'product', code, id FROM loose`);
  if (!ctx.options.create_missing) return;
  const missing = sql`SELECT r.row, r.data FROM import_rows r WHERE r.import_id = ${ctx.id} AND r.errors IS NULL
    AND NOT EXISTS (SELECT 1 FROM import_refs f WHERE f.import_id = r.import_id AND f.key_type = 'product' AND f.key = r.data->>'product_code')`;
  const [{ units }] = await rowsOf<{ units: string[] | null }>(tx, sql`SELECT array_agg(DISTINCT coalesce(m.data->>'unit', ${DEFAULT_UNIT})) AS units FROM (${missing}) m`);
  if (!units) return;
  const categoryName = ctx.options.category || IMPORTED_CATEGORY;
  await tx.execute(sql`
    WITH found AS (
      UPDATE categories c SET quantity_measurement = c.quantity_measurement || ARRAY(SELECT u FROM unnest(${sql.param(units)}::text[]) u WHERE u <> ALL(c.quantity_measurement))
      WHERE lower(c.name) = lower(${categoryName}) AND NOT c.removed RETURNING c.id),
    made AS (
      INSERT INTO categories (name, description, quantity_measurement)
      SELECT ${categoryName}, 'Created by import', ${sql.param(units)}::text[] WHERE NOT EXISTS (SELECT 1 FROM found) RETURNING id)
    INSERT INTO import_refs (import_id, key_type, key, ref_id, created)
    SELECT ${ctx.id}::uuid, 'category', lower(${categoryName}), id, false FROM found UNION ALL SELECT ${ctx.id}::uuid, 'category', lower(${categoryName}), id, true FROM made`);
  await tx.execute(sql`
    WITH m AS (
      SELECT m.data->>'product_code' AS code,
             (array_agg(nullif(m.data->>'product_name', '') ORDER BY m.row) FILTER (WHERE nullif(m.data->>'product_name', '') IS NOT NULL))[1] AS name,
             array_agg(DISTINCT coalesce(m.data->>'unit', ${DEFAULT_UNIT})) AS units, gen_random_uuid() AS id
      FROM (${missing}) m GROUP BY 1),
    cat AS (SELECT ref_id FROM import_refs WHERE import_id = ${ctx.id} AND key_type = 'category'),
    ins AS (
      INSERT INTO products (id, category_id, name, code, description, units, buffer_unit)
      SELECT m.id, (SELECT ref_id FROM cat), coalesce(m.name, m.code), m.code, 'Created by import', m.units, m.units[1] FROM m ORDER BY m.code)
    INSERT INTO import_refs (import_id, key_type, key, ref_id, created) SELECT ${ctx.id}::uuid, 'product', m.code, m.id, true FROM m`);
}

/**
 * The customer of each line: by external code, else by name (case-insensitive, when one matches);
 * with create_missing the rest are created (name and code the value, incomplete: no phone or
 * email). Lines without a customer go to the Walk-in customer (created when missing).
 */
async function resolveCustomers(tx: Tx, ctx: ImportContext): Promise<void> {
  await tx.execute(sql`
    WITH keys AS (SELECT DISTINCT r.data->>'customer' AS k FROM import_rows r WHERE r.import_id = ${ctx.id} AND r.errors IS NULL AND r.data->>'customer' IS NOT NULL),
    by_code AS (SELECT k.k, c.id FROM keys k JOIN customers c ON c.external_code = k.k AND NOT c.removed),
    by_name AS (
      SELECT k.k, min(c.id::text)::uuid AS id FROM keys k JOIN customers c ON lower(c.name) = lower(k.k) AND NOT c.removed
      WHERE k.k NOT IN (SELECT k FROM by_code) GROUP BY k.k HAVING count(*) = 1),
    missing AS (
      SELECT k.k, gen_random_uuid() AS id FROM keys k WHERE ${ctx.options.create_missing ? sql`TRUE` : sql`FALSE`}
        AND k.k NOT IN (SELECT k FROM by_code) AND k.k NOT IN (SELECT k FROM by_name)),
    ins AS (INSERT INTO customers (id, name, company, phone_no, email, external_code) SELECT id, k, k, '{}', '', k FROM missing ORDER BY k)
    INSERT INTO import_refs (import_id, key_type, key, ref_id, created)
    SELECT ${ctx.id}::uuid, 'customer', k, id, false FROM by_code UNION ALL SELECT ${ctx.id}::uuid, 'customer', k, id, false FROM by_name
    UNION ALL SELECT ${ctx.id}::uuid, 'customer', k, id, true FROM missing`);
  await tx.execute(sql`
    WITH walk_in AS (
      SELECT 1 FROM import_rows r WHERE r.import_id = ${ctx.id} AND r.errors IS NULL AND r.data->>'customer' IS NULL LIMIT 1),
    found AS (SELECT min(id::text)::uuid AS id FROM customers WHERE name = ${WALK_IN_CUSTOMER} AND NOT removed HAVING count(*) > 0),
    made AS (
      INSERT INTO customers (name, company, phone_no, email) SELECT ${WALK_IN_CUSTOMER}, ${WALK_IN_CUSTOMER}, '{}', ''
      WHERE EXISTS (SELECT 1 FROM walk_in) AND NOT EXISTS (SELECT 1 FROM found) RETURNING id)
    INSERT INTO import_refs (import_id, key_type, key, ref_id, created)
    SELECT ${ctx.id}::uuid, 'customer', '', id, false FROM found WHERE EXISTS (SELECT 1 FROM walk_in) UNION ALL SELECT ${ctx.id}::uuid, 'customer', '', id, true FROM made`);
}
