import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, uiLogin, uniq, type ApiHelpers } from './fixtures';

/**
 * The incoming (GRN) and outgoing (GIN) list screens on react-admin's List: search, a
 * status filter kept in the URL, sorting by a header click on the server, paging by 10, the CSV
 * export and a detail page with every remark (author, time), the approval history and a back link.
 */
const PASSWORD = 'Store@Pass1';
const today = () => new Date().toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');
const rows = (page: Page) => page.locator('tbody tr');

async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await uiLogin(page, email, PASSWORD);
}

/** Registers `role` (tied to `warehouse` when given) and resolves to its email and token. */
async function staff({ api, apiLogin }: Pick<ApiHelpers, 'api' | 'apiLogin'>, admin: string, role: string, id: string, warehouse?: string) {
  const email = `${role.toLowerCase()}.lists.${id}@example.com`;
  await api(admin, 'POST', '/users/register', {
    first_name: role, last_name: 'Lists', phone: '911223344', email, role, password: PASSWORD, ...(warehouse ? { warehouse } : {}),
  });
  return { email, token: await apiLogin(email, PASSWORD) };
}

/** A product with stock of 100 pcs in `warehouse`, received by the warehouseAdmin `wa`. */
async function stockedProduct(api: ApiHelpers['api'], wa: string, warehouse: string, id: string) {
  const category = await api<{ _id: string }>(wa, 'POST', '/productCategories/add', { name: `Lists Cat ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs'] });
  const product = await api<{ _id: string }>(wa, 'POST', '/products', {
    category: category._id, name: `Lists Item ${id}`, code: `LI-${id}`, description: 'd', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
  });
  const received = await api<{ inventory: { _id: string } }>(wa, 'POST', '/inventory/incoming', { warehouse, product: product._id, quantity: [{ name: 'pcs', value: 100 }], grn: `GRN-STOCK-${id}` });
  return { product: product._id, inventory: received.inventory._id };
}

/** Picks `option` in the multiple Status filter and closes its menu. */
async function filterStatus(page: Page, option: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** Clicks Export and resolves to the downloaded file's name and its CSV lines (without the BOM). */
async function exportCsv(page: Page): Promise<{ filename: string; lines: string[] }> {
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloadPromise;
  const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  return { filename: download.suggestedFilename(), lines };
}

/** Clicks a column header and waits for the list request sorted by `field` in `order`. */
async function sortBy(page: Page, header: string, path: string, field: string, order: 'asc' | 'desc'): Promise<void> {
  const request = page.waitForRequest((r) => r.url().includes(path) && r.url().includes(`sort=${field}&order=${order}`));
  await page.locator('thead th').getByText(header, { exact: true }).click();
  await request;
}

test('incoming lists: search, status filter in the URL, header sort, paging, export and a detail page with remarks', async ({ page, api, apiLogin, adminToken }) => {
  test.setTimeout(120_000);
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string; name: string }>(admin, 'POST', '/warehouses', { name: `Lists WH ${id}`, address: 'Bole' });
  const wa = await staff({ api, apiLogin }, admin, 'warehouseAdmin', id, warehouse._id);
  const { product } = await stockedProduct(api, wa.token, warehouse._id, id);
  const grn = (n: number) => `GRN-${id}-${pad(n)}`;
  const ids: string[] = [];
  for (let n = 1; n <= 12; n++) {
    const created = await api<{ incoming_list: { _id: string }[] }>(wa.token, 'POST', '/incomingLists/create', { warehouse: warehouse._id, grn: grn(n), remarks: { content: `Shipment ${n}` } });
    ids.push(created.incoming_list[0]._id);
  }
  for (const n of [1, 2, 3]) {
    await api(wa.token, 'POST', '/incomingLists/product/add', { list_id: ids[n - 1], product, quantity: [{ name: 'pcs', value: n }] });
    await api(wa.token, 'POST', '/incomingLists/submit', { list_id: ids[n - 1], remark: { content: `Please confirm ${n}` } });
  }

  await signInAs(page, wa.email);
  await page.goto('/incomingInventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Incoming Lists' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New Incoming Lists' })).toBeVisible();
  // a warehouseAdmin sees one warehouse: no warehouse filter
  await expect(page.getByRole('combobox', { name: 'Warehouse' })).toHaveCount(0);
  const searched = page.waitForResponse((r) => r.url().includes('/api/incomingLists/all') && r.url().includes(`search=${id}`));
  await page.getByPlaceholder('Search GRN or creator').fill(id);
  await searched; // the debounced search has reached the server before paging
  await expect(page.getByText('1-10 of 12')).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first()).toContainText(grn(12)); // newest first
  await expect(rows(page).first()).toContainText('Shipment 12');
  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByText('11-12 of 12')).toBeVisible();

  await expect(page.getByRole('button', { name: 'Sort by GRN ascending' })).toBeVisible(); // the column's name as shown
  await sortBy(page, 'GRN', '/api/incomingLists/all', 'grn', 'asc');
  await expect(rows(page).first()).toContainText(grn(1));
  await expect(rows(page).first()).toContainText('warehouseAdmin Lists: Please confirm 1'); // the latest remark
  await expect(rows(page).first()).toContainText('Pending Import Admin Approval');
  await sortBy(page, 'GRN', '/api/incomingLists/all', 'grn', 'desc');
  await expect(rows(page).first()).toContainText(grn(12));

  await filterStatus(page, 'Pending Import Admin Approval');
  await expect(rows(page)).toHaveCount(3);
  await expect(page).toHaveURL(/pending_import_admin_approval/);
  await page.reload(); // the filters live in the URL
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).first()).toContainText(grn(3));

  const { filename, lines } = await exportCsv(page);
  expect(filename).toBe(`incoming_lists_${today()}.csv`);
  expect(lines[0]).toBe('GRN,Status,Created By,Created At,Remarks,Warehouse');
  expect(lines).toHaveLength(4); // the search and the status filter apply, in the list's order
  expect(lines[1]).toContain(`${grn(3)},Pending Import Admin Approval,warehouseAdmin Lists,`);

  // the detail page: every remark with its author and time, the approval history, the back link
  await rows(page).filter({ hasText: grn(2) }).getByRole('link', { name: `Open ${grn(2)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/singleIncomingList/${ids[1]}$`));
  await expect(page.getByTestId('list-warehouse')).toContainText(warehouse.name);
  const remarks = page.getByTestId('remark');
  await expect(remarks).toHaveCount(2);
  await expect(remarks.first()).toContainText('warehouseAdmin Lists');
  await expect(remarks.first()).toContainText('Shipment 2');
  await expect(remarks.first()).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}/);
  await expect(remarks.nth(1)).toContainText('Please confirm 2');
  const submitted = page.getByTestId('history-step').filter({ hasText: 'Submitted' });
  await expect(submitted).toContainText('warehouseAdmin Lists');
  await expect(page.getByTestId('history-step').filter({ hasText: 'Approved by finance' })).toContainText('–');
  await page.getByRole('link', { name: 'Back to Incoming Lists' }).click();
  await expect(page).toHaveURL(/\/incomingInventory/);
  await expect(rows(page)).toHaveCount(3); // the list keeps its filters
});

test('outgoing lists: customer search, status filter, header sort, paging, export and a detail page with the customer', async ({ page, api, apiLogin, adminToken }) => {
  test.setTimeout(120_000);
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string; name: string }>(admin, 'POST', '/warehouses', { name: `Out Lists WH ${id}`, address: 'Bole' });
  const wa = await staff({ api, apiLogin }, admin, 'warehouseAdmin', id, warehouse._id);
  const sales = await staff({ api, apiLogin }, admin, 'sales', id);
  const { product, inventory } = await stockedProduct(api, wa.token, warehouse._id, id);
  const phone = `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const customer = await api<{ _id: string }>(sales.token, 'POST', '/customers/create', { name: `Buyer ${id}`, company: 'Buyer PLC', address: 'Piassa', phone_no: [phone], email: `buyer.lists.${id}@example.com` });
  const gin = (n: number) => `GIN-${id}-${pad(n)}`;
  const ids: string[] = [];
  for (let n = 1; n <= 11; n++) {
    const created = await api<{ outgoing_list: { _id: string } }>(sales.token, 'POST', '/outgoingLists/create', { warehouse: warehouse._id, customer: customer._id, gin: gin(n), fs_number: `FS-${id}-${pad(n)}`, remarks: { content: `Order ${n}` } });
    ids.push(created.outgoing_list._id);
  }
  for (const n of [1, 2]) {
    await api(sales.token, 'POST', '/outgoingLists/product/add', { list_id: ids[n - 1], product, inventory, quantity: [{ name: 'pcs', value: n }], unitPrice: 100 });
    await api(sales.token, 'POST', '/outgoingLists/submit-for-sales-supervisor-approval', { list_id: ids[n - 1], remark: { content: `Check ${n}` } });
  }

  await signInAs(page, sales.email);
  await page.goto('/sales/outgoing');
  await expect(page.getByRole('button', { name: 'Add New Outgoing List' })).toBeVisible();
  // sales is tied to no warehouse: the warehouse filter is there
  await expect(page.getByRole('combobox', { name: 'Warehouse' })).toBeVisible();
  const search = page.getByPlaceholder('Search GIN, customer, phone, creator or FS number');
  const searched = page.waitForResponse((r) => r.url().includes('/api/outgoingLists/all') && r.url().includes('search='));
  await search.fill(phone); // the customer's phone finds its lists
  await searched;
  await expect(page.getByText('1-10 of 11')).toBeVisible();
  await expect(rows(page).first()).toContainText(gin(11));
  await expect(rows(page).first()).toContainText(`Buyer ${id}`);
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(gin(1));
  await expect(rows(page).first()).toContainText('100.00'); // the priced total: 1 pcs at 100 ETB

  await sortBy(page, 'GIN', '/api/outgoingLists/all', 'gin', 'asc');
  await expect(page.getByText('1-10 of 11')).toBeVisible(); // a new sort starts on page 1
  await expect(rows(page).first()).toContainText(gin(1));
  await sortBy(page, 'Fs Number', '/api/outgoingLists/all', 'fs_number', 'asc');
  await expect(rows(page).first()).toContainText(`FS-${id}-01`);

  await search.fill(`FS-${id}-02`); // FS number search
  await expect(rows(page)).toHaveCount(1);
  await search.fill(id);
  await filterStatus(page, 'Pending Sales Supervisor Approval');
  await expect(rows(page)).toHaveCount(2);
  await expect(page).toHaveURL(/pending_sales_supervisor_approval/);

  const { filename, lines } = await exportCsv(page);
  expect(filename).toBe(`outgoing_lists_${today()}.csv`);
  expect(lines[0]).toBe('GIN,Status,Customer,Created By,Created At,Remarks,Warehouse,FS No.,Lines,Total (ETB)');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`${gin(1)},Pending Sales Supervisor Approval,Buyer ${id},sales Lists,`);

  // the customer popup of a row
  await rows(page).first().getByRole('button', { name: `Buyer ${id}` }).click();
  await expect(page.getByRole('dialog')).toContainText(`Phone: +251 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // the detail page: customer, FS number, warehouse, remarks with author and time, history, back link
  await rows(page).filter({ hasText: gin(2) }).getByRole('link', { name: `Open ${gin(2)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/sales/outgoing/${ids[1]}$`));
  await expect(page.getByTestId('list-customer')).toContainText(`Buyer ${id}`);
  await expect(page.getByTestId('list-fs')).toContainText(`FS-${id}-02`);
  await expect(page.getByTestId('list-warehouse')).toContainText(warehouse.name);
  const remarks = page.getByTestId('remark');
  await expect(remarks).toHaveCount(2);
  await expect(remarks.nth(1)).toContainText('sales Lists');
  await expect(remarks.nth(1)).toContainText('Check 2');
  await expect(page.getByTestId('history-step').filter({ hasText: 'Created' })).toContainText('sales Lists');
  await expect(page.getByTestId('history-step').filter({ hasText: 'Submitted' })).toContainText('sales Lists'); // who submitted, not only when
  await page.getByRole('link', { name: 'Back to Outgoing Lists' }).click();
  await expect(page).toHaveURL(/\/sales\/outgoing/);
  await expect(rows(page)).toHaveCount(2);

  // a created-to day before today leaves nothing
  await page.getByLabel('Created to').fill('2000-01-01');
  await expect(page.getByText('No outgoing lists')).toBeVisible();
});
