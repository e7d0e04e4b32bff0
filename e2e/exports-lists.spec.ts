import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN, expect, test, uiLogin, uniq } from './fixtures';

/**
 * The lists that had no export: warehouses, categories, adjustments, transfers, stock
 * counts and the import history each have Export (CSV) and Excel buttons, and each downloads its
 * server file with the screen's filters; the admin reads every one of them. The spec makes its own
 * warehouse with an adjustment, a draft transfer and a stock count, and a previewed import.
 */
const PASSWORD = 'Exports@Pass1';

async function exported(page: Page, button: 'Export' | 'Excel'): Promise<{ name: string; text: Buffer }> {
  const toolbarButton = page.getByRole('button', { name: button, exact: true });
  await expect(toolbarButton).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), toolbarButton.click()]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!) };
}

test('each new export button downloads its list as CSV and Excel', async ({ page, api, adminToken, request }) => {
  test.setTimeout(180_000);
  const id = uniq();
  const admin = await adminToken();
  const warehouse = (await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Export WH ${id}`, address: 'Bole' }))._id;
  const elsewhere = (await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Export Branch ${id}`, address: 'Adama' }))._id;
  const email = `exports.wa.${id}@example.com`;
  await api(admin, 'POST', '/users/register', { first_name: 'Export', last_name: 'Keeper', phone: '911223344', email, role: 'warehouseAdmin', password: PASSWORD, warehouse });
  const wa = (await api<{ token: string }>(admin, 'POST', '/users/login', { email, password: PASSWORD })).token;
  const category = await api<{ _id: string; name: string }>(wa, 'POST', '/productCategories/add', { name: `Export Cat ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs'] });
  const product = await api<{ _id: string }>(wa, 'POST', '/products', {
    category: category._id, name: `Export Bolt ${id}`, code: `EB-${id}`, description: 'd', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
  });
  const received = await api<{ inventory: { _id: string } }>(wa, 'POST', '/inventory/incoming', { warehouse, product: product._id, quantity: [{ name: 'pcs', value: 9 }], grn: `GRN-EX-${id}` });
  await api(wa, 'POST', '/adjustments/create', { inventory: received.inventory._id, quantity: [{ name: 'pcs', value: -1 }], reason: 'damaged', remark: 'Broken' });
  await api(wa, 'POST', '/transfers/create', { from_warehouse: warehouse, to_warehouse: elsewhere, trn: `TRN-EX-${id}` });
  await api(wa, 'POST', '/stockCounts/create', { warehouse });
  const csv = `Name,Company,Phone,Email\nExport Buyer ${id},Export PLC,0911234567,export.${id}@example.com\n`;
  const imported = await request.post('/api/imports', {
    headers: { Authorization: `Bearer ${admin}` },
    multipart: { kind: 'customers', file: { name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(imported.status()).toBe(201);

  await page.goto('/login');
  await uiLogin(page, ADMIN.email, ADMIN.password);
  // the warehouses and categories are many by now: their rows need not be on the first page
  const screens: { path: string; file: string; shows: string | null; header: string }[] = [
    { path: '/viewWarehouse', file: 'warehouses', shows: null, header: 'Name,Address' },
    { path: '/viewCategory', file: 'categories', shows: null, header: 'Name,Description' },
    { path: `/adjustments?filter=${encodeURIComponent(JSON.stringify({ warehouse }))}`, file: 'adjustments', shows: `Export Bolt ${id}`, header: 'Created At,Product' },
    { path: `/transfers?filter=${encodeURIComponent(JSON.stringify({ warehouse }))}`, file: 'transfers', shows: `TRN-EX-${id}`, header: 'TRN,Status' },
    { path: `/stockCounts?filter=${encodeURIComponent(JSON.stringify({ warehouse }))}`, file: 'stock_counts', shows: `Export WH ${id}`, header: 'Count,Status' },
    { path: '/import', file: 'imports', shows: 'customers.csv', header: 'Number,Kind' },
  ];
  for (const screen of screens) {
    await page.goto(screen.path);
    if (screen.shows) await expect(page.getByText(screen.shows).first()).toBeVisible();
    const file = await exported(page, 'Export');
    expect(file.name).toMatch(new RegExp(`^${screen.file}_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const text = file.text.toString('utf8').replace(/^\uFEFF/, '');
    expect(text.startsWith(screen.header)).toBe(true);
    // the screen's warehouse filter holds in the file: only this spec's warehouse
    if (screen.path.includes('filter=')) expect(text.trim().split('\n')).toHaveLength(2);
    const excel = await exported(page, 'Excel');
    expect(excel.name).toMatch(new RegExp(`^${screen.file}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    expect(excel.text.subarray(0, 2).toString()).toBe('PK');
  }
});
