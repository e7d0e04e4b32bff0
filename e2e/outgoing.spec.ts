import type { Page } from '@playwright/test';
import { expect, test, uiLogin, uniq } from './fixtures';

const PASSWORD = 'Store@Pass1';
const notification = (page: Page) => page.locator('.MuiSnackbarContent-message');
const menuItem = (page: Page, name: string, exact = false) => page.getByTestId('main-menu').getByRole('menuitem', { name, exact });

async function signInAs(page: Page, email: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await uiLogin(page, email, PASSWORD);
}

/** Runs a workflow button: it opens 'Add Remarks' (8-row textarea), then the dialog's button confirms. */
async function step(page: Page, button: string, remark: string, success: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Add Remarks')).toBeVisible();
  await expect(dialog.getByLabel('Remark')).toHaveAttribute('rows', '8');
  await dialog.getByLabel('Remark').fill(remark);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(notification(page)).toHaveText(success);
}

/** Opens the list with `gin` from /sales/outgoing through the menu. */
async function openList(page: Page, gin: string): Promise<void> {
  await menuItem(page, 'Outgoing Inventory').click();
  await expect(page).toHaveURL(/\/sales\/outgoing$/);
  await page.getByRole('row').filter({ hasText: gin }).getByRole('link', { name: `Open ${gin}` }).click();
  await expect(page).toHaveURL(/\/sales\/outgoing\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('list-gin')).toContainText(gin);
}

