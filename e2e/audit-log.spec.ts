import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN, expect, menuTitles, test, uiLogin, uniq } from './fixtures';

/**
 * Audit trail in the UI: a warehouse admin's change of a product's buffer stock shows in
 * the product's History panel; the admin finds the event on the Audit Log (filtered by action,
 * record kind and record id) and exports it; finance has the Audit Log in the menu, also at phone
 * width; sales has no such entry and gets the access page at /auditLog. Creates no workflow list.
 */

const PASSWORD = 'Audit@Pass1';
const notification = (page: Page) => page.locator('.MuiSnackbarContent-message');
const menuItem = (page: Page, name: string) => page.getByTestId('main-menu').getByRole('menuitem', { name });

async function signInAs(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await uiLogin(page, email, password);
}

/** Chooses `option` in the list filter select named `label`. */
async function chooseFilter(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label })).toHaveText(option);
}

test('a buffer stock change shows in the product history and on the Audit Log; finance has the log, sales does not', async ({ page, api, adminToken }) => {
  test.setTimeout(180_000);
  const id = uniq();
  const admin = await adminToken();
  const warehouse = (await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Audit WH ${id}`, address: 'Mexico Square' }))._id;
  const emails = { warehouseAdmin: `audit.wa.${id}@example.com`, finance: `audit.finance.${id}@example.com`, sales: `audit.sales.${id}@example.com` };
  for (const [role, email] of Object.entries(emails)) {
    await api(admin, 'POST', '/users/register', {
      first_name: 'Audit', last_name: role, phone: '911445566', email, role, password: PASSWORD, warehouse: role === 'warehouseAdmin' ? warehouse : undefined,
    });
  }
  const wa = await api<{ token: string }>(admin, 'POST', '/users/login', { email: emails.warehouseAdmin, password: PASSWORD }).then((r) => r.token);
  const category = (await api<{ _id: string }>(wa, 'POST', '/productCategories/add', {
    name: `Audit Category ${id}`, description: 'Fasteners', specifications: [], quantity_measurement: ['pcs'],
  }))._id;
  const product = (await api<{ _id: string }>(wa, 'POST', '/products', {
    category, name: `Audit Bolt ${id}`, code: `AB-${id}`, description: 'M10 bolt', specifications: [], quantity: ['pcs'],
    buffer_stock: { unit_of_measurement: 'pcs', quantity: 5 },
  }))._id;
  const change = 'Buffer stock › Quantity: 5 → 8';

  // the warehouse admin edits the buffer stock; the product's History panel shows the change, newest first
  await signInAs(page, emails.warehouseAdmin);
  await page.goto(`/addProduct/${product}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Update Product' })).toBeVisible();
  const history = page.getByRole('region', { name: 'Change history' });
  await expect(history.getByTestId('history-event')).toHaveCount(1);
  await expect(history.getByTestId('history-event').first()).toContainText('Created');
  await expect(page.getByLabel('Buffer Stock Quantity')).toHaveValue('5');
  await page.getByLabel('Buffer Stock Quantity').fill('8');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toHaveText('Product Updated Successfully');
  await expect(page).toHaveURL(/\/viewProduct$/);
  await page.goto(`/addProduct/${product}`);
  await expect(history.getByTestId('history-event')).toHaveCount(2);
  const newest = history.getByTestId('history-event').first();
  await expect(newest).toContainText('Updated');
  await expect(newest).toContainText('Audit warehouseAdmin (Warehouse Admin)');
  await expect(newest.getByTestId('audit-change').filter({ hasText: change })).toHaveCount(1);

  // the admin finds the event on the Audit Log by action and record kind, then by the record's id
  await signInAs(page, ADMIN.email, ADMIN.password);
  await menuItem(page, 'Audit Log').click();
  await expect(page).toHaveURL(/\/auditLog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  const rows = page.getByTestId('audit-row');
  await expect(rows.first()).toBeVisible();
  const filtered = (query: Record<string, string>) => (r: { url: () => string }) => {
    const url = new URL(r.url());
    return url.pathname === '/api/audit' && Object.entries(query).every(([k, v]) => url.searchParams.get(k) === v);
  };
  let answered = page.waitForResponse(filtered({ action: 'update' }));
  await chooseFilter(page, 'Action', 'Updated');
  await answered;
  answered = page.waitForResponse(filtered({ action: 'update', entity: 'product' }));
  await chooseFilter(page, 'Record kind', 'Product');
  await answered;
  const ours = rows.filter({ hasText: change }).filter({ hasText: product });
  await expect(ours).toHaveCount(1);
  await expect(ours).toContainText('Audit warehouseAdmin');
  await expect(ours).toContainText('Warehouse Admin');
  await expect(ours).toContainText('Updated');
  await expect(ours).toContainText('Product');
  for (const row of await rows.all()) {
    await expect(row).toContainText('Updated');
    await expect(row).toContainText('Product');
  }
  answered = page.waitForResponse(filtered({ action: 'update', entity: 'product', entity_id: product }));
  await page.getByLabel('Record id').fill(product);
  await answered;
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(change);
  // newest first by default; the Time header sorts on the server
  answered = page.waitForResponse(filtered({ sort: 'at', order: 'asc' }));
  await page.locator('thead th').getByText('Time', { exact: true }).click();
  await answered;
  await expect(rows).toHaveCount(1);
  // the server's export of the filtered events
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(csv).toHaveLength(2); // the header and the one event
  expect(csv[1]).toContain(product);

  // finance has the Audit Log in its menu and reads it at phone width too
  await signInAs(page, emails.finance);
  expect(await menuTitles(page)).toContain('Audit Log');
  await menuItem(page, 'Audit Log').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/auditLog?filter=${encodeURIComponent(JSON.stringify({ entity_id: product, action: 'update' }))}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await expect(page.getByText(change, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1366, height: 900 });

  // sales: no Audit Log entry, and the access page at /auditLog
  await signInAs(page, emails.sales);
  expect(await menuTitles(page)).not.toContain('Audit Log');
  await page.goto('/auditLog');
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
  await expect(page).toHaveURL(/\/auditLog$/);
  await expect(page.getByTestId('audit-row')).toHaveCount(0);
});
