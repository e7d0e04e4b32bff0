/**
 * Seeds the incoming and outgoing lists of the list bench in SQL, once: 10,000 GRNs
 * (`BGRN-000001`…) and 50,000 GINs (`BGIN-000001`…) spread over two years, every warehouse and
 * status, with lines, remarks, customers, FS numbers and several creators. Lists of a kind
 * already there are left alone (each kind is one transaction, so a run never leaves half a kind).
 *
 * The lists are for reading only: approved and delivered ones carry their approval stamps but no
 * ledger rows or reservations (the ledger has its own million movements).
 */
import type { Pool, PoolClient } from 'pg';

export const INCOMING_LISTS = 10_000;
export const OUTGOING_LISTS = 50_000;

const FIRST_NAMES = ['Abebe', 'Almaz', 'Bekele', 'Chaltu', 'Dawit', 'Eleni', 'Fikru', 'Genet', 'Hana', 'Kebede', 'Lulit', 'Meron'];
const REMARKS = ['Checked against the delivery note', 'Counted twice, all correct', 'Urgent: customer waiting', 'Two boxes damaged, kept aside', 'Price agreed by phone'];

/** Bench staff (by email, once): 2 warehouseAdmins per warehouse, 8 sales, 2 supervisors, finance and import admins. */
async function seedStaff(c: PoolClient): Promise<void> {
  await c.query(
    `INSERT INTO users (first_name, last_name, email, phone, role, password_hash, warehouse_id)
     SELECT ($1::text[])[1 + (s.n % cardinality($1::text[]))], s.role || ' ' || s.n, 'bench.staff.' || s.role || '.' || s.n || '@bench.local',
            (900000000 + s.n)::text, s.role, (SELECT password_hash FROM users ORDER BY created_at LIMIT 1), s.warehouse_id
     FROM (
       SELECT 'warehouseAdmin' AS role, row_number() OVER () AS n, w.id AS warehouse_id FROM warehouses w, generate_series(1, 2) WHERE NOT w.removed
       UNION ALL SELECT 'sales', n, NULL FROM generate_series(1, 8) n
       UNION ALL SELECT 'salesSupervisor', n, NULL FROM generate_series(1, 2) n
       UNION ALL SELECT 'finance', n, NULL FROM generate_series(1, 2) n
       UNION ALL SELECT 'importAdmin', n, NULL FROM generate_series(1, 2) n
     ) s
     ON CONFLICT DO NOTHING`,
    [FIRST_NAMES],
  );
}

/** The ids of active staff of `role` (bench staff first, then the demo's). */
const staff = (role: string) => `(SELECT array_agg(id ORDER BY email) FROM users WHERE role = '${role}' AND NOT removed)`;

