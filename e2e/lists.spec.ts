import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN, expect, test, uiLogin, uniq } from './fixtures';

const today = () => new Date().toISOString().slice(0, 10);

/** Clicks the list's `button` (Export or Excel) and resolves to the downloaded file's name and path. */
async function download(page: Page, button: 'Export' | 'Excel'): Promise<{ name: string; path: string }> {
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const file = await downloadPromise;
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

/** The CSV's lines without the byte order mark. */
const csvLines = (path: string) => readFileSync(path, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);

/**
 * List machinery: on /viewUser a column header click sorts on the server (the request
 * carries `sort`/`order`, the first row changes), and Export downloads the server's CSV for the
 * current search and sort.
 */
test('admin sorts the staff list by a header click and exports it as CSV', async ({ page, api, adminToken }) => {
  const id = uniq();
  const phone = () => `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const staff = [`Abebe${id}`, `Yonas${id}`]; // created in this order: the newest (Yonas) is first by default
  for (const first_name of staff) {
    await api(await adminToken(), 'POST', '/users/register', {
      first_name, last_name: 'Bekele', phone: phone(), email: `${first_name.toLowerCase()}@example.com`, role: 'sales', password: 'Sales@Pass1',
    });
  }
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto('/viewUser');
  await expect(page.locator('tbody tr').first()).toHaveText(/\w/); // rows loaded (not the skeleton): the filter form listens
  await page.getByPlaceholder('Search').fill(id);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(staff[1]);

  const ascending = page.waitForRequest((r) => /\/api\/users\?.*sort=first_name&order=asc/.test(r.url()));
  await page.locator('thead th').getByText('First Name', { exact: true }).click();
  await ascending;
  await expect(rows.first()).toContainText(staff[0]);
  await expect(rows.nth(1)).toContainText(staff[1]);

  const descending = page.waitForRequest((r) => /\/api\/users\?.*sort=first_name&order=desc/.test(r.url()));
  await page.locator('thead th').getByText('First Name', { exact: true }).click();
  await descending;
  await expect(rows.first()).toContainText(staff[1]);

  const csv = await download(page, 'Export');
  expect(csv.name).toBe(`staff_${today()}.csv`);
  const lines = csvLines(csv.path);
  expect(lines[0]).toBe('First Name,Father Name,Role,Phone Number,Email,Warehouse');
  expect(lines).toHaveLength(3); // the search applies: the two staff members, in the list's order
  expect(lines[1]).toContain(`${staff[1]},Bekele,`);
  expect(lines[1]).toContain(`${staff[1].toLowerCase()}@example.com`);
  expect(lines[2]).toContain(`${staff[0]},Bekele,`);

  const xlsx = await download(page, 'Excel');
  expect(xlsx.name).toBe(`staff_${today()}.xlsx`);
  expect(readFileSync(xlsx.path).subarray(0, 2).toString()).toBe('PK'); // a zip: the workbook
});

test('admin sorts the customer list by Company name and exports it as CSV', async ({ page, api, adminToken }) => {
  const id = uniq();
  const customers = [{ name: `Almaz${id}`, company: `Zebra${id} PLC` }, { name: `Tigist${id}`, company: `Acacia${id} PLC` }];
  for (const [i, c] of customers.entries()) {
    await api(await adminToken(), 'POST', '/customers/create', { ...c, address: 'Piassa', phone_no: [`91${i}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`], email: `${c.name.toLowerCase()}@example.com` });
  }
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto('/customers/list');
  await expect(page.locator('tbody tr').first()).toHaveText(/\w/); // rows loaded (not the skeleton): the filter form listens
  await page.getByPlaceholder('Search').fill(id);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(customers[1].name); // newest first

  const byCompany = page.waitForRequest((r) => /\/api\/customers\/all\?.*sort=company&order=asc/.test(r.url()));
  await page.locator('thead th').getByText('Company name').click();
  await byCompany;
  await expect(rows.first()).toContainText(customers[1].company);
  await page.locator('thead th').getByText('Full name').click();
  await expect(rows.first()).toContainText(customers[0].name);

  const csv = await download(page, 'Export');
  expect(csv.name).toBe(`customers_${today()}.csv`);
  const lines = csvLines(csv.path);
  expect(lines[0]).toBe('Full name,Company name,Address,Phone Number,Email,TIN');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`${customers[0].name},${customers[0].company},Piassa,`);
  expect(lines[2]).toContain(`${customers[1].name},${customers[1].company},Piassa,`);
});

test('sales searches the customer list; phones read +251 9XX XXX XXX', async ({ page, api, adminToken }) => {
  const id = uniq();
  const admin = await adminToken();
  const email = `sales.lists.${id}@example.com`;
  await api(admin, 'POST', '/users/register', { first_name: 'Sa', last_name: 'Lists', phone: '911223344', email, role: 'sales', password: 'Sales@Pass1' });
  await api(admin, 'POST', '/customers/create', { name: `Hana${id}`, company: `Hana${id} PLC`, phone_no: ['911002233'], email: `hana.${id}@example.com` });
  await uiLogin(page, email, 'Sales@Pass1');
  await page.goto('/customers/list');
  await expect(page.locator('tbody tr').first()).toHaveText(/\w/); // rows loaded (not the skeleton): the filter form listens
  await page.getByPlaceholder('Search').fill(`hana${id}`);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Hana${id} PLC`);
  await expect(rows.first()).toContainText('+251 911 002 233');
});

