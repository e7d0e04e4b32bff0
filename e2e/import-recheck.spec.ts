import type { Page } from '@playwright/test';
import { expect, test, uiLogin, uniq } from './fixtures';

/**
 * A commit refused by its re-check shows the rows it marked at once: a products file previewed
 * without errors, one of its categories removed in between, Commit answers 409 and the import's row
 * of that category is listed as an error (and Commit blocked) without reopening the import.
 */
const PASSWORD = 'Recheck@Pass1';
const notification = (page: Page) => page.locator('.MuiSnackbarContent-message');
const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\n') + '\n');

test('a commit refused because a category was removed since the preview lists the row it marked at once', async ({ page, api, adminToken }) => {
  test.setTimeout(120_000);
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Recheck WH ${id}`, address: 'Adama' });
  const email = `wa.recheck.${id}@example.com`;
  await api(admin, 'POST', '/users/register', { first_name: 'Rekik', last_name: 'Check', phone: '911223366', email, role: 'warehouseAdmin', warehouse: warehouse._id, password: PASSWORD });
  const keeper = (await api<{ token: string }>(admin, 'POST', '/users/login', { email, password: PASSWORD })).token;
  const category = (name: string) => api<{ _id: string }>(keeper, 'POST', '/productCategories/add', { name, description: 'd', specifications: [], quantity_measurement: ['pcs'] });
  const [kept, gone] = [`Kept ${id}`, `Gone ${id}`];
  await category(kept);
  const removed = await category(gone);

  await uiLogin(page, email, PASSWORD);
  await page.goto('/import');
  await page.getByRole('combobox', { name: /^What to import/ }).click();
  await page.getByRole('option', { name: 'Products', exact: true }).click();
  const file = csv([['Code', 'Name', 'Category', 'Units'], [`RC-${id}-1`, `Lamp ${id}`, kept, 'pcs'], [`RC-${id}-2`, `Shade ${id}`, gone, 'pcs']]);
  await page.getByLabel('Import file (.csv, .csv.gz or .xlsx)').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: file });
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByTestId('import-status')).toContainText('Previewed');
  await expect(page.getByTestId('import-errors')).toContainText('0');
  await expect(page.getByTestId('import-error-row')).toHaveCount(0);

  await api(keeper, 'DELETE', `/productCategories/remove/${removed._id}`);
  await page.getByRole('button', { name: 'Commit', exact: true }).click();
  await expect(notification(page)).toContainText('1 rows name records removed after the preview; nothing was imported');
  // the marked row, without a reload
  const error = page.getByTestId('import-error-row');
  await expect(error).toHaveCount(1);
  await expect(error).toContainText('3');
  await expect(error).toContainText('Category');
  await expect(error).toContainText(`Category "${gone}" was removed after the preview`);
  await expect(page.getByTestId('import-errors')).toContainText('1');
  await expect(page.getByRole('button', { name: 'Commit', exact: true })).toBeDisabled();
  await expect(page.getByTestId('import-status')).toContainText('Previewed');
});
