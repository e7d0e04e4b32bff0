import { ConflictException } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../database/database';
import { decimalText, listText, shortText, specificationsText } from '../import-values';
import { casePairNotice, categoriesByName, ProductCodes } from './lookups';
import { countOf, type ImportContext, type ImportKindHandler, type RowRange, Repeats, RowErrors, rowsOf, someOf, validRows } from './import-kind';

/**
 * Products (warehouseAdmin): code, name, description, category, units, specifications
 * (`Name: value; ...`), buffer stock unit and quantity. A code that exists updates that product
 * (its category cannot change here; its units are added to, never taken away); otherwise the
 * product is created. A missing category is an error, or is created (with the units its rows
 * use) when `options.create_missing` is set.
 */
export const productsKind: ImportKindHandler = {
  async checker(db: DbOrTx, ctx: ImportContext) {
    const [codes, categories] = await Promise.all([ProductCodes.load(db), categoriesByName(db)]);
    const repeats = new Repeats();
    const newCategories = new Set<string>();
    return {
      check(cells, row) {
        const e = new RowErrors(cells);
        const code = e.read('code', (v) => shortText(v, 100), true);
        const name = e.read('name', (v) => shortText(v, 200), true);
        const categoryName = e.read('category', (v) => shortText(v, 100), true);
        const units = e.read('units', listText, true) ?? [];
        const specifications = e.read('specifications', specificationsText);
        const bufferUnit = e.read('buffer_unit', (v) => shortText(v, 50)) ?? units[0];
        const bufferQuantity = e.read('buffer_quantity', (v) => decimalText(v, 3)) ?? '0';
        const first = code ? repeats.firstRow(code, row) : undefined;
        if (first) e.add('code', `Code "${code}" repeats row ${first}`);
        const existing = code ? codes.find(code) : undefined;
        const category = categoryName ? categories.get(categoryName.toLowerCase()) : undefined;
        if (categoryName && !category) {
          if (ctx.options.create_missing) newCategories.add(categoryName.toLowerCase());
          else e.add('category', `Category "${categoryName}" does not exist (choose "Create missing records" to create it)`);
        }
        if (category) {
          const foreign = units.filter((u) => !category.units.includes(u));
          if (foreign.length) e.add('units', `${foreign.join(', ')} ${foreign.length > 1 ? 'are not units' : 'is not a unit'} of category ${category.name} (units: ${category.units.join(', ')})`);
        }
        if (existing && category && existing.categoryId !== category.id) e.add('category', `The category of existing product ${existing.code} cannot change on import`);
        if (bufferUnit && units.length && !units.includes(bufferUnit)) e.add('buffer_unit', `Buffer stock unit "${bufferUnit}" is not one of the product's units`);
        const data = { code, name, description: e.read('description', (v) => shortText(v, 2000)) ?? null, category: categoryName, units, specifications: specifications ?? undefined, buffer_unit: bufferUnit, buffer_quantity: bufferQuantity, _target: existing?.id ?? null };
        return { data, errors: e.list, action: existing ? 'update' : 'create' };
      },
      notices: () => [...casePairNotice(codes.casePairs()), ...(newCategories.size ? [`${newCategories.size} categories will be created`] : [])],
    };
  },

  stale: (ctx) => [
    ...(ctx.options.create_missing
      ? []
      : [{
          field: 'category',
          lost: sql`NOT EXISTS (SELECT 1 FROM categories c WHERE lower(c.name) = lower(r.data->>'category') AND NOT c.removed)`,
          message: sql`'Category "' || (r.data->>'category') || '" was removed after the preview'`,
        }]),
    { field: 'code', lost: removedProduct(sql`r.data->>'_target'`), message: sql`'Product "' || (r.data->>'code') || '" was removed after the preview'` },
  ],

  /** Resolves every category the rows name, creating the missing ones (create_missing) with the units their rows use. */
  async prepare(tx: Tx, ctx: ImportContext) {
    await tx.execute(sql`
      WITH wanted AS (
        SELECT lower(r.data->>'category') AS key, min(r.data->>'category') AS name,
               array_agg(DISTINCT u) AS units
        FROM import_rows r, jsonb_array_elements_text(r.data->'units') u WHERE r.import_id = ${ctx.id} AND r.errors IS NULL GROUP BY 1),
      existing AS (
        SELECT w.key, c.id FROM wanted w JOIN categories c ON lower(c.name) = w.key AND NOT c.removed),
      created AS (
        INSERT INTO categories (name, description, quantity_measurement)
        SELECT w.name, 'Created by import', w.units FROM wanted w WHERE w.key NOT IN (SELECT key FROM existing)
        RETURNING id, lower(name) AS key)
      INSERT INTO import_refs (import_id, key_type, key, ref_id, created)
      SELECT ${ctx.id}::uuid, 'category', key, id, false FROM existing UNION ALL SELECT ${ctx.id}::uuid, 'category', key, id, true FROM created`);
  },

  async apply(tx: Tx, ctx: ImportContext, range: RowRange) {
    const updated = await countOf(
      tx,
      sql`UPDATE import_rows r SET target_id = p.id,
            before = jsonb_build_object('name', p.name, 'description', p.description, 'units', to_jsonb(p.units), 'specifications', p.specifications,
                                        'buffer_unit', p.buffer_unit, 'buffer_quantity', p.buffer_quantity)
          FROM products p WHERE ${validRows(ctx, range)} AND p.id = (r.data->>'_target')::uuid AND NOT p.removed`,
    );
    await tx.execute(sql`UPDATE products p SET name = r.data->>'name', description = coalesce(r.data->>'description', p.description),
        units = p.units || ARRAY(SELECT u FROM jsonb_array_elements_text(r.data->'units') u WHERE u <> ALL(p.units)),
        specifications = coalesce(r.data->'specifications', p.specifications),
        buffer_unit = r.data->>'buffer_unit', buffer_quantity = (r.data->>'buffer_quantity')::numeric, updated_at = now()
      FROM import_rows r WHERE ${validRows(ctx, range)} AND r.target_id = p.id`);
    const created = await countOf(
      tx,
      sql`WITH ins AS (
            INSERT INTO products (category_id, name, code, description, specifications, units, buffer_unit, buffer_quantity)
            SELECT c.ref_id, r.data->>'name', r.data->>'code', coalesce(r.data->>'description', ''), coalesce(r.data->'specifications', '[]'::jsonb),
                   ARRAY(SELECT jsonb_array_elements_text(r.data->'units')), r.data->>'buffer_unit', (r.data->>'buffer_quantity')::numeric
            FROM import_rows r JOIN import_refs c ON c.import_id = r.import_id AND c.key_type = 'category' AND c.key = lower(r.data->>'category')
            WHERE ${validRows(ctx, range)} AND r.target_id IS NULL ORDER BY r.row
            RETURNING id, code)
          UPDATE import_rows r SET target_id = ins.id FROM ins WHERE ${validRows(ctx, range)} AND r.target_id IS NULL AND r.data->>'code' = ins.code`,
    );
    return { created, updated };
  },

  async revert(tx: Tx, ctx: ImportContext) {
    const removed = await revertCreatedProducts(tx, ctx, sql`SELECT target_id FROM import_rows WHERE import_id = ${ctx.id} AND before IS NULL AND target_id IS NOT NULL`);
    const restored = await countOf(
      tx,
      sql`UPDATE products p SET name = r.before->>'name', description = r.before->>'description',
            units = ARRAY(SELECT jsonb_array_elements_text(r.before->'units')), specifications = r.before->'specifications',
            buffer_unit = r.before->>'buffer_unit', buffer_quantity = (r.before->>'buffer_quantity')::numeric, updated_at = now()
          FROM import_rows r WHERE r.import_id = ${ctx.id} AND r.target_id = p.id AND r.before IS NOT NULL AND NOT p.removed`,
    );
    await removeCreatedCategories(tx, ctx);
    return { removed, restored };
  },
};

