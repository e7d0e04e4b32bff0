/**
 * Test helpers for the incoming list API tests: a warehouse with one user per role, products
 * created through the catalogue API, lists driven to a status, and direct reads of the stock
 * tables to check what approval posted.
 */
import { and, asc, eq } from 'drizzle-orm';
import type TestAgent from 'supertest/lib/agent';
import { createCategory, createProduct } from '../catalog/catalog.fixtures';
import type { Role } from '@inventory/common';
import type { Database } from '../database/database';
import { incomingLists, inventories, stockLevels, stockTransactions } from '../database/schema';

// Structural types of backend/test/test-app.ts: files under src must not import test/ (the build's rootDir).
/** The app under test: its HTTP agent, database and admin token. */
export interface AppUnderTest {
  http: TestAgent;
  db: Database;
  adminToken: string;
}
/** A signed-in staff member. */
export interface Actor {
  id: string;
  token: string;
}

/** The people of an {@link IncomingFixture}, made by the spec with backend/test/test-app.ts. */
export interface IncomingPeople {
  warehouse: string;
  users: Record<Role, Actor>;
  otherWarehouse: string;
  /** The warehouseAdmin of `otherWarehouse`. */
  otherAdmin: Actor;
}

/** The people plus two products (units pcs and box) created through the catalogue API. */
export interface IncomingFixture extends IncomingPeople {
  t: AppUnderTest;
  products: { _id: string; name: string; code: string }[];
}

/** Builds an {@link IncomingFixture}: creates the products as the warehouseAdmin. */
export async function incomingFixture(t: AppUnderTest, people: IncomingPeople): Promise<IncomingFixture> {
  const client = { http: t.http, token: people.users.warehouseAdmin.token };
  const category = await createCategory(client);
  const products = [await createProduct(client, category._id), await createProduct(client, category._id)];
  return { t, ...people, products };
}

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** POST /api/incomingLists/{path} as `user`. */
export function post(fx: IncomingFixture, path: string, user: Actor, body: object) {
  return fx.t.http.post(`/api/incomingLists/${path}`).set(bearer(user.token)).send(body);
}

/** GET one list as admin (data.incoming_list[0]). */
export async function getList(fx: IncomingFixture, id: string) {
  const res = await fx.t.http.get(`/api/incomingLists/one/${id}`).set(bearer(fx.t.adminToken));
  if (res.status !== 200) throw new Error(`getList: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.incoming_list[0];
}

/** A draft list in the fixture's warehouse with `lines` product lines (10 pcs each). */
export async function draftList(fx: IncomingFixture, lines = 1): Promise<{ id: string; grn: string }> {
  const grn = `GRN-${uniq()}`;
  const res = await post(fx, 'create', fx.users.warehouseAdmin, { warehouse: fx.warehouse, grn, remarks: { content: 'New list' } });
  if (res.status !== 201) throw new Error(`draftList: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.data.incoming_list[0]._id;
  for (const p of fx.products.slice(0, lines)) {
    const add = await post(fx, 'product/add', fx.users.warehouseAdmin, { list_id: id, product: p._id, quantity: [{ name: 'pcs', value: 10 }] });
    if (add.status !== 200) throw new Error(`draftList add: ${add.status} ${JSON.stringify(add.body)}`);
  }
  return { id, grn };
}

/** The step route and the role that performs it, in flow order. */
export const FLOW = [
  { status: 'draft', path: 'submit', role: 'warehouseAdmin' },
  { status: 'pending_import_admin_approval', path: 'import-admin/approve-and-submit-for-finance-approval', role: 'importAdmin' },
  { status: 'pending_finance_approval', path: 'approve', role: 'finance' },
] as const;

/** A list (two lines) driven through the flow until it has `status`. */
export async function listAt(fx: IncomingFixture, status: string): Promise<{ id: string; grn: string }> {
  const list = await draftList(fx, 2);
  for (const step of FLOW) {
    if (step.status === status) return list;
    const res = await post(fx, step.path, fx.users[step.role], { list_id: list.id, remark: `${step.path} ok` });
    if (res.status !== 200) throw new Error(`listAt ${step.path}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return list;
}

/** The stored status of a list, read directly. */
export async function statusOf(fx: IncomingFixture, id: string): Promise<string> {
  const [row] = await fx.t.db.select({ status: incomingLists.status }).from(incomingLists).where(eq(incomingLists.id, id));
  return row.status;
}

/** On-hand per unit of a product in a warehouse, e.g. `{pcs: 10}` ({} when never received). */
export async function onHand(fx: IncomingFixture, productId: string, warehouseId: string): Promise<Record<string, number>> {
  const rows = await fx.t.db
    .select({ unit: stockLevels.unit, onHand: stockLevels.onHand })
    .from(stockLevels)
    .innerJoin(inventories, eq(inventories.id, stockLevels.inventoryId))
    .where(and(eq(inventories.productId, productId), eq(inventories.warehouseId, warehouseId)));
  return Object.fromEntries(rows.map((r) => [r.unit, Number(r.onHand)]));
}

/** Ledger rows written for an incoming list (source incoming_list, source_id = list id). */
export async function ledgerOf(fx: IncomingFixture, listId: string) {
  return fx.t.db
    .select()
    .from(stockTransactions)
    .where(and(eq(stockTransactions.source, 'incoming_list'), eq(stockTransactions.sourceId, listId)))
    .orderBy(asc(stockTransactions.productId));
}
