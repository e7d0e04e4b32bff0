import type { Page } from '@playwright/test';
import { expect, test, uiLogin, uniq } from './fixtures';

const PASSWORD = 'Store@Pass1';
const notification = (page: Page) => page.locator('.MuiSnackbarContent-message');
const menuItem = (page: Page, name: string, exact = false) => page.getByTestId('main-menu').getByRole('menuitem', { name, exact });

async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await uiLogin(page, email, PASSWORD);
}

/** Runs a workflow button: it opens 'Add Remarks' (8-row textarea), then the dialog's button confirms. */
async function step(page: Page, button: string, remark: string, success: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Add Remarks')).toBeVisible();
  await expect(dialog.getByLabel('Remark')).toHaveAttribute('rows', '8');
  await dialog.getByLabel('Remark').fill(remark);
  await dialog.getByRole('button', { name: button }).click();
  await expect(notification(page)).toHaveText(success);
}

test('a GRN list goes from warehouseAdmin to importAdmin to finance and its stock appears', async ({ page, api, adminToken }) => {
  test.setTimeout(180_000); // three sign-ins and a dozen steps on a shared 2-core machine
  const id = uniq();
  const grn = `GRN-${id}`;
  const admin = await adminToken();
  const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Incoming WH ${id}`, address: 'Bole' });
  const emails: Record<string, string> = {};
  for (const role of ['warehouseAdmin', 'importAdmin', 'finance']) {
    emails[role] = `${role.toLowerCase()}.${id}@example.com`;
    await api(admin, 'POST', '/users/register', {
      first_name: role, last_name: 'E2E', phone: '911223344', email: emails[role], role, password: PASSWORD,
      ...(role === 'warehouseAdmin' ? { warehouse: warehouse._id } : {}),
    });
  }
  const wa = (await api<{ token: string }>(admin, 'POST', '/users/login', { email: emails.warehouseAdmin, password: PASSWORD })).token;
  const category = await api<{ _id: string }>(wa, 'POST', '/productCategories/add', { name: `Cat ${id}`, description: 'd', specifications: ['Color'], quantity_measurement: ['pcs', 'box'] });
  const products = [];
  for (const n of [1, 2]) {
    products.push(await api<{ _id: string; name: string }>(wa, 'POST', '/products', {
      category: category._id, name: `Widget ${n} ${id}`, code: `W${n}-${id}`, description: 'd', specifications: [{ name: 'Color', value: 'Red' }],
      quantity: ['pcs', 'box'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
    }));
  }

  // warehouseAdmin: create the list, add two products, submit
  await signInAs(page, emails.warehouseAdmin);
  await menuItem(page, 'Incoming Inventory').click();
  await expect(page).toHaveURL(/\/incomingInventory$/);
  await page.getByRole('button', { name: 'Add New Incoming Lists' }).click();
  await page.getByRole('dialog').getByLabel('Remarks').fill('Shipment from the port');
  await page.getByRole('dialog').getByLabel('Ref./GRN/').fill(grn);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toHaveText('Incoming List Created Successfully');
  await expect(page).toHaveURL(/\/singleIncomingList\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('list-grn')).toContainText(grn);
  await expect(page.getByTestId('list-status')).toContainText('Draft');
  // an empty draft cannot be submitted (the server answers 409): no Submit List until a product is on it
  await expect(page.getByRole('button', { name: 'Add Product' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit List' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Product' }).click();
  for (const [i, product] of products.entries()) {
    await page.getByLabel('Search products').fill(product.name);
    const row = page.getByTestId('picker-row').filter({ hasText: product.name });
    await expect(page.getByTestId('picker-row')).toHaveCount(1);
    await row.getByLabel(`${product.name} pcs`).fill(String(10 * (i + 1)));
    if (i === 0) {
      // price and rate of the line: a rate over 100 is refused before sending
      await row.getByLabel(`${product.name} Purchased Price (ETB)`).fill('120.5');
      await row.getByLabel(`${product.name} Depreciation Rate (%)`).fill('101');
      await expect(row.getByText('Enter 0 to 100, at most 3 decimals')).toBeVisible();
      await row.getByLabel(`${product.name} Depreciation Rate (%)`).fill('10');
    }
    await row.getByRole('button', { name: `Add ${product.name}` }).click();
    await expect(notification(page)).toHaveText('Incoming List Updated Successfully');
    if (i === 0) await expect(page.getByRole('button', { name: 'Submit List' })).toBeVisible();
  }
  await expect(page.getByTestId('line-row')).toHaveCount(2);
  await expect(page.getByTestId('line-row').first()).toContainText('10 : pcs');
  await expect(page.getByTestId('line-row').first().getByTestId('line-price')).toHaveText('120.5');
  await expect(page.getByTestId('line-row').first().getByTestId('line-rate')).toHaveText('10');
  await expect(page.getByTestId('line-row').nth(1).getByTestId('line-rate')).toHaveText('–');

  await step(page, 'Submit List', 'Please confirm', 'Incoming List Submitted Successfully');
  await expect(page.getByText('List is already submitted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit List' })).toHaveCount(0);
  // the list's warehouseAdmin may still change lines while the import admin has not confirmed
  await expect(page.getByRole('button', { name: 'Hide Products' })).toBeVisible();

  // importAdmin: a badge of 1, confirm
  await signInAs(page, emails.importAdmin);
  await expect(menuItem(page, 'Incoming Inventory').locator('.MuiBadge-badge')).toHaveText('1');
  await menuItem(page, 'Incoming Inventory').click();
  await page.getByRole('row').filter({ hasText: grn }).getByRole('link', { name: `Open ${grn}` }).click();
  await expect(page).toHaveURL(/\/pendingIncoming\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await step(page, 'Confirm', 'Counted, all there', 'Import Admin Incoming List Confirmed Successfully');
  await expect(page.getByTestId('list-status')).toContainText('Pending Finance Approval');
  await expect(page.getByTestId('history-step').filter({ hasText: 'Confirmed' })).toBeVisible();
  await expect(menuItem(page, 'Incoming Inventory').locator('.MuiBadge-badge')).toHaveCount(0);

  // finance: a badge, approve
  await signInAs(page, emails.finance);
  await expect(menuItem(page, 'Incoming Inventory').locator('.MuiBadge-badge')).toHaveText('1');
  await menuItem(page, 'Incoming Inventory').click();
  await page.getByRole('row').filter({ hasText: grn }).getByRole('link', { name: `Open ${grn}` }).click();
  await step(page, 'Approve', 'Paid', 'Incoming List Approved Successfully');
  await expect(page.getByTestId('history-step').filter({ hasText: 'Approved' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(menuItem(page, 'Incoming Inventory').locator('.MuiBadge-badge')).toHaveCount(0);

  // Inventory shows the new stock; Transaction Range the incoming rows with the GRN
  await menuItem(page, 'Inventory', true).click();
  await page.getByLabel('Search by product name or description').fill(id);
  const stock = page.getByTestId('inventory-row');
  await expect(stock).toHaveCount(2);
  for (const [i, product] of products.entries()) {
    await expect(stock.filter({ hasText: product.name })).toContainText(`${10 * (i + 1)} : pcs`);
  }
  await menuItem(page, 'Transaction', true).click();
  await page.getByLabel('Search GRN').fill(grn);
  const txs = page.getByTestId('transaction-row');
  await expect(txs).toHaveCount(2);
  for (const [i, product] of products.entries()) {
    const row = txs.filter({ hasText: product.name });
    await expect(row).toContainText('Incoming');
    await expect(row).toContainText(`GRN: ${grn}`);
    await expect(row).toContainText(`${10 * (i + 1)} : pcs`);
  }
});