async function seedIncoming(c: PoolClient): Promise<void> {
  // stage 0 draft (10%), 1 at the import admin (10%), 2 at finance (10%), 3 approved (70%)
  await c.query(
    `WITH w AS (SELECT array_agg(id ORDER BY name) AS ids FROM warehouses WHERE NOT removed),
     s AS (SELECT n, CASE WHEN n % 10 < 7 THEN 3 ELSE n % 10 - 7 END AS stage,
                  now() - (($1 - n) * interval '105 minutes') AS at FROM generate_series(1, $1) n)
     INSERT INTO incoming_lists (grn, status, warehouse_id, created_by, submitted_by, submitted_at, confirmed_by, confirmed_at,
                                 approved_by, approved_at, created_at, updated_at)
     SELECT 'BGRN-' || lpad(s.n::text, 6, '0'),
            (ARRAY['draft', 'pending_import_admin_approval', 'pending_finance_approval', 'approved'])[s.stage + 1],
            w.ids[1 + s.n % cardinality(w.ids)], k.id,
            CASE WHEN s.stage >= 1 THEN k.id END, CASE WHEN s.stage >= 1 THEN s.at + interval '1 hour' END,
            CASE WHEN s.stage >= 2 THEN ${staff('importAdmin')}[1] END, CASE WHEN s.stage >= 2 THEN s.at + interval '5 hours' END,
            CASE WHEN s.stage >= 3 THEN ${staff('finance')}[1 + s.n % 2] END, CASE WHEN s.stage >= 3 THEN s.at + interval '1 day' END,
            s.at, s.at + s.stage * interval '8 hours'
     FROM s CROSS JOIN w
     CROSS JOIN LATERAL (SELECT id FROM users WHERE role = 'warehouseAdmin' AND warehouse_id = w.ids[1 + s.n % cardinality(w.ids)]
                         ORDER BY email OFFSET s.n % 2 LIMIT 1) k
     ON CONFLICT (grn) DO NOTHING`,
    [INCOMING_LISTS],
  );
  // 1 to 8 lines of distinct products, a price on most
  await c.query(
    `WITH p AS (SELECT array_agg(id ORDER BY id) AS ids FROM products WHERE NOT removed),
     l AS (SELECT id, created_at, substring(grn FROM 6)::int AS n FROM incoming_lists WHERE grn LIKE 'BGRN-%')
     INSERT INTO incoming_list_items (list_id, product_id, quantity, purchased_price, depreciation_rate, created_at)
     SELECT l.id, p.ids[1 + (l.n * 7919 + k * 131) % cardinality(p.ids)],
            jsonb_build_array(jsonb_build_object('name', 'pcs', 'value', 10 + (l.n + k * 17) % 190)),
            CASE WHEN (l.n + k) % 5 <> 0 THEN round((50 + (l.n * 31 + k * 97) % 5000)::numeric, 2) END,
            CASE WHEN (l.n + k) % 5 <> 0 THEN 10 END, l.created_at + k * interval '1 minute'
     FROM l CROSS JOIN p CROSS JOIN LATERAL generate_series(0, l.n % 8) k`,
  );
  await seedRemarks(c, 'incoming', 'grn', 'BGRN-%');
}

async function seedOutgoing(c: PoolClient): Promise<void> {
  // stage 0 draft (10%), 1 at the supervisor (10%), 2 at finance (10%), 3 approved (10%), 4 delivered (60%)
  await c.query(
    `WITH w AS (SELECT array_agg(id ORDER BY name) AS ids FROM warehouses WHERE NOT removed),
     cu AS (SELECT array_agg(id ORDER BY id) AS ids FROM customers WHERE NOT removed),
     s AS (SELECT n, CASE WHEN n % 10 < 6 THEN 4 ELSE n % 10 - 6 END AS stage,
                  now() - (($1 - n) * interval '21 minutes') AS at FROM generate_series(1, $1) n)
     INSERT INTO outgoing_lists (gin, status, customer_id, warehouse_id, fs_number, created_by, submitted_at, verified_by, verified_at,
                                 approved_by, approved_at, outgoing_delivery_overseen_by, outgoing_delivered_on, created_at, updated_at)
     SELECT 'BGIN-' || lpad(s.n::text, 6, '0'),
            (ARRAY['draft', 'pending_sales_supervisor_approval', 'pending_finance_approval', 'approved', 'delivered'])[s.stage + 1],
            cu.ids[1 + (s.n * 7907) % cardinality(cu.ids)], w.ids[1 + s.n % cardinality(w.ids)],
            CASE WHEN s.n % 3 = 0 THEN 'FS' || lpad(((s.n * 13) % 1000000)::text, 8, '0') END,
            ${staff('sales')}[1 + s.n % 8],
            CASE WHEN s.stage >= 1 THEN s.at + interval '1 hour' END,
            CASE WHEN s.stage >= 2 THEN ${staff('salesSupervisor')}[1 + s.n % 2] END, CASE WHEN s.stage >= 2 THEN s.at + interval '3 hours' END,
            CASE WHEN s.stage >= 3 THEN ${staff('finance')}[1 + s.n % 2] END, CASE WHEN s.stage >= 3 THEN s.at + interval '6 hours' END,
            CASE WHEN s.stage >= 4 THEN k.id END, CASE WHEN s.stage >= 4 THEN s.at + interval '1 day' END,
            s.at, s.at + s.stage * interval '6 hours'
     FROM s CROSS JOIN w CROSS JOIN cu
     CROSS JOIN LATERAL (SELECT id FROM users WHERE role = 'warehouseAdmin' AND warehouse_id = w.ids[1 + s.n % cardinality(w.ids)]
                         ORDER BY email OFFSET s.n % 2 LIMIT 1) k
     ON CONFLICT (gin) DO NOTHING`,
    [OUTGOING_LISTS],
  );
  // 1 to 6 lines from the list's warehouse's stock records, a unit price on 90%
  await c.query(
    `WITH inv AS (SELECT warehouse_id, array_agg(id ORDER BY id) AS ids, array_agg(product_id ORDER BY id) AS pids FROM inventories GROUP BY warehouse_id),
     l AS (SELECT id, warehouse_id, created_at, substring(gin FROM 6)::int AS n FROM outgoing_lists WHERE gin LIKE 'BGIN-%')
     INSERT INTO outgoing_list_items (list_id, product_id, inventory_id, quantity, unit_prices, created_at)
     SELECT l.id, inv.pids[j.i], inv.ids[j.i], jsonb_build_array(jsonb_build_object('name', 'pcs', 'value', 1 + (l.n + k * 7) % 20)),
            CASE WHEN l.n % 10 <> 0 THEN jsonb_build_object('pcs', round((20 + (l.n * 37 + k * 101) % 8000)::numeric / 4, 2)) ELSE '{}' END, l.created_at + k * interval '1 minute'
     FROM l JOIN inv USING (warehouse_id) CROSS JOIN LATERAL generate_series(0, l.n % 6) k
     CROSS JOIN LATERAL (SELECT 1 + (l.n * 7919 + k * 131) % cardinality(inv.ids) AS i) j`,
  );
  await seedRemarks(c, 'outgoing', 'gin', 'BGIN-%');
}

