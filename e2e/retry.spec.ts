import type { Page } from '@playwright/test';
import { expect, test, uiLogin, uniq } from './fixtures';

const PASSWORD = 'Retry@Pass1';
const SLOW = { timeout: 30_000 }; // a shared, heavily loaded 2-core machine
const notification = (page: Page) => page.locator('.MuiSnackbarContent-message');

/** Fills the 'Receive Inventory' modal of /outGoingInventory and presses Save; returns the dialog. */
async function fillReceive(page: Page, product: string, qty: number, grn: string) {
  await page.getByRole('button', { name: 'Receive Inventory', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Product' }).fill(product);
  await page.getByRole('option', { name: new RegExp(product) }).click(SLOW);
  await dialog.getByLabel(`${product} pcs`).fill(String(qty));
  await dialog.getByLabel('Ref./GRN/').fill(grn);
  await dialog.getByRole('button', { name: 'Save' }).click();
  return dialog;
}

// A receipt whose answer was lost is retried with the same Idempotency-Key and posts once.
test('a receipt retried after a lost answer posts once; the next submission gets a new key', async ({ page, api, adminToken }) => {
  test.setTimeout(180_000);
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Retry WH ${id}`, address: 'Bole' });
  const email = `retry.wa.${id}@example.com`;
  await api(admin, 'POST', '/users/register', {
    first_name: 'Retry', last_name: 'Keeper', phone: '911223344', email, role: 'warehouseAdmin', password: PASSWORD, warehouse: warehouse._id,
  });
  const wa = (await api<{ token: string }>(admin, 'POST', '/users/login', { email, password: PASSWORD })).token;
  const category = await api<{ _id: string }>(wa, 'POST', '/productCategories/add', {
    name: `Retry Cat ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs'],
  });
  const product = await api<{ name: string }>(wa, 'POST', '/products', {
    category: category._id, name: `Nut ${id}`, code: `N-${id}`, description: 'Nut', quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
  });

  // The first receipt reaches the server, but its answer is lost (as after a timeout).
  const keys: string[] = [];
  let loseAnswer = true;
  await page.route('**/api/inventory/incoming', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (!loseAnswer) return route.continue();
    loseAnswer = false;
    await route.fetch();
    await route.abort('timedout');
  });

  await uiLogin(page, email, PASSWORD);
  await page.goto('/outGoingInventory');
  const dialog = await fillReceive(page, product.name, 10, `GRN-${id}`);
  await expect(notification(page)).toBeVisible(SLOW);
  await expect(notification(page)).not.toHaveText('Inventory Added Successfully');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toHaveText('Inventory Added Successfully', SLOW);
  const row = page.getByTestId('stock-row').filter({ hasText: product.name });
  await expect(row).toContainText('pcs: 10', SLOW);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(keys[1]).toBe(keys[0]);

  // The same values submitted again are a new receipt with a new key.
  await fillReceive(page, product.name, 10, `GRN-${id}`);
  await expect(row).toContainText('pcs: 20', SLOW);
  expect(keys).toHaveLength(3);
  expect(keys[2]).not.toBe(keys[0]);
});
