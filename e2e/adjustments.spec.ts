import type { Page } from '@playwright/test';
import { expect, test, uiLogin, uniq } from './fixtures';

/**
 * Stock adjustments in the browser: a warehouseAdmin asks to remove 2 damaged pcs; finance
 * sees the red badge on Adjustments, opens the request and approves it; Inventory shows the lower
 * stock and Transaction Range an 'Adjustment' row with its reason; a second request is rejected
 * with a reason. Nothing is left pending (other specs count finance's badges).
 */
const PASSWORD = 'Store@Pass1';
const notification = (page: Page) => page.locator('.MuiSnackbarContent-message');
const menuItem = (page: Page, name: string) => page.getByTestId('main-menu').getByRole('menuitem', { name });

async function signInAs(page: Page, email: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await uiLogin(page, email, PASSWORD);
}

test('a warehouseAdmin requests removing damaged stock; finance approves it from the badge; a second request is rejected', async ({ page, api, adminToken }) => {
  test.setTimeout(150_000);
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Adjust WH ${id}`, address: 'Mekelle' });
  const emails: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  for (const role of ['warehouseAdmin', 'finance']) {
    emails[role] = `${role.toLowerCase()}.adjust.${id}@example.com`;
    await api(admin, 'POST', '/users/register', {
      first_name: role, last_name: 'Adjuster', phone: '911223344', email: emails[role], role, password: PASSWORD,
      ...(role === 'warehouseAdmin' ? { warehouse: warehouse._id } : {}),
    });
    tokens[role] = (await api<{ token: string }>(admin, 'POST', '/users/login', { email: emails[role], password: PASSWORD })).token;
  }
  const wa = tokens.warehouseAdmin;
  const category = await api<{ _id: string }>(wa, 'POST', '/productCategories/add', { name: `Adjust Cat ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs'] });
  const product = await api<{ _id: string; name: string; code: string }>(wa, 'POST', '/products', {
    category: category._id, name: `Vase ${id}`, code: `VS-${id}`, description: 'd', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
  });
  const received = await api<{ inventory: { _id: string } }>(wa, 'POST', '/inventory/incoming', { warehouse: warehouse._id, product: product._id, quantity: [{ name: 'pcs', value: 20 }], grn: `GRN-ADJ-${id}` });

  // warehouseAdmin: New Adjustment, a removal of 2 pcs as damaged
  await signInAs(page, emails.warehouseAdmin);
  await menuItem(page, 'Adjustments').click();
  await expect(page).toHaveURL(/\/adjustments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Adjustments' })).toBeVisible();
  await page.getByRole('button', { name: 'New Adjustment' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Search products').fill(product.name);
  await expect(dialog.getByTestId('stock-row')).toHaveCount(1);
  await dialog.getByRole('button', { name: `Choose ${product.name}` }).click();
  await expect(dialog.getByTestId('adjustment-record')).toContainText(`${product.name} (${product.code})`);
  await expect(dialog.getByTestId('adjustment-unit')).toContainText('Available: 20 pcs');
  await dialog.getByRole('button', { name: 'Request Adjustment' }).click();
  await expect(dialog.getByText('Enter a quantity for at least one unit')).toBeVisible(); // nothing sent without a quantity
  await expect(dialog.getByText('Choose the reason')).toBeVisible();
  await expect(dialog.getByText('Give a remark')).toBeVisible();
  await dialog.getByLabel(`${product.name} pcs`).fill('2'); // Remove is the default direction
  await expect(dialog.getByTestId('adjustment-summary')).toHaveText('Requested change: \u22122 pcs');
  await dialog.getByLabel('Reason').click();
  await page.getByRole('option', { name: 'Damaged' }).click();
  await dialog.getByLabel('Remark').fill('Two vases fell off the forklift');
  await dialog.getByRole('button', { name: 'Request Adjustment' }).click();
  await expect(notification(page)).toHaveText('Adjustment Created Successfully');
  await expect(page).toHaveURL(/\/adjustments\/[0-9a-f-]{36}$/);
  const first = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByTestId('adjustment-status')).toContainText('Pending Approval');
  await expect(page.getByTestId('adjustment-quantity')).toContainText('\u22122 pcs');
  await expect(page.getByTestId('adjustment-reason')).toContainText('Damaged');
  await expect(page.getByText('Awaiting the decision of finance')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0); // finance decides

  // finance: the badge counts it; the list row opens it; Approve posts it
  await signInAs(page, emails.finance);
  const entry = menuItem(page, 'Adjustments');
  await expect(entry.locator('.MuiBadge-badge')).toHaveText('1');
  await entry.click();
  const row = page.getByTestId('adjustment-row').filter({ hasText: product.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(product.code);
  await expect(row).toContainText(`Adjust WH ${id}`);
  await expect(row).toContainText('\u22122 pcs');
  await expect(row).toContainText('Damaged');
  await expect(row).toContainText('Pending Approval');
  await expect(row).toContainText('warehouseAdmin Adjuster');
  await row.getByText(`Adjust WH ${id}`).click();
  await expect(page).toHaveURL(new RegExp(`/adjustments/${first}$`));
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(notification(page)).toHaveText('Adjustment Approved Successfully');
  await expect(page.getByTestId('adjustment-status')).toContainText('Approved');
  await expect(page.getByTestId('adjustment-decided')).toContainText('finance Adjuster');
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await expect(entry.locator('.MuiBadge-badge')).toHaveCount(0);
  await expect(page.getByTestId('history-event').first()).toContainText('Approved');

  // the 2 pcs are off the shelf, and the ledger has the adjustment with its reason
  await page.goto('/inventoryInAllWarehouse');
  await page.getByLabel('Search by product name or description').fill(product.name);
  await expect(page.getByTestId('inventory-row')).toHaveCount(1);
  await expect(page.getByTestId('inventory-row')).toContainText('18 : pcs');
  await page.goto('/transactionRange');
  await page.getByLabel('Search Product').fill(product.code);
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Adjustment');
  await expect(rows.nth(0)).toContainText('Reason: Damaged');
  await expect(rows.nth(0)).toContainText('2 : pcs');
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Adjustment', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Reason: Damaged');

  // a second request (1 pcs lost): finance rejects it with a reason (a blank one is refused)
  const second = (await api<{ adjustment: { _id: string } }>(wa, 'POST', '/adjustments/create', {
    inventory: received.inventory._id, quantity: [{ name: 'pcs', value: -1 }], reason: 'lost', remark: 'Missing at the shelf count',
  })).adjustment._id;
  await page.goto(`/adjustments/${second}`);
  await expect(entry.locator('.MuiBadge-badge')).toHaveText('1');
  await expect(page.getByTestId('adjustment-status')).toContainText('Pending Approval');
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const reject = page.getByRole('dialog');
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(reject.getByText('Give the reason')).toBeVisible();
  await reject.getByLabel('Reason').fill('Found it behind the pallets');
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(notification(page)).toHaveText('Adjustment Rejected Successfully');
  await expect(page.getByTestId('adjustment-status')).toContainText('Rejected');
  await expect(page.getByTestId('remark').filter({ hasText: 'Found it behind the pallets' })).toContainText('finance Adjuster');
  await expect(entry.locator('.MuiBadge-badge')).toHaveCount(0);

  // the status filter finds it as Rejected; nothing of this warehouse is pending any more
  await page.goto('/adjustments');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Rejected', exact: true }).click();
  const rejected = page.getByTestId('adjustment-row').filter({ hasText: product.name });
  await expect(rejected).toHaveCount(1);
  await expect(rejected).toContainText('Lost');
  const pending = await api<{ total_count: number }>(tokens.finance, 'GET', `/adjustments/all?status=pending_approval&warehouse=${warehouse._id}`);
  expect(pending.total_count).toBe(0);
  // the 1 pcs was not posted
  const stock = await api<{ inventories: { available: { name: string; value: number }[] }[] }>(wa, 'GET', `/inventory?query=${encodeURIComponent(product.name)}&warehouseId=${warehouse._id}`);
  expect(stock.inventories[0].available.find((q) => q.name === 'pcs')?.value).toBe(18);
});