/** True for a staged row whose product (its id in `id`, null when none) was removed since the preview. */
export const removedProduct = (id: SQL): SQL => sql`${id} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = (${id})::uuid AND NOT p.removed)`;

/**
 * Removes the products an import created (ids from `ids`), refusing (409 naming them) when any has
 * an inventory record with stock or movements outside the import, or is on a list.
 */
export async function revertCreatedProducts(tx: Tx, ctx: ImportContext, ids: SQL): Promise<number> {
  const used = await rowsOf<{ code: string }>(
    tx,
    sql`SELECT p.code FROM products p WHERE p.id IN (${ids}) AND NOT p.removed AND (
          EXISTS (SELECT 1 FROM stock_transactions t WHERE t.product_id = p.id AND t.source_id IS DISTINCT FROM ${ctx.id})
          OR EXISTS (SELECT 1 FROM incoming_list_items i WHERE i.product_id = p.id)
          OR EXISTS (SELECT 1 FROM outgoing_list_items o WHERE o.product_id = p.id))
        ORDER BY 1 LIMIT 6`,
  );
  if (used.length) throw new ConflictException(`Cannot revert: products created by this import are now in use (movements or lists): ${someOf(used.map((u) => u.code))}`);
  return countOf(tx, sql`UPDATE products SET removed = true, updated_at = now() WHERE id IN (${ids}) AND NOT removed`);
}

/** Removes the categories the import created, unless another product now uses them (then kept). */
export async function removeCreatedCategories(tx: Tx, ctx: ImportContext): Promise<void> {
  await tx.execute(sql`UPDATE categories c SET removed = true, updated_at = now() FROM import_refs f
    WHERE f.import_id = ${ctx.id} AND f.key_type = 'category' AND f.created AND f.ref_id = c.id
      AND NOT EXISTS (SELECT 1 FROM products p WHERE p.category_id = c.id AND NOT p.removed)`);
}
