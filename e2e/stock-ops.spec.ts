import type { Page } from '@playwright/test';
import { expect, test, uiLogin, uniq } from './fixtures';

/**
 * Transfers and stock counts in the browser: a transfer from dispatch to receipt with a
 * shortfall (in transit on the destination's Inventory, then on hand; Transfer out / Transfer in and
 * the transit loss on Transaction Range); a blind count entered by the warehouseAdmin and approved
 * by finance from its badge (Count correction on Transaction Range, the counted stock on
 * Inventory). Nothing is left pending (other specs count badges).
 */
const PASSWORD = 'Store@Pass1';
const notification = (page: Page) => page.locator('.MuiSnackbarContent-message');
const menuItem = (page: Page, name: string) => page.getByTestId('main-menu').getByRole('menuitem', { name });

async function signInAs(page: Page, email: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await uiLogin(page, email, PASSWORD);
}

type Api = <T = unknown>(token: string, method: string, path: string, body?: unknown) => Promise<T>;

/** Two warehouses with a warehouseAdmin each, finance, and a product with 20 pcs in the first. */
async function setUp(api: Api, admin: string, tag: string) {
  const id = uniq();
  const [from, to] = [
    await api<{ _id: string; name: string }>(admin, 'POST', '/warehouses', { name: `${tag} A ${id}`, address: 'Adama' }),
    await api<{ _id: string; name: string }>(admin, 'POST', '/warehouses', { name: `${tag} B ${id}`, address: 'Hawassa' }),
  ];
  const emails: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  for (const [key, role, warehouse] of [['waFrom', 'warehouseAdmin', from._id], ['waTo', 'warehouseAdmin', to._id], ['finance', 'finance', null]] as const) {
    emails[key] = `${key.toLowerCase()}.${tag.toLowerCase()}.${id}@example.com`;
    await api(admin, 'POST', '/users/register', { first_name: key, last_name: 'Ops', phone: '911223344', email: emails[key], role, password: PASSWORD, ...(warehouse ? { warehouse } : {}) });
    tokens[key] = (await api<{ token: string }>(admin, 'POST', '/users/login', { email: emails[key], password: PASSWORD })).token;
  }
  const category = await api<{ _id: string }>(tokens.waFrom, 'POST', '/productCategories/add', { name: `${tag} Cat ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs'] });
  const product = await api<{ _id: string; name: string; code: string }>(tokens.waFrom, 'POST', '/products', {
    category: category._id, name: `${tag} Lamp ${id}`, code: `${tag.slice(0, 2).toUpperCase()}-${id}`, description: 'd', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
  });
  await api(tokens.waFrom, 'POST', '/inventory/incoming', { warehouse: from._id, product: product._id, quantity: [{ name: 'pcs', value: 20 }], grn: `GRN-${tag}-${id}`, purchasedPrice: 50, depreciationRate: 0 });
  return { id, from, to, emails, tokens, product };
}

test('a transfer is dispatched, shows in transit at the destination, and is received with a shortfall', async ({ page, api, adminToken }) => {
  test.setTimeout(180_000);
  const { id, to, emails, product } = await setUp(api, await adminToken(), 'Move');
  const trn = `TRN-${id}`;

  // the source's warehouseAdmin: New Transfer, a line of 10 pcs, Dispatch
  await signInAs(page, emails.waFrom);
  await menuItem(page, 'Transfers').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
  await page.getByRole('button', { name: 'New Transfer' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel('To warehouse').click();
  await page.getByRole('option', { name: to.name }).click();
  await create.getByLabel('TRN').fill(trn);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(notification(page)).toHaveText('Transfer Created Successfully');
  await expect(page.getByTestId('transfer-status')).toContainText('Draft');
  await page.getByLabel('Search products').fill(product.name);
  await expect(page.getByTestId('stock-row')).toHaveCount(1);
  await page.getByRole('button', { name: `Add ${product.name}` }).click();
  await page.getByLabel(`${product.name} pcs`).fill('10');
  await page.getByRole('button', { name: 'Add line' }).click();
  await expect(page.getByTestId('transfer-line')).toContainText('10 pcs');
  await page.getByRole('button', { name: 'Dispatch', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Dispatch', exact: true }).click();
  await expect(notification(page)).toHaveText('Transfer Dispatched Successfully');
  await expect(page.getByTestId('transfer-status')).toContainText('In Transit');
  await expect(page.getByRole('button', { name: 'Transfer note (PDF)' })).toBeVisible();

  // the destination's warehouseAdmin: the badge, in transit on Inventory, Receive 8 of 10
  await signInAs(page, emails.waTo);
  const entry = menuItem(page, 'Transfers');
  await expect(entry.locator('.MuiBadge-badge')).toHaveText('1');
  await page.goto('/inventoryInAllWarehouse');
  await page.getByLabel('Search by product name or description').fill(product.name);
  await expect(page.getByTestId('inventory-row')).toHaveCount(1);
  await expect(page.getByTestId('inventory-row')).toContainText('10 : pcs'); // in transit
  await page.goto('/transfers'); // (a menu click could race the search box's debounced URL update)
  await page.getByTestId('transfer-row').filter({ hasText: trn }).getByText(trn).click();
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const receive = page.getByRole('dialog');
  await receive.getByLabel(`${product.name} pcs received`).fill('8');
  await receive.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(receive.getByText('Say what happened to the missing stock')).toBeVisible();
  await receive.getByLabel('Remark').fill('Two broke on the road');
  await receive.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(notification(page)).toHaveText('Transfer Received Successfully');
  await expect(page.getByTestId('transfer-status')).toContainText('Received');
  await expect(page.getByTestId('transfer-line')).toContainText('2 pcs'); // short
  await expect(page.getByText('Transit loss posted as an adjustment')).toBeVisible();
  await expect(entry.locator('.MuiBadge-badge')).toHaveCount(0);

  // on hand 8 at the destination; the ledger shows the receipt and the transit loss
  await page.goto('/inventoryInAllWarehouse');
  await page.getByLabel('Search by product name or description').fill(product.name);
  const row = page.getByTestId('inventory-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('8 : pcs');
  await page.goto('/transactionRange');
  await page.getByLabel('Search Product').fill(product.code);
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Transfer in' })).toContainText(`TRN: ${trn}`);
  await expect(rows.filter({ hasText: 'Adjustment' })).toContainText('Reason: Transit loss');
});

test('a blind count is entered by the warehouseAdmin and approved by finance from its badge', async ({ page, api, adminToken }) => {
  test.setTimeout(180_000);
  const { emails, product } = await setUp(api, await adminToken(), 'Count');

  // warehouseAdmin: a blind count; the expected quantity is hidden; 17 counted
  await signInAs(page, emails.waFrom);
  await menuItem(page, 'Stock Counts').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stock Counts' })).toBeVisible();
  await page.getByRole('button', { name: 'New Stock Count' }).click();
  const create = page.getByRole('dialog');
  await create.getByRole('checkbox').check();
  await create.getByRole('button', { name: 'Start counting' }).click();
  await expect(notification(page)).toHaveText('Stock Count Created Successfully');
  await expect(page.getByTestId('count-status')).toContainText('Counting');
  const line = page.getByTestId('count-line').filter({ hasText: product.name });
  await expect(line).toContainText('hidden (blind count)');
  await line.getByLabel(`${product.name} pcs Counted`).fill('17');
  await line.getByRole('button', { name: `Save ${product.name}` }).click();
  await expect(notification(page)).toHaveText('Count saved');
  await expect(page.getByTestId('count-progress')).toContainText('1 of 1');
  await page.getByRole('button', { name: 'Submit for approval' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit for approval' }).click();
  await expect(notification(page)).toHaveText('Stock Count Submitted Successfully');
  await expect(page.getByText('Awaiting the approval of finance')).toBeVisible();
  await expect(line).toContainText('hidden (blind count)');

  // finance: the badge; the expected 20, the difference −3 valued; Approve posts it
  await signInAs(page, emails.finance);
  const entry = menuItem(page, 'Stock Counts');
  await expect(entry.locator('.MuiBadge-badge')).toHaveText('1');
  await entry.click();
  await page.getByTestId('count-row').first().click();
  await expect(line).toContainText('20 pcs');
  await expect(line).toContainText('-3 pcs');
  await expect(line).toContainText('-150.00');
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(notification(page)).toHaveText('Stock Count Approved Successfully');
  await expect(page.getByTestId('count-status')).toContainText('Posted');
  await expect(entry.locator('.MuiBadge-badge')).toHaveCount(0);

  // 17 on hand; the ledger has the count correction
  await page.goto('/inventoryInAllWarehouse');
  await page.getByLabel('Search by product name or description').fill(product.name);
  await expect(page.getByTestId('inventory-row')).toHaveCount(1);
  await expect(page.getByTestId('inventory-row')).toContainText('17 : pcs');
  await page.goto('/transactionRange');
  await page.getByLabel('Search Product').fill(product.code);
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Count correction' })).toContainText('3 : pcs');
});
