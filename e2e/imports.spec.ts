import type { Page } from '@playwright/test';
import { expect, test, uiLogin, uniq } from './fixtures';

/**
 * Bulk import in the browser: a warehouseAdmin imports a category, then a products file
 * whose bad row (a unit its category lacks) is listed and blocks Commit; a fixed file whose Name
 * column is headed differently is mapped by hand, previewed and committed, and the product shows
 * on View Products; the category import then cannot be reverted (409 named in a notification).
 */
const PASSWORD = 'Store@Pass1';
const notification = (page: Page) => page.locator('.MuiSnackbarContent-message');
const kindSelect = (page: Page) => page.getByRole('combobox', { name: /^What to import/ });
const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\n') + '\n');

/** Chooses the kind, attaches `file` and clicks Preview. */
async function preview(page: Page, kind: string, name: string, file: Buffer): Promise<void> {
  await kindSelect(page).click();
  await page.getByRole('option', { name: kind, exact: true }).click();
  await page.getByLabel('Import file (.csv, .csv.gz or .xlsx)').setInputFiles({ name, mimeType: 'text/csv', buffer: file });
  await expect(page.getByTestId('import-file-name')).toHaveText(name);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
}

test('a warehouseAdmin imports a category, sees a bad products row block Commit, maps and commits the fixed file', async ({ page, api, adminToken }) => {
  test.setTimeout(120_000);
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Import WH ${id}`, address: 'Adama' });
  const email = `wa.import.${id}@example.com`;
  await api(admin, 'POST', '/users/register', { first_name: 'Imran', last_name: 'Ports', phone: '911223355', email, role: 'warehouseAdmin', warehouse: warehouse._id, password: PASSWORD });
  const category = `Cat ${id}`;
  const product = `Import Lamp ${id}`;
  const code = `IMP-${id}`;

  await uiLogin(page, email, PASSWORD);
  await page.goto('/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
  // only the kinds a warehouseAdmin may import
  await kindSelect(page).click();
  await expect(page.getByRole('option')).toHaveText(['Categories', 'Products', 'Opening stock']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();

  // the category: previewed, committed
  await preview(page, 'Categories', 'categories.csv', csv([['Name', 'Units'], [category, 'pcs']]));
  await expect(page.getByTestId('import-status')).toContainText('Previewed');
  await expect(page.getByTestId('import-rows')).toContainText('1');
  await expect(page.getByTestId('import-to-create')).toContainText('1');
  await expect(page.getByTestId('import-sample-row')).toContainText(category);
  await page.getByRole('button', { name: 'Commit', exact: true }).click();
  await expect(notification(page)).toHaveText('Import committed');
  await expect(page.getByTestId('import-status')).toContainText('Committed');
  await expect(page.getByTestId('import-result')).toContainText('Created: 1');

  // products with a unit the category lacks: the row listed, Commit blocked
  await preview(page, 'Products', 'products.csv', csv([['Code', 'Name', 'Category', 'Units'], [code, product, category, 'pcs'], [`${code}-B`, `${product} B`, category, 'kg']]));
  await expect(page.getByTestId('import-errors')).toContainText('1');
  const error = page.getByTestId('import-error-row');
  await expect(error).toHaveCount(1);
  await expect(error).toContainText('3');
  await expect(error).toContainText('Units');
  await expect(error).toContainText('kg');
  await expect(page.getByRole('button', { name: 'Download errors (CSV)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Commit', exact: true })).toBeDisabled();
  await expect(page.getByTestId('import-commit-blocked')).toContainText('Skip rows with errors');

  // the fixed file heads its name column "Product name": refused until Name is mapped to it
  await preview(page, 'Products', 'products-fixed.csv', csv([['Code', 'Product name', 'Category', 'Units'], [code, product, category, 'pcs'], [`${code}-B`, `${product} B`, category, 'pcs']]));
  await expect(page.getByTestId('import-upload-error')).toContainText('Name');
  const mapping = page.getByTestId('import-mapping');
  await mapping.getByRole('combobox', { name: /^Name/ }).click();
  await page.getByRole('option', { name: 'Product name', exact: true }).click();
  await expect(page.getByTestId('import-status')).toContainText('Previewed');
  await expect(page.getByTestId('import-errors')).toContainText('0');
  await expect(page.getByTestId('import-to-create')).toContainText('2');
  await expect(page.getByTestId('import-error-row')).toHaveCount(0);
  await page.getByRole('button', { name: 'Commit', exact: true }).click();
  await expect(notification(page)).toHaveText('Import committed');
  await expect(page.getByTestId('import-status')).toContainText('Committed');
  await expect(page.getByTestId('import-result')).toContainText('Created: 2');
  const history = page.getByTestId('import-row').filter({ hasText: 'products-fixed.csv' });
  await expect(history).toContainText('Committed');
  await expect(history.getByRole('button', { name: 'Revert' })).toBeVisible();

  // the imported product on View Products
  await page.goto('/viewProduct');
  await page.getByLabel('Search products').fill(code);
  await expect(page.getByRole('row')).toHaveCount(3); // the header and the two imported products
  await expect(page.getByText(product, { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: product }).first()).toContainText(category);

  // the category import cannot be reverted while the imported products use it: the server's 409 message
  await page.goto('/import');
  const categories = page.getByTestId('import-row').filter({ hasText: 'categories.csv' });
  await categories.getByRole('button', { name: 'Revert' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revert' }).click();
  await expect(notification(page)).toContainText(`Cannot revert: categories created by this import now have products: ${category}`);
  await expect(categories).toContainText('Committed');
});
