/** Master data of the demo seed: warehouses, categories, products, customers and staff. */
import { randomUUID } from 'node:crypto';
import * as argon2 from 'argon2';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../src/database/database';
import { categories, customers, products, users, warehouses } from '../src/database/schema';
import { CATEGORY_RULES, loadRetailItems } from './retail-catalog';

export const DEMO_PASSWORD = 'Demo@Pass1';
const CITIES = ['Addis Ababa Central', 'Adama', 'Bahir Dar', 'Hawassa', 'Dire Dawa', 'Mekelle', 'Gondar', 'Jimma'];
const FIRST = ['Abebe', 'Almaz', 'Bekele', 'Chaltu', 'Dawit', 'Eleni', 'Fikru', 'Genet', 'Hana', 'Kebede', 'Lulit', 'Meron', 'Solomon', 'Tigist', 'Yonas'];
const TRADE = ['Trading', 'Import Export', 'General Supplies', 'Wholesale', 'Retail', 'Enterprise'];

/** Deterministic pseudo-random numbers (mulberry32), so demo runs are reproducible. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded product as the ledger simulation needs it. */
export interface DemoProduct {
  id: string;
  categoryId: string;
  units: string[];
  price: number;
}

/** The ids the ledger simulation draws from. */
export interface DemoMaster {
  warehouses: string[];
  /** warehouseAdmin id per warehouse (same order). */
  keepers: string[];
  products: DemoProduct[];
  customers: string[];
  emails: string[];
}

async function upsertByName<T extends { id: string; name: string }>(existing: T[], names: string[], insert: (n: string[]) => Promise<T[]>): Promise<Map<string, string>> {
  const have = new Map(existing.map((r) => [r.name.toLowerCase(), r.id]));
  const missing = names.filter((n) => !have.has(n.toLowerCase()));
  if (missing.length) for (const r of await insert(missing)) have.set(r.name.toLowerCase(), r.id);
  return new Map(names.map((n) => [n, have.get(n.toLowerCase())!]));
}

async function seedWarehouses(db: Database, count: number): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => CITIES[i % CITIES.length] + (i >= CITIES.length ? ` ${Math.floor(i / CITIES.length) + 1}` : ''));
  const existing = await db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(sql`NOT ${warehouses.removed}`);
  const ids = await upsertByName(existing, names, (n) =>
    db.insert(warehouses).values(n.map((name) => ({ name, address: `${name}, Ethiopia` }))).returning({ id: warehouses.id, name: warehouses.name }),
  );
  return names.map((n) => ids.get(n)!);
}

async function seedCategories(db: Database): Promise<Map<string, string>> {
  const names = CATEGORY_RULES.map((c) => c.name);
  const existing = await db.select({ id: categories.id, name: categories.name }).from(categories).where(sql`NOT ${categories.removed}`);
  return upsertByName(existing, names, (n) =>
    db
      .insert(categories)
      .values(n.map((name) => ({ name, description: `${name} (demo)`, specifications: ['Colour', 'Material'], quantityMeasurement: ['pcs', 'box'] })))
      .returning({ id: categories.id, name: categories.name }),
  );
}

async function seedProducts(db: Database, count: number, categoryIds: Map<string, string>, rand: () => number): Promise<DemoProduct[]> {
  const items = await loadRetailItems(count);
  const taken = new Set(
    (await db.select({ code: products.code }).from(products).where(inArray(sql`lower(${products.code})`, items.map((i) => i.code.toLowerCase())))).map((r) => r.code.toLowerCase()),
  );
  const tag = Date.now().toString(36).toUpperCase();
  const rows = items.map((it) => {
    const rule = CATEGORY_RULES.find((c) => c.words.test(it.name))!;
    const units = rand() < 0.25 ? ['pcs', 'box'] : ['pcs'];
    const code = taken.has(it.code.toLowerCase()) ? `${it.code}-${tag}` : it.code;
    return {
      id: randomUUID(),
      categoryId: categoryIds.get(rule.name)!,
      name: it.name,
      code,
      description: `${it.name}, stock code ${it.code}`,
      units,
      bufferUnit: 'pcs',
      bufferQuantity: String(10 + Math.floor(rand() * 40)),
      price: Math.round(it.price * 60 * 100) / 100,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(products).values(rows.slice(i, i + 1000));
  return rows.map((r) => ({ id: r.id, categoryId: r.categoryId, units: r.units, price: r.price }));
}

async function seedCustomers(db: Database, count: number, rand: () => number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => {
    const name = `${FIRST[i % FIRST.length]} ${FIRST[Math.floor(rand() * FIRST.length)]}`;
    const company = `${FIRST[Math.floor(rand() * FIRST.length)]} ${TRADE[i % TRADE.length]}`;
    return { id: randomUUID(), name, company, address: CITIES[i % CITIES.length], phoneNo: [`9${String(10_000_000 + Math.floor(rand() * 89_999_999))}`], email: `customer${i}.${Date.now().toString(36)}@demo.local` };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(customers).values(rows.slice(i, i + 1000));
  return rows.map((r) => r.id);
}

async function seedStaff(db: Database, warehouseIds: string[]): Promise<{ keepers: string[]; emails: string[] }> {
  const tag = Date.now().toString(36);
  const passwordHash = await argon2.hash(DEMO_PASSWORD);
  const person = (role: string, i: number, warehouseId: string | null) => ({
    firstName: FIRST[i % FIRST.length],
    lastName: role,
    email: `${role.toLowerCase()}${i}.${tag}@demo.local`,
    phone: `9${String(10_000_000 + i)}`,
    role,
    passwordHash,
    warehouseId,
  });
  const keepers = warehouseIds.map((w, i) => person('warehouseAdmin', i, w));
  const others = ['sales', 'salesSupervisor', 'finance', 'importAdmin'].map((r, i) => person(r, i, null));
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(sql`${users.role} = 'admin' AND NOT ${users.removed}`).limit(1);
  // a seeded database the app has never started on still needs someone who can sign in as admin
  if (!anyAdmin) others.push(person('admin', 0, null));
  const inserted = await db.insert(users).values([...keepers, ...others]).returning({ id: users.id, email: users.email, role: users.role });
  return { keepers: inserted.filter((u) => u.role === 'warehouseAdmin').map((u) => u.id), emails: inserted.map((u) => u.email) };
}

/** Creates (or reuses, by name) warehouses and categories, and adds products, customers and staff. */
export async function seedMaster(db: Database, opts: { products: number; warehouses: number; customers: number }, rand: () => number): Promise<DemoMaster> {
  const warehouseIds = await seedWarehouses(db, Math.max(1, opts.warehouses));
  const categoryIds = await seedCategories(db);
  const productRows = await seedProducts(db, Math.max(1, opts.products), categoryIds, rand);
  const customerIds = await seedCustomers(db, Math.max(1, opts.customers), rand);
  const staff = await seedStaff(db, warehouseIds);
  return { warehouses: warehouseIds, keepers: staff.keepers, products: productRows, customers: customerIds, emails: staff.emails };
}
