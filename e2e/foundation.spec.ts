import { ADMIN, expect, menuTitles, test, uiLogin, uniq } from './fixtures';

/** Side menus of spec 2 ("Side menu per role"), in order, plus Report (/report) for the roles holding reports.read. */
const MENUS: Record<string, string[]> = {
  admin: ['Dashboard', 'User Registration', 'View Users', 'View Products', 'Add Warehouse', 'View Warehouse', 'View Category', 'Inventory', 'Transaction', 'Report', 'Transfers', 'Stock Counts', 'Adjustments', 'Import', 'Audit Log'],
  warehouseAdmin: ['Dashboard', 'Add Product', 'View Products', 'View Warehouse', 'Add Category', 'View Category', 'Incoming Inventory', 'Outgoing Inventory', 'Inventory', 'Transaction', 'Transfers', 'Stock Counts', 'Adjustments', 'Import'],
  sales: ['Dashboard', 'View Customers', 'Add Customer', 'View Products', 'Outgoing Inventory', 'Transaction', 'Inventory', 'Import'],
  finance: ['Dashboard', 'View Products', 'Incoming Inventory', 'Outgoing Inventory', 'Inventory', 'Transaction', 'Report', 'Transfers', 'Stock Counts', 'Adjustments', 'Import', 'Audit Log'],
  importAdmin: ['Dashboard', 'View Products', 'Incoming Inventory', 'Inventory', 'Transaction'],
  salesSupervisor: ['Dashboard', 'View Products', 'Inventory', 'Outgoing Inventory', 'Transaction'],
};

const notification = (page: import('@playwright/test').Page) => page.locator('.MuiSnackbarContent-message');

test('admin creates a warehouse and a warehouseAdmin through the UI; that user signs in with its menu', async ({ page }) => {
  const id = uniq();
  const warehouse = `E2E Warehouse ${id}`;
  const email = `wa.${id}@example.com`;
  const password = 'Store@Pass1';

  await uiLogin(page, ADMIN.email, ADMIN.password);
  expect(await menuTitles(page)).toEqual(MENUS.admin);

  await page.getByTestId('main-menu').getByRole('menuitem', { name: 'Add Warehouse' }).click();
  await expect(page).toHaveURL(/\/addWarehouse$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Warehouse' })).toBeVisible();
  await page.getByLabel('Name').fill(warehouse);
  await page.getByLabel('Address').fill('Bole Road, Addis Ababa');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toHaveText('Warehouse Added successfully');
  await expect(page).toHaveURL(/\/viewWarehouse$/);
  await expect(page.getByRole('heading', { level: 1, name: 'List of Warehouse' })).toBeVisible();
  await expect(page.getByRole('cell', { name: warehouse })).toBeVisible();

  await page.getByTestId('main-menu').getByRole('menuitem', { name: 'User Registration' }).click();
  await page.getByLabel('First Name').fill('Almaz');
  await page.getByLabel('Father Name').fill('Tesfaye');
  await page.getByLabel('Phone Number').fill('+251 911 223 344');
  await expect(page.getByLabel('Phone Number')).toHaveValue('911223344');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Warehouse Admin' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Warehouse is required for a warehouse admin')).toBeVisible();
  await page.getByLabel('Warehouse', { exact: true }).click();
  await page.getByRole('option', { name: warehouse }).click();
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toHaveText('User Registered Successfully!');
  await expect(page).toHaveURL(/\/viewUser$/);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Almaz');
  await expect(row).toContainText('+251 911 223 344'); // one phone format everywhere
  await expect(row).toContainText(warehouse);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await uiLogin(page, email, password);
  expect(await menuTitles(page)).toEqual(MENUS.warehouseAdmin);
  await expect(page.getByTestId('greeting').first()).toContainText('Almaz');
});

test('every role sees exactly its side menu', async ({ page, api, adminToken }) => {
  const token = await adminToken();
  const warehouse = await api<{ _id: string }>(token, 'POST', '/warehouses', { name: `Menu WH ${uniq()}`, address: 'Adama' });
  for (const role of Object.keys(MENUS).filter((r) => r !== 'admin')) {
    const email = `${role.toLowerCase()}.${uniq()}@example.com`;
    await api(token, 'POST', '/users/register', {
      first_name: role, last_name: 'Tester', phone: '911000000', email, role, warehouse: warehouse._id, password: 'Role@Pass1',
    });
    await uiLogin(page, email, 'Role@Pass1');
    expect(await menuTitles(page), role).toEqual(MENUS[role]);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('an unknown URL shows the not-found page at that URL and lower-case paths reach the same screen', async ({ page }) => {
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto('/no/such/screen');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/screen$/);
  await page.goto('/viewuser');
  await expect(page.getByRole('heading', { level: 1, name: 'List of Staff members' })).toBeVisible();
  await page.goto('/addProduct');
  const title = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  await page.goto('/addproduct');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveURL(/\/addproduct$/);
});

test('signed-out users only reach the login page; a wrong password shows the server error', async ({ page }) => {
  await page.goto('/viewUser');
  // The first page of a fresh browser parses the whole bundle; on a starved CI host that took over 10 s once.
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(notification(page)).toHaveText('Email and password are required!');
  await expect(page.getByText('Please input your email!')).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()}`, { exact: false })).toBeVisible();

  // A throwaway email: failed logins are rate limited per email (5 per 15 minutes).
  await page.getByLabel('Email').fill(`nobody.${uniq()}@example.com`);
  await page.getByLabel('Password').fill('Wrong@Pass1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(notification(page)).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});
