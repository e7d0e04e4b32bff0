import { ConflictException } from '@nestjs/common';
import { ETHIOPIAN_TIN, ETHIOPIAN_TIN_MESSAGE, localPhone } from '@inventory/common';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../database/database';
import { CellError, codeText, listText, shortText } from '../import-values';
import { countOf, type ImportContext, type ImportKindHandler, type RowRange, Repeats, RowErrors, rowsOf, someOf, validRows } from './import-kind';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Phones as stored: 9 digits, read with the customer form's rule (`localPhone`: spaces, dashes and a `+251`, `251` or `0` prefix). */
export function phonesText(raw: string): string[] {
  return listText(raw).map((p) => {
    const local = localPhone(p);
    if (!/^\d{9}$/.test(local)) throw new CellError(`must be 9 digits after +251, got "${p.slice(0, 30)}"`);
    return local;
  });
}

/** A TIN as kept: 10 digits, spaces removed and a spreadsheet's `.0` dropped (codeText). */
export function tinText(raw: string): string {
  const s = codeText(raw).replace(/\s+/g, '');
  if (!ETHIOPIAN_TIN.test(s)) throw new CellError(`${ETHIOPIAN_TIN_MESSAGE}, got "${s.slice(0, 30)}"`);
  return s;
}

/**
 * Customers (admin and sales): name, company, address, phones, email, the company's
 * own code and the TIN. A code that exists updates that customer; otherwise the customer is created. Phone and
 * email may be missing: the customer is then incomplete (the list flags it and the form asks).
 */
export const customersKind: ImportKindHandler = {
  async checker(db: DbOrTx) {
    const known = new Map(
      (await rowsOf<{ id: string; code: string }>(db, sql`SELECT id, external_code AS code FROM customers WHERE NOT removed AND external_code IS NOT NULL`)).map((c) => [c.code, c.id]),
    );
    const repeats = new Repeats();
    return {
      check(cells, row) {
        const e = new RowErrors(cells);
        const name = e.read('name', (v) => shortText(v, 200), true);
        const code = e.read('code', codeText);
        const email = e.read('email', (v) => {
          const s = shortText(v, 254);
          if (!EMAIL.test(s)) throw new CellError(`must be a valid email address, got "${s.slice(0, 40)}"`);
          return s;
        });
        const phones = e.read('phone', phonesText) ?? [];
        if (phones.length > 5) e.add('phone', `${cells.column('phone')} holds at most 5 numbers`);
        const first = code ? repeats.firstRow(code, row) : undefined;
        if (first) e.add('code', `Code "${code}" repeats row ${first}`);
        const target = code ? known.get(code) : undefined;
        const data = {
          name,
          company: e.read('company', (v) => shortText(v, 200)) ?? name,
          address: e.read('address', (v) => shortText(v, 500)) ?? null,
          phone_no: phones,
          email: email ?? '',
          code: code ?? null,
          tin: e.read('tin', tinText) ?? null,
          _target: target ?? null,
        };
        return { data, errors: e.list, action: target ? 'update' : 'create' };
      },
      notices: () => [],
    };
  },

  stale: () => [
    {
      field: 'code',
      lost: sql`r.data->>'_target' IS NOT NULL AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = (r.data->>'_target')::uuid AND NOT c.removed)`,
      message: sql`'Customer "' || (r.data->>'name') || '" was removed after the preview'`,
    },
  ],

  async prepare() {},

  async apply(tx: Tx, ctx: ImportContext, range: RowRange) {
    const updated = await countOf(
      tx,
      sql`UPDATE import_rows r SET target_id = c.id,
            before = jsonb_build_object('name', c.name, 'company', c.company, 'address', c.address, 'phone_no', to_jsonb(c.phone_no), 'email', c.email, 'tin', c.tin)
          FROM customers c WHERE ${validRows(ctx, range)} AND c.id = (r.data->>'_target')::uuid AND NOT c.removed`,
    );
    await tx.execute(sql`UPDATE customers c SET name = r.data->>'name', company = r.data->>'company', address = coalesce(r.data->>'address', c.address),
        phone_no = CASE WHEN jsonb_array_length(r.data->'phone_no') > 0 THEN ARRAY(SELECT jsonb_array_elements_text(r.data->'phone_no')) ELSE c.phone_no END,
        email = coalesce(nullif(r.data->>'email', ''), c.email), tin = coalesce(r.data->>'tin', c.tin), updated_at = now()
      FROM import_rows r WHERE ${validRows(ctx, range)} AND r.target_id = c.id`);
    // the new ids are drawn first (a CTE used twice is evaluated once), so each row gets its own
    const created = await countOf(
      tx,
      sql`WITH src AS MATERIALIZED (
            SELECT r.row, r.data, gen_random_uuid() AS id FROM import_rows r WHERE ${validRows(ctx, range)} AND r.target_id IS NULL),
          ins AS (
            INSERT INTO customers (id, name, company, address, phone_no, email, external_code, tin)
            SELECT s.id, s.data->>'name', s.data->>'company', s.data->>'address', ARRAY(SELECT jsonb_array_elements_text(s.data->'phone_no')), s.data->>'email', s.data->>'code', s.data->>'tin'
            FROM src s ORDER BY s.row)
          UPDATE import_rows r SET target_id = src.id FROM src WHERE r.import_id = ${ctx.id} AND r.row = src.row`,
    );
    return { created, updated };
  },

  async revert(tx: Tx, ctx: ImportContext) {
    const used = await rowsOf<{ name: string }>(
      tx,
      sql`SELECT c.name FROM import_rows r JOIN customers c ON c.id = r.target_id
          WHERE r.import_id = ${ctx.id} AND r.before IS NULL AND NOT c.removed
            AND (EXISTS (SELECT 1 FROM outgoing_lists o WHERE o.customer_id = c.id) OR EXISTS (SELECT 1 FROM stock_transactions t WHERE t.customer_id = c.id))
          ORDER BY 1 LIMIT 6`,
    );
    if (used.length) throw new ConflictException(`Cannot revert: customers created by this import are now on outgoing lists or movements: ${someOf(used.map((u) => u.name))}`);
    const removed = await countOf(
      tx,
      sql`UPDATE customers c SET removed = true, updated_at = now() FROM import_rows r
          WHERE r.import_id = ${ctx.id} AND r.before IS NULL AND r.target_id = c.id AND NOT c.removed`,
    );
    const restored = await countOf(
      tx,
      sql`UPDATE customers c SET name = r.before->>'name', company = r.before->>'company', address = r.before->>'address',
            phone_no = ARRAY(SELECT jsonb_array_elements_text(r.before->'phone_no')), email = r.before->>'email',
            tin = CASE WHEN r.before ? 'tin' THEN r.before->>'tin' ELSE c.tin END, updated_at = now()
          FROM import_rows r WHERE r.import_id = ${ctx.id} AND r.target_id = c.id AND r.before IS NOT NULL`,
    );
    return { removed, restored };
  },
};
