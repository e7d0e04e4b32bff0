import type { Page } from '@playwright/test';
import { expect, test, uiLogin, uniq } from './fixtures';

const PASSWORD = 'Store@Pass1';
const SLOW = { timeout: 30_000 }; // a shared, heavily loaded 2-core machine
const notification = (page: Page) => page.locator('.MuiSnackbarContent-message');
const menuItem = (page: Page, name: string) => page.getByTestId('main-menu').getByRole('menuitem', { name, exact: true });
const bell = (page: Page) => page.getByTestId('low-stock-badge').locator('.MuiBadge-badge');
/** The list applied its filter `key` = `value`: react-admin keeps it in the URL's `filter` parameter. */
const filtered = (key: string, value: string | undefined) => (url: URL) => JSON.parse(url.searchParams.get('filter') ?? '{}')[key] === value;

/** Receives `qty` pcs of `product` through the 'Receive Inventory' modal of /outGoingInventory. */
async function receive(page: Page, product: string, qty: number, grn: string): Promise<void> {
  await page.getByRole('button', { name: 'Receive Inventory', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Product' }).fill(product);
  await page.getByRole('option', { name: new RegExp(product) }).click(SLOW);
  await dialog.getByLabel(`${product} pcs`).fill(String(qty));
  await dialog.getByLabel('Ref./GRN/').fill(grn);
  await dialog.getByLabel('Purchased Price (optional)').fill('250');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toHaveText('Inventory Added Successfully', SLOW);
  await expect(dialog).toHaveCount(0);
}

/** Issues `qty` pcs of the listed `product` through its 'Issue' modal; returns the dialog (left open on errors). */
async function issue(page: Page, product: string, qty: number, gin: string) {
  await page.getByRole('button', { name: `Issue ${product}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(`${product} pcs`).fill(String(qty));
  await dialog.getByLabel('Ref./SIV/').fill(gin);
  await dialog.getByLabel('Taken by').fill('Abebe Kebede');
  await dialog.getByRole('button', { name: 'Save' }).click();
  return dialog;
}

test('a warehouseAdmin receives and issues stock, and sees it in Inventory, Transaction Range and the low-stock bell', async ({ page, api, adminToken }) => {
  test.setTimeout(240_000);
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string; name: string }>(admin, 'POST', '/warehouses', { name: `Stock WH ${id}`, address: 'Bole' });
  const email = `stock.wa.${id}@example.com`;
  await api(admin, 'POST', '/users/register', {
    first_name: 'Stock', last_name: 'Keeper', phone: '911223344', email, role: 'warehouseAdmin', password: PASSWORD, warehouse: warehouse._id,
  });
  const wa = (await api<{ token: string }>(admin, 'POST', '/users/login', { email, password: PASSWORD })).token;
  const category = await api<{ _id: string; name: string }>(wa, 'POST', '/productCategories/add', {
    name: `Stock Cat ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs', 'box'],
  });
  const product = await api<{ _id: string; name: string; code: string }>(wa, 'POST', '/products', {
    category: category._id, name: `Bolt ${id}`, code: `B-${id}`, description: 'Steel bolt', quantity: ['pcs', 'box'],
    buffer_stock: { unit_of_measurement: 'pcs', quantity: 8 },
  });
  const [grn, gin] = [`GRN-${id}`, `SIV-${id}`];

  await page.goto('/login');
  await uiLogin(page, email, PASSWORD);
  await expect(bell(page)).toHaveText('0', SLOW);

  // Outgoing Inventory by warehouse (in no menu: reached from Inventory's button); the warehouse is fixed to the user's; receive 10, issue 4
  await menuItem(page, 'Inventory').click();
  await page.getByRole('link', { name: 'Receive / Issue Stock' }).click();
  await expect(page).toHaveURL(/\/outGoingInventory$/);
  await expect(page.getByRole('combobox', { name: 'Warehouse' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('combobox', { name: 'Warehouse' })).toHaveText(warehouse.name, SLOW);
  await receive(page, product.name, 10, grn);
  const row = page.getByTestId('stock-row').filter({ hasText: product.name });
  await expect(row).toContainText('pcs: 10', SLOW);
  await expect(row).toContainText(category.name);

  const refused = await issue(page, product.name, 11, gin);
  await expect(notification(page)).toContainText('Not enough stock', SLOW);
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(refused).toHaveCount(0);

  await issue(page, product.name, 4, gin);
  await expect(notification(page)).toHaveText('Outgoing Inventory Added Successfully', SLOW);
  await expect(row).toContainText('pcs: 6', SLOW);
  // 6 pcs is under the buffer stock of 8: the bell refreshes without navigation
  await expect(bell(page)).toHaveText('1', SLOW);

  // Inventory: 6 pcs, the red note, image unavailable, buffer stock
  await menuItem(page, 'Inventory').click();
  await expect(page).toHaveURL(/\/inventoryInAllWarehouse$/);
  await page.getByLabel('Search by product name or description').fill(product.name);
  await expect(page).toHaveURL(filtered('q', product.name));
  const item = page.getByTestId('inventory-row');
  await expect(item).toHaveCount(1, SLOW);
  await expect(item).toContainText('6 : pcs');
  await expect(item).toContainText('8 : pcs');
  await expect(item).toContainText('Image unavailable');
  await expect(item).toContainText(product.code);
  await expect(page.getByTestId('out-of-stock-note')).toHaveText('1 products are out of stock');
  await page.screenshot({ path: '/tmp/stock-inventory.png', fullPage: true });

  // Transaction Range filtered by product: both movements, newest first
  await menuItem(page, 'Transaction').click();
  await expect(page).toHaveURL(/\/transactionRange$/);
  await page.getByLabel('Search Product').fill(product.code);
  await expect(page).toHaveURL(filtered('productSearchQuery', product.code));
  const txs = page.getByTestId('transaction-row');
  await expect(txs).toHaveCount(2, SLOW);
  await expect(txs.nth(0)).toContainText('Outgoing');
  await expect(txs.nth(0)).toContainText(`GIN: ${gin}`);
  await expect(txs.nth(0)).toContainText('4 : pcs');
  await expect(txs.nth(0)).toContainText('By: Stock Keeper');
  await expect(txs.nth(1)).toContainText('Incoming');
  await expect(txs.nth(1)).toContainText(`GRN: ${grn}`);
  await expect(txs.nth(1)).toContainText('10 : pcs');
  await expect(txs.nth(1)).toContainText(warehouse.name);
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(page.getByLabel('Search Product')).toHaveValue('');
  await expect(page).toHaveURL(filtered('productSearchQuery', undefined));
  await page.getByLabel('Search GIN').fill(gin);
  await expect(page).toHaveURL(filtered('ginSearchQuery', gin));
  await expect(txs).toHaveCount(1, SLOW);
  await page.screenshot({ path: '/tmp/stock-transactions.png', fullPage: true });

  // the bell opens the low-stock list
  await page.getByRole('link', { name: 'Low stock items' }).click();
  await expect(page).toHaveURL(/\/inventoryInAllWarehouse\?low-stock=low$/);
  await expect(page.getByRole('heading', { name: 'Low Stock Inventory', level: 1 })).toBeVisible();
  await expect(page.getByTestId('inventory-row').filter({ hasText: product.name })).toContainText('6 : pcs', SLOW);
});
