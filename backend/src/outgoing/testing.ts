import { StockLedgerService } from '../inventory/stock-ledger.service';
import { eq } from 'drizzle-orm';
import { categories, customers, products, stockLevels, stockTransactions } from '../database/schema';
import type { INestApplication } from '@nestjs/common';
import type TestAgent from 'supertest/lib/agent';
import type { Database } from '../database/database';

/**
 * Test factory for the outgoing list tests. It takes the app of `createTestApp()` (test/test-app.ts)
 * by shape, so this file builds inside src without pulling test/ into the production build.
 */
export interface TestApp {
  app: INestApplication;
  http: TestAgent;
  db: Database;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let seq = 0;
const uniq = () => `${Date.now().toString(36)}o${(seq++).toString(36)}`;

/** A product with stock in one warehouse, ready to go on an outgoing list. */
export interface StockedProduct {
  productId: string;
  inventoryId: string;
  code: string;
  name: string;
}

/** Inserts a category and a product with `units` directly (the catalog module is not needed). */
export async function insertProduct(t: TestApp, units: string[] = ['pcs', 'box'], name = `Product ${uniq()}`): Promise<{ id: string; code: string; name: string }> {
  const [category] = await t.db
    .insert(categories)
    .values({ name: `Category ${uniq()}`, description: 'Test category', quantityMeasurement: units })
    .returning();
  const code = `P-${uniq()}`;
  const [product] = await t.db
    .insert(products)
    .values({ categoryId: category.id, name, code, units, bufferUnit: units[0], bufferQuantity: '1' })
    .returning();
  return { id: product.id, code, name };
}

/** Receives `quantity` of a new product into `warehouseId` through the stock ledger. */
export async function stockProduct(
  t: TestApp,
  warehouseId: string,
  userId: string,
  quantity: { name: string; value: number }[],
  name?: string,
): Promise<StockedProduct> {
  const product = await insertProduct(t, quantity.map((q) => q.name), name);
  const ledger = t.app.get(StockLedgerService);
  const { inventoryId } = await ledger.run((tx) =>
    ledger.receive(tx, { productId: product.id, warehouseId, quantity, grn: `GRN-${uniq()}`, userId, source: 'direct' }),
  );
  return { productId: product.id, inventoryId, code: product.code, name: product.name };
}

/** Inserts a customer directly; returns its id. */
export async function insertCustomer(t: TestApp, name = `Customer ${uniq()}`): Promise<string> {
  const [row] = await t.db
    .insert(customers)
    .values({ name, company: `${name} PLC`, address: 'Bole, Addis Ababa', phoneNo: ['911000111'], email: `c.${uniq()}@test.local` })
    .returning();
  return row.id;
}

/** On-hand and reserved per unit of an inventory record, straight from stock_levels. */
export async function levelsOf(t: TestApp, inventoryId: string): Promise<Record<string, { onHand: number; reserved: number }>> {
  const rows = await t.db.select().from(stockLevels).where(eq(stockLevels.inventoryId, inventoryId));
  return Object.fromEntries(rows.map((r) => [r.unit, { onHand: Number(r.onHand), reserved: Number(r.reserved) }]));
}

/** Ledger rows written for an outgoing list (source_id = list id). */
export async function ledgerRowsOf(t: TestApp, listId: string) {
  return t.db.select().from(stockTransactions).where(eq(stockTransactions.sourceId, listId));
}

/** Creates a draft list through the API as `token` (a sales user); returns its id. */
export async function createList(t: TestApp, token: string, body: { warehouse: string; customer: string; gin?: string }): Promise<string> {
  const res = await t.http
    .post('/api/outgoingLists/create')
    .set(bearer(token))
    .send({ gin: `GIN-${uniq()}`, fs_number: 'FS-1', remarks: { content: 'New list' }, ...body });
  if (res.status !== 201) throw new Error(`createList: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.outgoing_list._id;
}

/** The users who act on lists, each step's route and the role that may take it. */
export const STEP_ROUTES = {
  submit: 'submit-for-sales-supervisor-approval',
  verify: 'supervisor/approve-and-submit-for-finance-approval',
  approve: 'approve',
  deliver: 'delivery/confirm',
} as const;
export type StepName = keyof typeof STEP_ROUTES;

/** Takes a step through the API; returns the response. */
export function step(t: TestApp, token: string, name: StepName, listId: string, remark?: unknown) {
  return t.http.post(`/api/outgoingLists/${STEP_ROUTES[name]}`).set(bearer(token)).send({ list_id: listId, ...(remark ? { remark } : {}) });
}

/** Adds a line through the API; returns the response. */
export function addLine(t: TestApp, token: string, listId: string, p: StockedProduct, quantity: { name: string; value: number }[], unitPrice?: number) {
  return t.http
    .post('/api/outgoingLists/product/add')
    .set(bearer(token))
    .send({ list_id: listId, product: p.productId, inventory: p.inventoryId, quantity, ...(unitPrice !== undefined ? { unitPrice } : {}) });
}

/** Tokens of the users taking each step. */
export type StepTokens = Record<'sales' | 'salesSupervisor' | 'finance' | 'warehouseAdmin', string>;

/** Takes `steps` in order, each by its role; throws when one fails. */
export async function advance(t: TestApp, tokens: StepTokens, listId: string, steps: StepName[]): Promise<void> {
  const by: Record<StepName, string> = { submit: tokens.sales, verify: tokens.salesSupervisor, approve: tokens.finance, deliver: tokens.warehouseAdmin };
  for (const name of steps) {
    const res = await step(t, by[name], name, listId);
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}
