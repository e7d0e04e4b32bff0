/**
 * `npm run seed:demo -- --products N --transactions M [--warehouses W] [--customers C]`
 * Fills the database (DATABASE_URL, or PGlite under DATA_DIR) with a realistic, ledger-consistent
 * demo dataset: warehouses, categories, products, customers, staff, receipts and issues.
 * Demo staff sign in with the password Demo@Pass1 (emails printed at the end).
 */
import path from 'node:path';
import { openDatabase } from '../src/database/database';
import { seedDemo } from './demo-data';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${name} must be a whole number`);
  return v;
}

async function main(): Promise<void> {
  const opts = {
    products: arg('products', 200),
    transactions: arg('transactions', 10_000),
    warehouses: arg('warehouses', 4),
    customers: arg('customers', 300),
  };
  // a relative DATA_DIR is where `npm run seed:demo` was typed (npm's INIT_CWD), as for `npm start`
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data', 'pgdata');
  const handle = await openDatabase(process.env.DATABASE_URL || undefined, dataDir);
  try {
    const summary = await seedDemo(handle.db, { ...opts, log: (m) => process.stdout.write(`${m}\n`) });
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
