/**
 * Test factories for the catalogue, going through the real API (used by API tests of any
 * domain that needs products). Type-only imports, so nothing test-related loads at runtime.
 */
import type TestAgent from 'supertest/lib/agent';

/** What the factories need: the app's HTTP agent and a warehouseAdmin token. */
export interface CatalogClient {
  http: TestAgent;
  token: string;
}

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A 1x1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Creates a category (specifications Color/Size, units pcs/box by default); returns the API record. */
export async function createCategory(
  c: CatalogClient,
  body: Partial<{ name: string; description: string; specifications: string[]; quantity_measurement: string[] }> = {},
): Promise<{ _id: string; name: string }> {
  const res = await c.http
    .post('/api/productCategories/add')
    .set({ Authorization: `Bearer ${c.token}` })
    .send({ name: `Category ${uniq()}`, description: 'Test category', specifications: ['Color', 'Size'], quantity_measurement: ['pcs', 'box'], ...body });
  if (res.status !== 201) throw new Error(`createCategory: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Creates a product in `categoryId` (units pcs/box, buffer 5 pcs by default); returns the API record. */
export async function createProduct(
  c: CatalogClient,
  categoryId: string,
  body: Record<string, unknown> = {},
): Promise<{ _id: string; code: string; name: string }> {
  const res = await c.http
    .post('/api/products')
    .set({ Authorization: `Bearer ${c.token}` })
    .send({
      category: categoryId,
      name: `Product ${uniq()}`,
      code: `P-${uniq()}`,
      description: 'Test product',
      specifications: [{ name: 'Color', value: 'Red' }],
      quantity: ['pcs', 'box'],
      buffer_stock: { unit_of_measurement: 'pcs', quantity: 5 },
      ...body,
    });
  if (res.status !== 201) throw new Error(`createProduct: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
