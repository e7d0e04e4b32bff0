import type { Page } from '@playwright/test';
import { expect, test, uiLogin, uniq } from './fixtures';

/**
 * Live updates: an importAdmin has a draft list open; when its warehouseAdmin submits it
 * (through the API, in another session), the open page shows the new status and the menu badge
 * counts it, without a reload or any polling. The list is sent back and cancelled afterwards, so
 * nothing is left pending for the other specs.
 */
const PASSWORD = 'Live@Pass1';
const badge = (page: Page) => page.getByTestId('main-menu').getByRole('menuitem', { name: /^Incoming Inventory/ }).locator('.MuiBadge-badge');

test('a submitted list updates the open list page and the menu badge of another user within seconds', async ({ page, api, apiLogin, adminToken }) => {
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Live WH ${id}`, address: 'Hawassa' });
  const user = async (role: string, extra: object = {}) => {
    const email = `${role.toLowerCase()}.live.${id}@example.com`;
    await api(admin, 'POST', '/users/register', { first_name: 'Live', last_name: role, phone: '911223366', email, role, password: PASSWORD, ...extra });
    return email;
  };
  const waEmail = await user('warehouseAdmin', { warehouse: warehouse._id });
  const importEmail = await user('importAdmin');
  const wa = await apiLogin(waEmail, PASSWORD);
  const category = await api<{ _id: string }>(wa, 'POST', '/productCategories/add', { name: `Live Cat ${id}`, description: 'Live', specifications: [], quantity_measurement: ['pcs'] });
  const product = await api<{ _id: string }>(wa, 'POST', '/products', { category: category._id, name: `Live Lamp ${id}`, code: `LIVE-${id}`, description: 'Live', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 } });
  const list = (await api<{ incoming_list: { _id: string }[] }>(wa, 'POST', '/incomingLists/create', { warehouse: warehouse._id, grn: `GRN-LIVE-${id}`, remarks: { content: 'Live' } })).incoming_list[0]._id;
  await api(wa, 'POST', '/incomingLists/product/add', { list_id: list, product: product._id, quantity: [{ name: 'pcs', value: 4 }] });

  await uiLogin(page, importEmail, PASSWORD);
  await page.goto(`/pendingIncoming/${list}`);
  await expect(page.getByTestId('list-status')).toContainText('Draft');
  const before = Number((await badge(page).count()) ? await badge(page).innerText() : '0');

  await api(wa, 'POST', '/incomingLists/submit', { list_id: list, remark: 'Live submit' });
  await expect(page.getByTestId('list-status')).toContainText('Pending Import Admin Approval', { timeout: 3000 });
  await expect(badge(page)).toHaveText(String(before + 1), { timeout: 3000 });

  const importAdmin = await apiLogin(importEmail, PASSWORD);
  await api(importAdmin, 'POST', '/incomingLists/return', { list_id: list, remark: 'Back to you' });
  await api(wa, 'POST', '/incomingLists/cancel', { list_id: list, remark: 'Not needed' });
  await expect(page.getByTestId('list-status')).toContainText('Cancelled', { timeout: 3000 });
});