test('a GIN list goes from sales to the supervisor, finance and delivery, and the stock goes down', async ({ page, api, adminToken }) => {
  test.setTimeout(180_000); // four sign-ins and a dozen steps on a shared 2-core machine
  const id = uniq();
  const gin = `GIN-${id}`;
  const admin = await adminToken();
  const warehouse = await api<{ _id: string; name: string }>(admin, 'POST', '/warehouses', { name: `Outgoing WH ${id}`, address: 'Bole' });
  const emails: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  for (const role of ['warehouseAdmin', 'sales', 'salesSupervisor', 'finance']) {
    emails[role] = `${role.toLowerCase()}.${id}@example.com`;
    await api(admin, 'POST', '/users/register', {
      first_name: role, last_name: 'E2E', phone: '911223344', email: emails[role], role, password: PASSWORD,
      ...(role === 'warehouseAdmin' ? { warehouse: warehouse._id } : {}),
    });
    tokens[role] = (await api<{ token: string }>(admin, 'POST', '/users/login', { email: emails[role], password: PASSWORD })).token;
  }
  const wa = tokens.warehouseAdmin;
  const category = await api<{ _id: string }>(wa, 'POST', '/productCategories/add', { name: `Cat ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs', 'box'] });
  const products: { _id: string; name: string; inventory: string }[] = [];
  for (const n of [1, 2]) {
    const p = await api<{ _id: string; name: string }>(wa, 'POST', '/products', {
      category: category._id, name: `Gadget ${n} ${id}`, code: `G${n}-${id}`, description: 'd', specifications: [],
      quantity: ['pcs', 'box'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
    });
    const received = await api<{ inventory: { _id: string } }>(wa, 'POST', '/inventory/incoming', { warehouse: warehouse._id, product: p._id, quantity: [{ name: 'pcs', value: 20 }], grn: `GRN-${n}-${id}` });
    products.push({ ...p, inventory: received.inventory._id });
  }
  const customerName = `Customer ${id}`;
  const { _id: customerId } = await api<{ _id: string }>(tokens.sales, 'POST', '/customers/create', { name: customerName, company: 'Buyer PLC', address: 'Piassa', phone_no: ['922334455'], email: `buyer.${id}@example.com` });

  // sales: create the list for the customer, add two products, submit
  await signInAs(page, emails.sales);
  await menuItem(page, 'Outgoing Inventory').click();
  await page.getByRole('button', { name: 'Add New Outgoing List' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('New Outgoing List')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Warehouse' }).click();
  await page.getByRole('option', { name: warehouse.name }).click();
  await dialog.getByLabel(/^Customer/).fill(`buyer.${id}`);
  await page.getByRole('option', { name: new RegExp(customerName) }).click();
  await dialog.getByLabel('Fs Number').fill(`FS-${id}`);
  await dialog.getByLabel('Remarks').fill('Deliver by Friday');
  await dialog.getByLabel(/^GIN/).fill(gin);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toHaveText('Outgoing List Created Successfully');
  await expect(page).toHaveURL(/\/sales\/outgoing\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('list-status')).toContainText('Draft');
  // the server refuses to submit an empty list, so the button waits for the first line
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toHaveCount(0);

  // line edits show their answer (the row and the changed line): the list is not read again
  const listReads: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/outgoingLists/one/')) listReads.push(r.url()); });
  for (const [i, product] of products.entries()) {
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByLabel('Search products').fill(product.name);
    await expect(page.getByTestId('stock-row')).toHaveCount(1);
    await page.getByRole('button', { name: `Add ${product.name}` }).click();
    const add = page.getByRole('dialog');
    await expect(add.getByRole('heading', { name: 'Add Product to Outgoing List' })).toBeVisible();
    await add.getByLabel(`${product.name} pcs`).fill(String(3 * (i + 1)));
    if (i === 0) {
      await expect(add.getByText('Optional; price of one pcs, VAT included')).toBeVisible();
      await add.getByLabel('Price of one pcs (ETB)').fill('1250.5');
    }
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page)).toHaveText('Product Added Successfully');
    await expect(page.getByTestId('line-row')).toHaveCount(i + 1);
  }
  await expect(page.getByTestId('line-row').first()).toContainText('3 : pcs');
  await expect(page.getByTestId('line-row').first()).toContainText('Image unavailable');
  await expect(page.getByTestId('line-price')).toHaveText(['1,250.50', '']);
  // the edit dialog is prefilled with the unit price and sends the new one
  await page.getByRole('button', { name: `Edit ${products[0].name}` }).click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByText('Edit Outgoing List')).toBeVisible();
  await expect(edit.getByLabel('Price of one pcs (ETB)')).toHaveValue('1250.5');
  await edit.getByLabel('Price of one pcs (ETB)').fill('1300');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toHaveText('Product Updated Successfully');
  await expect(page.getByTestId('line-price').first()).toHaveText('1,300.00');
  expect(listReads).toEqual([]);
  await step(page, 'Submit', 'Please check', 'Outgoing List Submitted Successfully');
  await expect(page.getByTestId('list-status')).toContainText('Pending Sales Supervisor Approval');

  // the supervisor confirms (badge 1), finance approves (badge 1)
  await signInAs(page, emails.salesSupervisor);
  await expect(menuItem(page, 'Outgoing Inventory').locator('.MuiBadge-badge')).toHaveText('1');
  await openList(page, gin);
  await step(page, 'Confirm', 'Prices checked', 'Supervisor List Confirmed Successfully');
  await expect(page.getByTestId('list-status')).toContainText('Pending Finance Approval');

  await signInAs(page, emails.finance);
  await expect(menuItem(page, 'Outgoing Inventory').locator('.MuiBadge-badge')).toHaveText('1');
  await openList(page, gin);
  await step(page, 'Approve', 'Paid in full', 'Outgoing List Approved Successfully');
  await expect(page.getByTestId('list-status')).toContainText('Approved');

  // the warehouseAdmin's badge counts the approved list awaiting delivery; it confirms delivery and downloads the delivery note
  await signInAs(page, emails.warehouseAdmin);
  await expect(menuItem(page, 'Outgoing Inventory').locator('.MuiBadge-badge')).toHaveText('1');
  await openList(page, gin);
  await expect(page.getByRole('button', { name: 'Delivery Note' })).toHaveCount(0);
  await step(page, 'Confirm Delivery', 'Loaded', 'Delivery Confirmed Successfully');
  await expect(page.getByTestId('list-status')).toContainText('Delivered');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Delivery Note' }).click();
  expect((await download).suggestedFilename()).toBe('invoice.pdf');
  // no invoice while a line has no unit price: the button says why
  const reason = `Set a unit price on every line to print the invoice: ${products[1].name} (G2-${id})`;
  await expect(page.getByRole('button', { name: 'Invoice' })).toBeDisabled();
  await expect(page.getByTestId('invoice-reason')).toHaveText(reason);
  await expect(page.getByRole('button', { name: 'Invoice' })).toHaveAccessibleDescription(reason);

  // Inventory shows the lower stock; Transaction Range the outgoing rows with the customer
  await menuItem(page, 'Inventory', true).click();
  await page.getByLabel('Search by product name or description').fill(id);
  // the debounced search is in the URL before the page is left: a late one could bring it back
  await expect(page).toHaveURL((url) => (url.searchParams.get('filter') ?? '').includes(id));
  const stock = page.getByTestId('inventory-row');
  await expect(stock).toHaveCount(2);
  for (const [i, left] of [17, 14].entries()) {
    await expect(stock.filter({ hasText: products[i].name })).toContainText(`${left} : pcs`);
  }
  await menuItem(page, 'Transaction', true).click();
  await page.getByLabel('Search GIN').fill(gin);
  const txs = page.getByTestId('transaction-row');
  await expect(txs).toHaveCount(2);
  for (const [i, taken] of [3, 6].entries()) {
    const row = txs.filter({ hasText: products[i].name });
    await expect(row).toContainText('Outgoing');
    await expect(row).toContainText(`GIN: ${gin}`);
    await expect(row).toContainText(`To: ${customerName} (+251 922 334 455)`); // the one phone format
    await expect(row).toContainText(`${taken} : pcs`);
  }

  // a delivered list with a unit price on every line downloads its invoice (only when its request succeeds)
  const priced = await api<{ outgoing_list: { _id: string } }>(tokens.sales, 'POST', '/outgoingLists/create', { warehouse: warehouse._id, customer: customerId, gin: `${gin}-P` });
  const pricedId = priced.outgoing_list._id;
  await api(tokens.sales, 'POST', '/outgoingLists/product/add', { list_id: pricedId, product: products[0]._id, inventory: products[0].inventory, quantity: [{ name: 'pcs', value: 1 }], unitPrice: 99.5 });
  for (const [role, path] of [['sales', 'submit-for-sales-supervisor-approval'], ['salesSupervisor', 'supervisor/approve-and-submit-for-finance-approval'], ['finance', 'approve'], ['warehouseAdmin', 'delivery/confirm']]) {
    await api(tokens[role], 'POST', `/outgoingLists/${path}`, { list_id: pricedId });
  }
  await page.goto(`/sales/outgoing/${pricedId}`);
  await expect(page.getByTestId('invoice-reason')).toHaveCount(0);
  const invoice = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Invoice' }).click();
  expect((await invoice).suggestedFilename()).toBe(`invoice-${gin}-P.pdf`);
});
