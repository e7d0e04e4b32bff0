import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, type Extension } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import { migrationsFolder } from '../database/database';
import { createServerDatabase } from '../../test/test-db';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };

/** The migration that gives outgoing lines a price per unit. */
const PER_UNIT = 28;

/** A copy of the migrations folder with the journal cut before migration `idx`. */
function migrationsBefore(idx: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** Two lines priced the old way (one price, for the first quantity entry) and one without a price. */
const OLD_LINES = `
  INSERT INTO users (id, first_name, last_name, email, phone, role, password_hash) VALUES ('00000000-0000-4000-8000-000000000001', 'A', 'B', 'a@b.test', '911', 'sales', 'x');
  INSERT INTO warehouses (id, name, address) VALUES ('00000000-0000-4000-8000-000000000002', 'W', 'X');
  INSERT INTO customers (id, name, company, address, phone_no, email) VALUES ('00000000-0000-4000-8000-000000000003', 'C', 'Co', 'A', '{911000111}', 'c@d.test');
  INSERT INTO categories (id, name, description, quantity_measurement) VALUES ('00000000-0000-4000-8000-000000000004', 'Cat', 'd', '{pcs,box}');
  INSERT INTO products (id, category_id, name, code, units, buffer_unit, buffer_quantity) VALUES ('00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000004', 'P', 'P1', '{pcs,box}', 'pcs', 1);
  INSERT INTO inventories (id, product_id, warehouse_id, category_id) VALUES ('00000000-0000-4000-8000-000000000006', '00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000004');
  INSERT INTO outgoing_lists (id, gin, customer_id, warehouse_id, created_by) VALUES ('00000000-0000-4000-8000-000000000007', 'G1', '00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001');
  INSERT INTO outgoing_list_items (list_id, product_id, inventory_id, quantity, unit_price, created_at) VALUES
    ('00000000-0000-4000-8000-000000000007', '00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000006', '[{"name":"box","value":1},{"name":"pcs","value":5}]', 140.00, now()),
    ('00000000-0000-4000-8000-000000000007', '00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000006', '[{"name":"pcs","value":2}]', 12.50, now() + interval '1 second'),
    ('00000000-0000-4000-8000-000000000007', '00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000006', '[{"name":"pcs","value":3}]', NULL, now() + interval '2 seconds');`;
const READ = 'SELECT quantity, unit_prices FROM outgoing_list_items ORDER BY created_at';
const EXPECTED = [
  { quantity: [{ name: 'box', value: 1 }, { name: 'pcs', value: 5 }], unit_prices: { box: 140 } },
  { quantity: [{ name: 'pcs', value: 2 }], unit_prices: { pcs: 12.5 } },
  { quantity: [{ name: 'pcs', value: 3 }], unit_prices: {} },
];

describe('Migration of outgoing line prices to a price per unit', () => {
  const before = migrationsBefore(PER_UNIT);
  afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

  it('keeps each existing price on the unit it applied to (the first quantity entry)', async () => {
    const server = process.env.TEST_DATABASE_URL;
    if (server) {
      const { url, drop } = await createServerDatabase(server);
      const pool = new Pool({ connectionString: url });
      try {
        await migratePg(drizzlePg(pool), { migrationsFolder: before });
        await pool.query(OLD_LINES);
        await migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder() });
        expect((await pool.query(READ)).rows).toEqual(EXPECTED);
      } finally {
        await pool.end();
        await drop();
      }
    } else {
      const client = new PGlite('memory://', { extensions: { pg_trgm } });
      try {
        await migratePglite(drizzlePglite(client), { migrationsFolder: before });
        await client.exec(OLD_LINES);
        await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
        expect((await client.query(READ)).rows).toEqual(EXPECTED);
      } finally {
        await client.close();
      }
    }
  }, 120_000);
});