/** 0 to 3 remarks per list (the first by its creator, then by other staff), an hour or more apart. */
async function seedRemarks(c: PoolClient, kind: 'incoming' | 'outgoing', ref: 'grn' | 'gin', pattern: string): Promise<void> {
  await c.query(
    `WITH u AS (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE 'bench.staff.%' AND NOT removed),
     l AS (SELECT id, created_by, created_at, substring(${ref} FROM 6)::int AS n FROM ${kind}_lists WHERE ${ref} LIKE $2)
     INSERT INTO ${kind}_list_remarks (list_id, content, remark_by, created_at)
     SELECT l.id, ($1::text[])[1 + (l.n + r) % cardinality($1::text[])] || ' (' || r || ')',
            CASE WHEN r = 1 THEN l.created_by ELSE u.ids[1 + (l.n * r) % cardinality(u.ids)] END, l.created_at + r * interval '65 minutes'
     FROM l CROSS JOIN u CROSS JOIN LATERAL generate_series(1, l.n % 4) r`,
    [REMARKS, pattern],
  );
}

async function inTransaction(pool: Pool, fn: (c: PoolClient) => Promise<void>): Promise<void> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    await fn(c);
    await c.query('COMMIT');
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  } finally {
    c.release();
  }
}

/** Seeds what is missing (see the file comment) and VACUUMs and ANALYZEs the list tables, as autovacuum would; returns the counts. */
export async function seedLists(pool: Pool, log: (m: string) => void): Promise<{ incoming: number; outgoing: number }> {
  const counts = async () =>
    (await pool.query(`SELECT (SELECT count(*) FROM incoming_lists WHERE grn LIKE 'BGRN-%')::int AS incoming,
                              (SELECT count(*) FROM outgoing_lists WHERE gin LIKE 'BGIN-%')::int AS outgoing`)).rows[0] as { incoming: number; outgoing: number };
  const have = await counts();
  if (have.incoming >= INCOMING_LISTS && have.outgoing >= OUTGOING_LISTS) return have;
  const t0 = Date.now();
  await inTransaction(pool, seedStaff);
  if (have.incoming === 0) await inTransaction(pool, seedIncoming);
  if (have.outgoing === 0) await inTransaction(pool, seedOutgoing);
  await pool.query('VACUUM (ANALYZE) users, incoming_lists, incoming_list_items, incoming_list_remarks, outgoing_lists, outgoing_list_items, outgoing_list_remarks');
  const now = await counts();
  log(`seeded ${now.incoming} incoming and ${now.outgoing} outgoing lists in ${Math.round((Date.now() - t0) / 1000)} s`);
  return now;
}
