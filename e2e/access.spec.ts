import { randomUUID } from 'node:crypto';
import { expect, test, uiLogin, uniq } from './fixtures';

const PASSWORD = 'Access@Pass1';

/**
 * Access page: each role typing a route it has no right to (the one permission
 * table) sees "You do not have access to this page" with a link to the dashboard, at the typed URL,
 * and no form of the screen; a route it has the right to opens its screen, and so does every entry
 * of its side menu (the menu and the access rules agree).
 */
const CASES = [
  { role: 'admin', forbidden: ['/addProduct', '/addcategory'], permitted: '/viewUser', title: 'List of Staff members' },
  { role: 'warehouseAdmin', forbidden: ['/report', '/customer/add'], permitted: '/addProduct', title: 'Add Product' },
  { role: 'sales', forbidden: ['/userRegistration', `/addCategory/${randomUUID()}`], permitted: '/customers/list', title: 'List of Customers' },
  { role: 'finance', forbidden: ['/customer/add', '/addWarehouse'], permitted: '/report', title: 'Asset Valuation Report' },
  { role: 'importAdmin', forbidden: ['/sales/outgoing', '/customers/list'], permitted: '/viewCategory', title: 'List of Categories' },
  { role: 'salesSupervisor', forbidden: ['/incomingInventory', `/addProduct/${randomUUID()}`], permitted: '/viewWarehouse', title: 'List of Warehouse' },
] as const;

for (const { role, forbidden, permitted, title } of CASES) {
  test(`${role}: a forbidden route shows the access page with the dashboard link; a permitted one and every menu entry open their screens`, async ({ page, api, adminToken }) => {
    test.setTimeout(180_000); // up to ten menu entries, each opened by a fresh page load
    const id = uniq();
    const admin = await adminToken();
    const email = role === 'admin' ? 'admin@example.com' : `access.${role.toLowerCase()}.${id}@example.com`;
    const password = role === 'admin' ? 'Admin#Pass1!' : PASSWORD;
    if (role !== 'admin') {
      const warehouse = role === 'warehouseAdmin' ? (await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Access WH ${id}`, address: 'Adama' }))._id : undefined;
      await api(admin, 'POST', '/users/register', { first_name: 'Access', last_name: 'E2E', phone: '911000111', email, role, password, warehouse });
    }
    await uiLogin(page, email, password);
    const denied = page.getByRole('heading', { level: 1, name: 'You do not have access to this page' });

    for (const path of forbidden) {
      await page.goto(path);
      await expect(denied).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
      await expect(page.getByRole('button', { name: /^(Save|Register Customer|Add Category)$/ })).toHaveCount(0);
      await expect(page.getByText('Loading...')).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(denied).toHaveCount(0);

    await page.goto(permitted);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(denied).toHaveCount(0);

    const menuPaths = await page.getByTestId('main-menu').getByRole('menuitem').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(menuPaths.length).toBeGreaterThan(3);
    for (const path of menuPaths) {
      await page.goto(path);
      await expect(page.locator('#main-content > *').first()).toBeVisible(); // the guard has decided: a screen, not nothing
      await expect(denied, path).toHaveCount(0);
    }
  });
}
