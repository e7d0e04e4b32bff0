import { readFileSync } from 'node:fs';
import { test, expect, uiLogin, uniq, ADMIN } from './fixtures';

/**
 * Issue 7, Browser: the dashboard shows six count cards and four charts (canvas) for admin and
 * for sales; /report filters by warehouse and downloads report_YYYY-MM-DD.XLSX.
 */
const PASSWORD = 'Str0ng@Pass';

test.describe('dashboard and asset valuation report', () => {
  const names = { north: `North ${uniq()}`, south: `South ${uniq()}`, cement: `Cement ${uniq()}`, nails: `Nails ${uniq()}` };

  test.beforeAll(async ({ api, apiLogin, adminToken }) => {
    const admin = await adminToken();
    const staff = async (role: string, warehouse?: string) => {
      const email = `${role.toLowerCase()}.${uniq()}@e2e.local`;
      await api(admin, 'POST', '/users/register', { first_name: 'E2e', last_name: role, phone: '911223344', email, role, password: PASSWORD, ...(warehouse ? { warehouse } : {}) });
      return apiLogin(email, PASSWORD);
    };
    const north = (await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: names.north, address: 'Bahir Dar' }))._id;
    const south = (await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: names.south, address: 'Hawassa' }))._id;
    const [wn, ws] = [await staff('warehouseAdmin', north), await staff('warehouseAdmin', south)];
    const category = (await api<{ _id: string }>(wn, 'POST', '/productCategories/add', { name: `Building ${uniq()}`, description: 'e2e', specifications: [], quantity_measurement: ['kg'] }))._id;
    const product = async (name: string) =>
      (await api<{ _id: string }>(wn, 'POST', '/products', { category, name, code: uniq(), description: 'e2e', quantity: ['kg'], buffer_stock: { unit_of_measurement: 'kg', quantity: 1 } }))._id;
    const [cement, nails] = [await product(names.cement), await product(names.nails)];
    const receive = (token: string, warehouse: string, productId: string) =>
      api<{ inventoryId?: string; _id?: string }>(token, 'POST', '/inventory/incoming', {
        warehouse, product: productId, quantity: [{ name: 'kg', value: 40 }], grn: `GRN-${uniq()}`, purchasedPrice: 120.5, depreciationRate: 10, purchasedDate: '2024-01-15',
      });
    await receive(wn, north, cement);
    await receive(ws, south, nails);
    const inventories = await api<{ inventories: { _id: string; product: { _id: string } }[] }>(wn, 'POST', '/inventory/search?page=1&limit=50', { warehouseId: north });
    const record = inventories.inventories.find((i) => i.product._id === cement)!;
    await api(wn, 'POST', '/inventory/outgoing', { id: record._id, quantity: [{ name: 'kg', value: 5 }], gin: `GIN-${uniq()}` });
  });

  const expectDashboard = async (page: import('@playwright/test').Page) => {
    await expect(page.getByTestId('greeting').first()).toBeVisible();
    await expect(page.getByTestId('count-card')).toHaveCount(6);
    await expect(page.locator('canvas')).toHaveCount(4);
    await expect(page.getByTestId('count-warehouseCount')).not.toHaveText('–');
  };

  test('admin sees six cards and four charts with data', async ({ page }) => {
    await uiLogin(page, ADMIN.email, ADMIN.password);
    await expectDashboard(page);
    await expect(page.getByTestId('chart-top-products-message')).toHaveCount(0);
  });

  test('sales sees six cards and four charts', async ({ page, api, adminToken }) => {
    const email = `sales.${uniq()}@e2e.local`;
    await api(await adminToken(), 'POST', '/users/register', { first_name: 'Selam', last_name: 'Sales', phone: '911223344', email, role: 'sales', password: PASSWORD });
    await uiLogin(page, email, PASSWORD);
    await expectDashboard(page);
    await expect(page.getByTestId('main-menu').getByRole('menuitem', { name: 'Report' })).toHaveCount(0);
  });

  test('/report filters by warehouse and downloads an .XLSX', async ({ page }) => {
    await uiLogin(page, ADMIN.email, ADMIN.password);
    await page.getByTestId('main-menu').getByRole('menuitem', { name: 'Report' }).click();
    await expect(page).toHaveURL(/\/report$/);
    const table = page.getByTestId('valuation-table');
    await expect(table).toContainText(names.cement);
    await expect(table).toContainText(names.nails);
    await expect(page.getByText('All Category')).toBeVisible();
    await page.getByLabel('Warehouse').click();
    await page.getByRole('option', { name: names.north }).click();
    await page.getByRole('button', { name: 'Filter Report' }).click();
    await expect(table).not.toContainText(names.nails);
    await expect(table).toContainText(names.cement);
    await expect(page.getByTestId('valuation-totals')).toContainText('Total (1 records)');

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Excel' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`report_${new Date().toISOString().slice(0, 10)}.XLSX`);
    const file = readFileSync((await download.path())!);
    expect(file.subarray(0, 2).toString()).toBe('PK'); // a zip: the xlsx container
    await expect(page.getByRole('button', { name: 'Download Excel' })).toBeEnabled();
  });
});
