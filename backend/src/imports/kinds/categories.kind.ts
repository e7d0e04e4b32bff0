import { ConflictException } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../database/database';
import { listText, shortText } from '../import-values';
import { categoriesByName } from './lookups';
import { countOf, type ImportContext, type ImportKindHandler, type RowRange, Repeats, RowErrors, rowsOf, someOf, validRows } from './import-kind';

/**
 * Categories (warehouseAdmin): name, description, units, specification names. A name
 * that exists (any case) updates that category: its description, and units and specification
 * names are added to its own (never taken away, products use them).
 */
export const categoriesKind: ImportKindHandler = {
  async checker(db: DbOrTx) {
    const existing = await categoriesByName(db);
    const names = new Repeats();
    return {
      check(cells, row) {
        const e = new RowErrors(cells);
        const name = e.read('name', (v) => shortText(v, 100), true);
        const units = e.read('units', listText, true);
        if (units && !units.length) e.add('units', `${cells.column('units')} must name at least one unit`);
        const first = name ? names.firstRow(name.toLowerCase(), row) : undefined;
        if (first) e.add('name', `Category "${name}" repeats row ${first}`);
        const data = {
          name,
          description: e.read('description', (v) => shortText(v, 1000)) ?? null,
          units: units ?? [],
          specifications: e.read('specifications', listText) ?? [],
        };
        return { data, errors: e.list, action: name && existing.has(name.toLowerCase()) ? 'update' : 'create' };
      },
      notices: () => [],
    };
  },

  async prepare() {},

  async apply(tx: Tx, ctx: ImportContext, range: RowRange) {
    const updated = await countOf(
      tx,
      sql`UPDATE import_rows r SET target_id = c.id,
            before = jsonb_build_object('description', c.description, 'quantity_measurement', to_jsonb(c.quantity_measurement), 'specifications', to_jsonb(c.specifications))
          FROM categories c WHERE ${validRows(ctx, range)} AND NOT c.removed AND lower(c.name) = lower(r.data->>'name')`,
    );
    await tx.execute(sql`UPDATE categories c SET
        description = coalesce(r.data->>'description', c.description),
        quantity_measurement = c.quantity_measurement || ARRAY(SELECT u FROM jsonb_array_elements_text(r.data->'units') u WHERE u <> ALL(c.quantity_measurement)),
        specifications = c.specifications || ARRAY(SELECT u FROM jsonb_array_elements_text(r.data->'specifications') u WHERE u <> ALL(c.specifications)),
        updated_at = now()
      FROM import_rows r WHERE ${validRows(ctx, range)} AND r.target_id = c.id`);
    const created = await countOf(
      tx,
      sql`WITH ins AS (
            INSERT INTO categories (name, description, specifications, quantity_measurement)
            SELECT r.data->>'name', coalesce(r.data->>'description', ''),
                   ARRAY(SELECT jsonb_array_elements_text(r.data->'specifications')), ARRAY(SELECT jsonb_array_elements_text(r.data->'units'))
            FROM import_rows r WHERE ${validRows(ctx, range)} AND r.target_id IS NULL ORDER BY r.row
            RETURNING id, name)
          UPDATE import_rows r SET target_id = ins.id FROM ins
          WHERE ${validRows(ctx, range)} AND r.target_id IS NULL AND r.data->>'name' = ins.name`,
    );
    return { created, updated };
  },

  async revert(tx: Tx, ctx: ImportContext) {
    const used = await rowsOf<{ name: string }>(
      tx,
      sql`SELECT DISTINCT c.name FROM import_rows r JOIN categories c ON c.id = r.target_id
          WHERE r.import_id = ${ctx.id} AND r.before IS NULL AND NOT c.removed
            AND EXISTS (SELECT 1 FROM products p WHERE p.category_id = c.id AND NOT p.removed) ORDER BY 1`,
    );
    if (used.length) throw new ConflictException(`Cannot revert: categories created by this import now have products: ${someOf(used.map((u) => u.name))}`);
    const removed = await countOf(
      tx,
      sql`UPDATE categories c SET removed = true, updated_at = now() FROM import_rows r
          WHERE r.import_id = ${ctx.id} AND r.target_id = c.id AND r.before IS NULL AND NOT c.removed`,
    );
    const restored = await countOf(
      tx,
      sql`UPDATE categories c SET description = r.before->>'description',
            quantity_measurement = ARRAY(SELECT jsonb_array_elements_text(r.before->'quantity_measurement')),
            specifications = ARRAY(SELECT jsonb_array_elements_text(r.before->'specifications')), updated_at = now()
          FROM import_rows r WHERE r.import_id = ${ctx.id} AND r.target_id = c.id AND r.before IS NOT NULL`,
    );
    return { removed, restored };
  },
};
