import type { Page } from '@playwright/test';
import { ADMIN, expect, test, uiLogin, uniq } from './fixtures';

/**
 * Correcting a list in the browser: finance returns an outgoing list with a reason; its
 * creator (sales) sees the badge and "Returned by …: reason", fixes a line and resubmits; a
 * warehouseAdmin cancels a draft GRN, which the status filter then finds as Cancelled.
 */
const PASSWORD = 'Store@Pass1';
const notification = (page: Page) => page.locator('.MuiSnackbarContent-message');
const menuItem = (page: Page, name: string) => page.getByTestId('main-menu').getByRole('menuitem', { name });

async function signInAs(page: Page, email: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await uiLogin(page, email, PASSWORD);
}

/** Clicks `button`, checks that a blank reason is refused, then sends `reason`. */
async function correct(page: Page, button: string, reason: string, success: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Add Remarks')).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog.getByText('Give the reason')).toBeVisible(); // nothing sent without a reason
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(notification(page)).toHaveText(success);
}

test('finance returns an outgoing list with a reason; sales sees the badge and the reason, fixes a line and resubmits', async ({ page, api, adminToken }) => {
  test.setTimeout(150_000);
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Return WH ${id}`, address: 'Bole' });
  const emails: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  for (const role of ['warehouseAdmin', 'sales', 'salesSupervisor', 'finance']) {
    emails[role] = `${role.toLowerCase()}.return.${id}@example.com`;
    await api(admin, 'POST', '/users/register', {
      first_name: role, last_name: 'Fixer', phone: '911223344', email: emails[role], role, password: PASSWORD,
      ...(role === 'warehouseAdmin' ? { warehouse: warehouse._id } : {}),
    });
    tokens[role] = (await api<{ token: string }>(admin, 'POST', '/users/login', { email: emails[role], password: PASSWORD })).token;
  }
  const wa = tokens.warehouseAdmin;
  const category = await api<{ _id: string }>(wa, 'POST', '/productCategories/add', { name: `Return Cat ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs'] });
  const product = await api<{ _id: string; name: string }>(wa, 'POST', '/products', {
    category: category._id, name: `Kettle ${id}`, code: `KT-${id}`, description: 'd', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
  });
  const received = await api<{ inventory: { _id: string } }>(wa, 'POST', '/inventory/incoming', { warehouse: warehouse._id, product: product._id, quantity: [{ name: 'pcs', value: 50 }], grn: `GRN-RET-${id}` });
  const customer = await api<{ _id: string }>(tokens.sales, 'POST', '/customers/create', { name: `Return Buyer ${id}`, company: 'Buyer PLC', address: 'Piassa', phone_no: ['922334455'], email: `return.${id}@example.com` });
  const gin = `GIN-RET-${id}`;
  const list = (await api<{ outgoing_list: { _id: string } }>(tokens.sales, 'POST', '/outgoingLists/create', { warehouse: warehouse._id, customer: customer._id, gin })).outgoing_list._id;
  await api(tokens.sales, 'POST', '/outgoingLists/product/add', { list_id: list, product: product._id, inventory: received.inventory._id, quantity: [{ name: 'pcs', value: 30 }] });
  await api(tokens.sales, 'POST', '/outgoingLists/submit-for-sales-supervisor-approval', { list_id: list });
  await api(tokens.salesSupervisor, 'POST', '/outgoingLists/supervisor/approve-and-submit-for-finance-approval', { list_id: list });

  // finance: Return with a reason (a blank one is refused in the dialog)
  await signInAs(page, emails.finance);
  await page.goto(`/sales/outgoing/${list}`);
  await expect(page.getByTestId('list-status')).toContainText('Pending Finance Approval');
  await expect(page.getByRole('button', { name: 'Cancel List' })).toHaveCount(0); // finance cancels only approved lists
  await correct(page, 'Return', 'Only 20 pcs were ordered', 'Outgoing List Returned Successfully');
  await expect(page.getByTestId('list-status')).toContainText('Draft');
  await expect(page.getByRole('button', { name: 'Return', exact: true })).toHaveCount(0);

  // sales: the badge counts the returned list; the list says who returned it, when and why
  await signInAs(page, emails.sales);
  await expect(menuItem(page, 'Outgoing Inventory').locator('.MuiBadge-badge')).toHaveText('1');
  await page.goto(`/sales/outgoing/${list}`);
  await expect(page.getByTestId('returned-notice')).toContainText(/Returned by finance Fixer on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M: Only 20 pcs were ordered/);
  await page.getByRole('button', { name: `Edit ${product.name}` }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel(`${product.name} pcs`).fill('20');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toHaveText('Product Updated Successfully');
  await expect(page.getByTestId('line-row').first()).toContainText('20 : pcs');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(notification(page)).toHaveText('Outgoing List Submitted Successfully');
  await expect(page.getByTestId('returned-notice')).toHaveCount(0); // the resubmission clears the return
  await expect(page.getByTestId('list-status')).toContainText('Pending Sales Supervisor Approval');
  await expect(menuItem(page, 'Outgoing Inventory').locator('.MuiBadge-badge')).toHaveCount(0);

  // leave nothing pending for the other specs' badge counts: the supervisor returns it, sales cancels it
  await api(tokens.salesSupervisor, 'POST', '/outgoingLists/return', { list_id: list, remark: 'Not needed after all' });
  await api(tokens.sales, 'POST', '/outgoingLists/cancel', { list_id: list, remark: 'Customer withdrew' });
});

test('a warehouseAdmin cancels a draft GRN with a reason; the status filter finds it as Cancelled', async ({ page, api, adminToken }) => {
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Cancel WH ${id}`, address: 'Adama' });
  const email = `wa.cancel.${id}@example.com`;
  await api(admin, 'POST', '/users/register', { first_name: 'Wa', last_name: 'Cancel', phone: '911223344', email, role: 'warehouseAdmin', password: PASSWORD, warehouse: warehouse._id });
  const wa = (await api<{ token: string }>(admin, 'POST', '/users/login', { email, password: PASSWORD })).token;
  const grn = `GRN-CXL-${id}`;
  const created = await api<{ incoming_list: { _id: string }[] }>(wa, 'POST', '/incomingLists/create', { warehouse: warehouse._id, grn });
  const list = created.incoming_list[0]._id;

  await signInAs(page, email);
  await page.goto(`/singleIncomingList/${list}`);
  await correct(page, 'Cancel List', 'Duplicate of another GRN', 'Incoming List Cancelled Successfully');
  await expect(page.getByTestId('list-status')).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel List' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Product' })).toHaveCount(0); // nothing more to edit
  await expect(page.getByTestId('history-step').filter({ hasText: 'Cancelled' })).toContainText('Wa Cancel');

  await page.goto('/incomingInventory');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').first()).toContainText(grn);
});

test('a warehouseAdmin reverses a mistaken direct receipt with a reason; Transaction Range shows the reversal linked to it', async ({ page, api, adminToken }) => {
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Reverse WH ${id}`, address: 'Dire Dawa' });
  const email = `wa.reverse.${id}@example.com`;
  await api(admin, 'POST', '/users/register', { first_name: 'Wa', last_name: 'Reverse', phone: '911223344', email, role: 'warehouseAdmin', password: PASSWORD, warehouse: warehouse._id });
  const wa = (await api<{ token: string }>(admin, 'POST', '/users/login', { email, password: PASSWORD })).token;
  const category = await api<{ _id: string }>(wa, 'POST', '/productCategories/add', { name: `Reverse Cat ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs'] });
  const product = await api<{ _id: string; code: string }>(wa, 'POST', '/products', {
    category: category._id, name: `Lamp ${id}`, code: `LP-${id}`, description: 'd', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
  });
  const grn = `GRN-REV-${id}`;
  await api(wa, 'POST', '/inventory/incoming', { warehouse: warehouse._id, product: product._id, quantity: [{ name: 'pcs', value: 12 }], grn });

  await signInAs(page, email);
  await page.goto('/transactionRange');
  await page.getByLabel('Search Product').fill(product.code);
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Receipt');
  await correct(page, 'Reverse', 'Received twice by mistake', 'Movement reversed');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Reversal');
  await expect(rows.nth(0)).toContainText(`Reverses GRN: ${grn}`);
  await expect(rows.nth(1)).toContainText('Reversed');
  await expect(page.getByRole('button', { name: 'Reverse', exact: true })).toHaveCount(0); // once only
  // the 12 pcs are off the shelf again
  await page.goto('/inventoryInAllWarehouse');
  await page.getByLabel('Search by product name or description').fill(`Lamp ${id}`);
  const item = page.getByTestId('inventory-row');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('0 : pcs');
});

test('a warehouseAdmin records a customer return of a delivered list and downloads its credit note', async ({ page, api, adminToken }) => {
  test.setTimeout(120_000);
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Back WH ${id}`, address: 'Hawassa' });
  const emails: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  for (const role of ['warehouseAdmin', 'sales', 'salesSupervisor', 'finance']) {
    emails[role] = `${role.toLowerCase()}.back.${id}@example.com`;
    await api(admin, 'POST', '/users/register', {
      first_name: role, last_name: 'Back', phone: '911223344', email: emails[role], role, password: PASSWORD,
      ...(role === 'warehouseAdmin' ? { warehouse: warehouse._id } : {}),
    });
    tokens[role] = (await api<{ token: string }>(admin, 'POST', '/users/login', { email: emails[role], password: PASSWORD })).token;
  }
  const wa = tokens.warehouseAdmin;
  const category = await api<{ _id: string }>(wa, 'POST', '/productCategories/add', { name: `Back Cat ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs'] });
  const product = await api<{ _id: string; name: string }>(wa, 'POST', '/products', {
    category: category._id, name: `Heater ${id}`, code: `HT-${id}`, description: 'd', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
  });
  const received = await api<{ inventory: { _id: string } }>(wa, 'POST', '/inventory/incoming', { warehouse: warehouse._id, product: product._id, quantity: [{ name: 'pcs', value: 40 }], grn: `GRN-BACK-${id}` });
  const customer = await api<{ _id: string }>(tokens.sales, 'POST', '/customers/create', { name: `Back Buyer ${id}`, company: 'Buyer PLC', address: 'Piassa', phone_no: ['922334455'], email: `back.${id}@example.com` });
  const list = (await api<{ outgoing_list: { _id: string } }>(tokens.sales, 'POST', '/outgoingLists/create', { warehouse: warehouse._id, customer: customer._id, gin: `GIN-BACK-${id}` })).outgoing_list._id;
  await api(tokens.sales, 'POST', '/outgoingLists/product/add', { list_id: list, product: product._id, inventory: received.inventory._id, quantity: [{ name: 'pcs', value: 10 }], unitPrice: 230 });
  await api(tokens.sales, 'POST', '/outgoingLists/submit-for-sales-supervisor-approval', { list_id: list });
  await api(tokens.salesSupervisor, 'POST', '/outgoingLists/supervisor/approve-and-submit-for-finance-approval', { list_id: list });
  await api(tokens.finance, 'POST', '/outgoingLists/return', { list_id: list, remark: 'Check the heater price' });
  await api(tokens.sales, 'POST', '/outgoingLists/submit-for-sales-supervisor-approval', { list_id: list });
  await api(tokens.salesSupervisor, 'POST', '/outgoingLists/supervisor/approve-and-submit-for-finance-approval', { list_id: list });
  await api(tokens.finance, 'POST', '/outgoingLists/approve', { list_id: list });
  await api(wa, 'POST', '/outgoingLists/delivery/confirm', { list_id: list });

  await signInAs(page, emails.warehouseAdmin);
  await page.goto(`/sales/outgoing/${list}`);
  await expect(page.getByTestId('list-status')).toContainText('Delivered');
  await page.getByRole('button', { name: 'Record Customer Return' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('May still come back: 10 pcs');
  await dialog.getByLabel(`${product.name} pcs`).fill('11');
  await expect(dialog.getByRole('alert')).toHaveText('A quantity is more than may still come back');
  await dialog.getByLabel(`${product.name} pcs`).fill('3');
  await dialog.getByRole('button', { name: 'Record Return' }).click();
  await expect(dialog.getByText('Give the reason')).toBeVisible(); // nothing sent without a reason
  await dialog.getByLabel('Reason').fill('Three heaters arrived broken');
  await dialog.getByRole('button', { name: 'Record Return' }).click();
  await expect(notification(page)).toHaveText('Customer Return Recorded Successfully');
  const recorded = page.getByTestId('customer-return');
  await expect(recorded).toHaveCount(1);
  await expect(recorded).toContainText('Returned by warehouseAdmin Back');
  await expect(recorded).toContainText('Three heaters arrived broken');
  await expect(recorded).toContainText(`${product.name} (HT-${id}): 3 pcs`);
  const [download] = await Promise.all([page.waitForEvent('download'), recorded.getByRole('button', { name: 'Credit Note' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^credit-note-GIN-BACK-.*\.pdf$/);
  const pdf = await download.createReadStream().then(async (s) => {
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // the list's own change history shows the return
  await expect(page.getByTestId('history-event').first()).toContainText('Customer return');
  // the 3 pcs are back on the shelf: 40 received, 10 delivered, 3 returned
  await page.goto('/inventoryInAllWarehouse');
  await page.getByLabel('Search by product name or description').fill(product.name);
  await expect(page.getByTestId('inventory-row')).toContainText('33 : pcs');

  // admin finds finance's return and the customer return in the Audit Log, by the list's id
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await menuItem(page, 'Audit Log').click();
  await page.getByLabel('Record id').fill(list);
  const rows = page.getByTestId('audit-row');
  const action = (name: string) => rows.filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(action('Customer return')).toContainText('Three heaters arrived broken');
  await expect(action('Customer return')).toContainText('warehouseAdmin Back');
  await expect(action('Returned')).toContainText('Check the heater price');
  await expect(action('Returned')).toContainText('finance Back');
});