test('products: a header click sorts on the server, Export and Excel download the sorted search', async ({ page, api, apiLogin, adminToken }) => {
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Lists WH ${id}`, address: 'Bahir Dar' });
  const email = `wa.lists.${id}@example.com`;
  await api(admin, 'POST', '/users/register', { first_name: 'Wa', last_name: 'Lists', phone: '911223344', email, role: 'warehouseAdmin', password: 'Store@Pass1', warehouse: warehouse._id });
  const wa = await apiLogin(email, 'Store@Pass1');
  const category = async (name: string) =>
    (await api<{ _id: string }>(wa, 'POST', '/productCategories/add', { name, description: 'd', specifications: [], quantity_measurement: ['pcs'] }))._id;
  const products = [
    { name: `Alpha${id}`, code: `AL-${id}`, category: `Zcat${id}` },
    { name: `Zeta${id}`, code: `ZT-${id}`, category: `Acat${id}` }, // created last: first by default (newest first)
  ];
  for (const p of products) {
    await api(wa, 'POST', '/products', {
      category: await category(p.category), name: p.name, code: p.code, description: `lists ${id}`, quantity: ['pcs'],
      buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
    });
  }
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto('/viewProduct');
  await expect(page.locator('tbody tr').first()).toHaveText(/\w/); // rows loaded (not the skeleton): the filter form listens
  await page.getByLabel('Search products').fill(`lists ${id}`);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(products[1].name);

  const byName = page.waitForRequest((r) => /\/api\/products\?.*query=lists.*sort=name&order=asc/.test(r.url()));
  await page.locator('thead th').getByText('Name', { exact: true }).click();
  await byName;
  await expect(rows.first()).toContainText(products[0].name);

  const byCategory = page.waitForRequest((r) => /\/api\/products\?.*sort=category&order=asc/.test(r.url()));
  await page.locator('thead th').getByText('Category', { exact: true }).click();
  await byCategory;
  await expect(rows.first()).toContainText(products[1].name); // Acat… before Zcat…

  const csv = await download(page, 'Export');
  expect(csv.name).toBe(`products_${today()}.csv`);
  const lines = csvLines(csv.path);
  expect(lines[0]).toBe('Name,Code,Description,Category,Specifications,Quantity Measurement');
  expect(lines).toEqual([lines[0], `${products[1].name},${products[1].code},lists ${id},${products[1].category},,pcs`, `${products[0].name},${products[0].code},lists ${id},${products[0].category},,pcs`]);
  const xlsx = await download(page, 'Excel');
  expect(xlsx.name).toBe(`products_${today()}.xlsx`);
});

test('Save on an untouched form is enabled and shows the field messages; nothing is sent', async ({ page, api, adminToken }) => {
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Forms WH ${id}`, address: 'Gondar' });
  const email = `wa.forms.${id}@example.com`;
  await api(admin, 'POST', '/users/register', { first_name: 'Wa', last_name: 'Forms', phone: '911223344', email, role: 'warehouseAdmin', password: 'Store@Pass1', warehouse: warehouse._id });
  const writes: string[] = [];
  page.on('request', (r) => {
    // the forms' own writes (the dashboard's statistics are read with POST)
    if (r.method() !== 'GET' && /\/api\/(warehouses|users\/register|products)/.test(r.url())) writes.push(`${r.method()} ${r.url()}`);
  });
  const untouchedSave = async (path: string, messages: string[]) => {
    await page.goto(path);
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();
    await save.click();
    for (const message of messages) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  };

  await uiLogin(page, ADMIN.email, ADMIN.password);
  await untouchedSave('/addWarehouse', ['Missing Warehouse Name', 'Missing Warehouse Address']);
  await untouchedSave('/userRegistration', ['First Name is required', 'Father Name is required', 'Phone Number is required', 'Email is required', 'Role is required', 'Password is Required']);
  await page.getByRole('button', { name: 'Logout' }).click();
  await uiLogin(page, email, 'Store@Pass1');
  await untouchedSave('/addProduct', ['Missing Product Category', 'Missing Product Name', 'Missing Product Code', 'Missing Product Description', 'Missing Product Quantity Measurement', 'Missing Buffer Stock']);
  expect(writes).toEqual([]);
});

test('staff list: the own row has no Delete or Reset Password; View Users in the menu resets the filters', async ({ page, api, adminToken }) => {
  const id = uniq();
  await api(await adminToken(), 'POST', '/users/register', {
    first_name: `Own${id}`, last_name: 'Row', phone: '911223344', email: `own.${id}@example.com`, role: 'sales', password: 'Sales@Pass1',
  });
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto('/viewUser');
  const mine = page.getByRole('row').filter({ hasText: ADMIN.email });
  const other = page.getByRole('row').filter({ hasText: `own.${id}@example.com` });
  await expect(page.locator('tbody tr').first()).toHaveText(/\w/); // rows loaded (not the skeleton): the filter form listens
  await page.getByPlaceholder('Search').fill(ADMIN.email);
  await expect(mine.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);
  await page.getByPlaceholder('Search').fill(`own.${id}`);
  await expect(other.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Reset Password' })).toBeVisible();

  await page.getByPlaceholder('Search').fill(`nobody-${id}`);
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Removed' }).click();
  await expect(page).toHaveURL(/filter=.*removed/);
  await page.getByTestId('main-menu').getByRole('menuitem', { name: 'View Users' }).click();
  await expect(page).toHaveURL(/\/viewUser$/);
  await expect(page.getByPlaceholder('Search')).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Active');
  await expect(other).toBeVisible(); // the newest staff member, on the first page of the default view

  await page.getByTestId('main-menu').getByRole('menuitem', { name: 'Dashboard' }).click();
  await page.getByTestId('main-menu').getByRole('menuitem', { name: 'View Users' }).click();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Active');
  await expect(page.getByPlaceholder('Search')).toHaveValue('');
});
