import type { Page } from '@playwright/test';
import { ADMIN, expect, test, uiLogin, uniq } from './fixtures';

const notification = (page: Page) => page.locator('.MuiSnackbarContent-message');

/** Switches the list's Active/Removed filter. */
async function showStatus(page: Page, status: 'Active' | 'Removed') {
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: status }).click();
}

/** Clicks a row action, checks the confirm question, then confirms with `button`. */
async function confirmRowAction(page: Page, rowText: string, action: string, question: string, button: string) {
  await page.getByRole('row').filter({ hasText: rowText }).getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(question);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
}

test('admin deletes and restores a warehouse; a duplicate name shows the server error', async ({ page, api, adminToken }) => {
  const name = `WH ${uniq()}`;
  await api(await adminToken(), 'POST', '/warehouses', { name, address: 'Hawassa' });
  await uiLogin(page, ADMIN.email, ADMIN.password);

  await page.goto('/addWarehouse');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Missing Warehouse Address')).toBeVisible();
  await expect(page.getByText('Missing Warehouse Name')).toHaveCount(0);
  await page.getByLabel('Address').fill('Elsewhere');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toContainText(/already|exists|taken/i);
  await expect(page).toHaveURL(/\/addWarehouse$/);

  await page.goto('/viewWarehouse?perPage=100'); // one page, whatever other specs have added
  await confirmRowAction(page, name, 'Delete', 'Are you sure to delete this Warehouse', 'Delete');
  await expect(notification(page)).toHaveText('Warehouse deleted successfully');
  await expect(page.getByRole('cell', { name })).toHaveCount(0);

  await showStatus(page, 'Removed');
  await confirmRowAction(page, name, 'Restore', 'Are you sure to Undo this Warehouse', 'Restore');
  await expect(notification(page)).toHaveText('Warehouse activated successfully');
  await showStatus(page, 'Active');
  await expect(page.getByRole('cell', { name })).toBeVisible();

  await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Update Warehouse' })).toBeVisible();
  await expect(page.getByLabel('Address')).toHaveValue('Hawassa'); // the record has loaded into the form
  await page.getByLabel('Address').fill('Hawassa, Lake Side');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toHaveText('Warehouse updated successfully');
  await expect(page).toHaveURL(/\/viewWarehouse/);
  await page.goto('/viewWarehouse?perPage=100'); // one page, whatever other specs have added
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Hawassa, Lake Side');
});

test('admin searches, edits, removes, activates and resets the password of a staff member', async ({ page, api, apiLogin, adminToken }) => {
  const id = uniq();
  const email = `staff.${id}@example.com`;
  await api(await adminToken(), 'POST', '/users/register', {
    first_name: `Selam${id}`, last_name: 'Bekele', phone: '922334455', email, role: 'sales', password: 'Sales@Pass1',
  });
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto('/viewUser');
  await expect(page.getByRole('heading', { level: 1, name: 'List of Staff members' })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toHaveText(/\w/); // rows loaded (not the skeleton): the filter form listens
  await page.getByPlaceholder('Search').fill(id);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.locator('mark').first()).toHaveText(id);
  await expect(page.getByRole('row')).toHaveCount(2);

  await row.getByRole('link', { name: 'Edit' }).click();
  // the list's sortable "First Name" header carries the same name until the form replaces it
  await expect(page.getByRole('heading', { level: 1, name: 'Update Staff Member' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue(`Selam${id}`);
  await page.getByLabel('First Name').fill(`Selamawit${id}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toHaveText('User Updated Successfully');

  await expect(page.locator('tbody tr').first()).toHaveText(/\w/); // rows loaded (not the skeleton): the filter form listens
  await page.getByPlaceholder('Search').fill(id);
  await page.getByRole('row').filter({ hasText: email }).getByRole('button', { name: 'Reset Password' }).click();
  await page.getByRole('dialog').getByLabel('New Password').fill('Fresh@Pass2');
  await page.getByRole('dialog').getByRole('button', { name: 'Reset Password' }).click();
  await expect(notification(page)).toHaveText('Password Reset Successfully');
  expect(await apiLogin(email, 'Fresh@Pass2')).toBeTruthy();

  await confirmRowAction(page, email, 'Delete', 'Are you sure to delete this Staff Member', 'Delete');
  await expect(notification(page)).toHaveText('Staff member Deleted Successfully');
  await showStatus(page, 'Removed');
  await confirmRowAction(page, email, 'Activate', 'Are you sure to Undo this Staff Member', 'Activate');
  await expect(notification(page)).toHaveText('Staff member Undo Successfully.');
});

test('the admin cannot update their own account: the server message is shown as an error', async ({ page, api, adminToken }) => {
  const token = await adminToken();
  const me = await api<{ _id: string }>(token, 'GET', '/users/getUser');
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto(`/userRegistration/${me._id}`);
  await expect(page.getByLabel('Email')).toHaveValue(ADMIN.email);
  await page.getByLabel('Father Name').fill('Changed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toHaveText("Can't update for yourself");
});

test('an edit form keeps what was typed when its record arrives changed after the typing', async ({ page, api, adminToken }) => {
  const name = `WH ${uniq()}`;
  const created = (await api(await adminToken(), 'POST', '/warehouses', { name, address: 'Adama' })) as { _id: string };
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto('/viewWarehouse?perPage=100');
  await expect(page.getByRole('cell', { name })).toBeVisible();

  // the edit page shows the list's copy at once; its own fetch of the record is held back until after the typing
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const list = (url: URL) => url.pathname === '/api/warehouses';
  await page.route(list, async (route) => {
    await held;
    await route.continue();
  });
  const fetched = page.waitForResponse((r) => list(new URL(r.url())) && r.request().method() === 'GET');
  await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Update Warehouse' })).toBeVisible();
  await expect(page.getByLabel('Address')).toHaveValue('Adama');
  await page.getByLabel('Address').fill('Adama, Station Road');
  // meanwhile someone renames it: the held fetch brings a changed record
  await api(await adminToken(), 'PATCH', `/warehouses/update/${created._id}`, { name: `${name} B`, address: 'Adama' });
  release();
  await fetched;
  await page.unroute(list);
  await expect(page.getByLabel('Name')).toHaveValue(`${name} B`); // the new record reached the form
  await expect(page.getByLabel('Address')).toHaveValue('Adama, Station Road'); // and the typing stayed
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page)).toHaveText('Warehouse updated successfully');
  const saved = (await api(await adminToken(), 'GET', '/warehouses')) as { name: string; address: string }[];
  expect(saved.find((w) => w.name === `${name} B`)?.address).toBe('Adama, Station Road');
});
