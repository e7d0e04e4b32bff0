import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { ADMIN, expect, test, uiLogin, uniq } from './fixtures';

/**
 * Stock and ledger screens on react-admin's list machinery: Inventory shows a Warehouse
 * column to an admin who sees two warehouses (not to a warehouseAdmin) and On hand / Reserved /
 * Available per unit; Inventory and Transaction Range sort on the server by a header click, keep
 * their filters in the URL, and export (CSV) exactly the rows the screen's filters select, in the
 * screen's order. Below 600 px both show a list instead of the table, without sideways scrolling.
 */

const PASSWORD = 'Stock@Lists1';
const today = () => new Date().toISOString().slice(0, 10);
/** The purchase day of the seeded receipts: 30 days ago (less than a year: no depreciation yet). */
const PURCHASED = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

interface Seeded {
  id: string;
  north: string;
  south: string;
  northId: string;
  anchor: string;
  zinc: string;
  waEmail: string;
}

let seeded: Seeded;

test.beforeAll(async ({ api, adminToken }) => {
  test.setTimeout(180_000);
  const id = uniq();
  const admin = await adminToken();
  const north = `North ${id}`;
  const south = `South ${id}`;
  const northId = (await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: north, address: 'Bole' }))._id;
  const southId = (await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: south, address: 'Piassa' }))._id;
  const roles: [string, string][] = [['warehouseAdmin', northId], ['southAdmin', southId], ['sales', northId], ['salesSupervisor', northId], ['finance', northId]];
  const tokens: Record<string, string> = {};
  for (const [key, warehouse] of roles) {
    const email = `lists.${key.toLowerCase()}.${id}@example.com`;
    const role = key === 'southAdmin' ? 'warehouseAdmin' : key;
    await api(admin, 'POST', '/users/register', { first_name: 'Lists', last_name: key, phone: '911223344', email, role, password: PASSWORD, warehouse });
    tokens[key] = (await api<{ token: string }>(admin, 'POST', '/users/login', { email, password: PASSWORD })).token;
  }
  const wa = tokens.warehouseAdmin;
  const category = (await api<{ _id: string }>(wa, 'POST', '/productCategories/add', {
    name: `Lists Cat ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs'],
  }))._id;
  const product = async (name: string, code: string) => (await api<{ _id: string }>(wa, 'POST', '/products', {
    category, name, code, description: 'e2e', quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
  }))._id;
  const [anchor, zinc] = [`Anchor ${id}`, `Zinc ${id}`];
  const [anchorId, zincId] = [await product(anchor, `A-${id}`), await product(zinc, `Z-${id}`)];
  const receive = async (token: string, warehouse: string, productId: string, value: number, grn: string, purchasedPrice: number) =>
    (await api<{ inventory: { _id: string } }>(token, 'POST', '/inventory/incoming', {
      warehouse, product: productId, quantity: [{ name: 'pcs', value }], grn, purchasedPrice, depreciationRate: 10, purchasedDate: PURCHASED,
    })).inventory._id;
  const anchorNorth = await receive(wa, northId, anchorId, 10, `GRN-1-${id}`, 100);
  const zincNorth = await receive(wa, northId, zincId, 4, `GRN-2-${id}`, 50);
  await receive(tokens.southAdmin, southId, anchorId, 6, `GRN-3-${id}`, 80);
  await api(wa, 'POST', '/inventory/outgoing', { id: zincNorth, quantity: [{ name: 'pcs', value: 1 }], gin: `GIN-1-${id}`, taken_by: 'Abebe' });
  // an approved outgoing list reserves 3 pcs of Anchor in North (on hand 10, reserved 3, available 7)
  const customer = (await api<{ _id: string }>(tokens.sales, 'POST', '/customers/create', {
    name: `Lists Buyer ${id}`, company: 'Buyer PLC', address: 'Piassa', phone_no: ['922334455'], email: `lists.buyer.${id}@example.com`,
  }))._id;
  const list = (await api<{ outgoing_list: { _id: string } }>(tokens.sales, 'POST', '/outgoingLists/create', { warehouse: northId, customer, gin: `GIN-L-${id}` })).outgoing_list._id;
  await api(tokens.sales, 'POST', '/outgoingLists/product/add', { list_id: list, product: anchorId, inventory: anchorNorth, quantity: [{ name: 'pcs', value: 3 }] });
  for (const [key, path] of [['sales', 'submit-for-sales-supervisor-approval'], ['salesSupervisor', 'supervisor/approve-and-submit-for-finance-approval'], ['finance', 'approve']]) {
    await api(tokens[key], 'POST', `/outgoingLists/${path}`, { list_id: list });
  }
  // ten more records in North for the valuation report's second page (names, codes and GRNs without `id`: the searches by `id` stay as they are)
  for (let n = 1; n <= 10; n++) {
    const other = uniq();
    await receive(wa, northId, await product(`Washer ${String(n).padStart(2, '0')} ${other}`, `W-${other}`), 2, `GRN-W-${other}`, 1.25);
  }
  seeded = { id, north, south, northId, anchor, zinc, waEmail: `lists.warehouseadmin.${id}@example.com` };
});

/** The rows of the table named `name` as {header: cell text}, once it has `count` rows. */
async function readTable(page: Page, name: string, count: number): Promise<Record<string, string>[]> {
  const table = page.getByRole('table', { name, exact: true });
  await expect(table.locator('tbody tr')).toHaveCount(count);
  const heads = await table.locator('thead th').allInnerTexts();
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td as HTMLElement).innerText.trim())));
  return rows.map((cells) => Object.fromEntries(heads.map((h, i) => [h.trim(), cells[i]])));
}

/** Clicks the table header `label` and waits for the list request `matches` accepts. */
async function sortBy(page: Page, label: string, matches: Parameters<Page['waitForRequest']>[0]): Promise<void> {
  const request = page.waitForRequest(matches);
  await page.locator('thead th').getByText(label, { exact: true }).click();
  await request;
}

/** Clicks Export and returns the download and its CSV lines (BOM stripped). */
async function exportCsv(page: Page): Promise<{ name: string; lines: string[] }> {
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await downloadPromise;
  const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  return { name: download.suggestedFilename(), lines };
}

/** The document is no wider than the viewport (nothing scrolls sideways). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.document).toBeLessThanOrEqual(widths.viewport);
}

/** The list applied its filter `key` = `value`: react-admin keeps it in the URL's `filter` parameter. */
const filtered = (key: string, value: string) => (url: URL) => JSON.parse(url.searchParams.get('filter') ?? '{}')[key] === value;

const warehouseSelect = (page: Page): Locator => page.getByRole('combobox', { name: 'Warehouse' });

test('admin: Inventory shows the Warehouse and On hand / Reserved / Available columns, sorts by a header and exports the filtered rows', async ({ page }) => {
  const { id, north, south, anchor, zinc } = seeded;
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto('/inventoryInAllWarehouse');
  await page.getByLabel('Search by product name or description').fill(id);

  // the server's order: product name, then warehouse name
  let rows = await readTable(page, 'Inventory', 3);
  expect(Object.keys(rows[0])).toEqual(['Product Name', 'Product Category', 'Product Code', 'Product Image', 'Warehouse', 'On hand', 'Reserved', 'Available', 'In transit', 'Buffer Stock']);
  expect(rows.map((r) => [r['Product Name'], r.Warehouse])).toEqual([[anchor, north], [anchor, south], [zinc, north]]);
  expect(rows[0]).toMatchObject({ 'On hand': '10 : pcs', Reserved: '3 : pcs', Available: '7 : pcs', 'Buffer Stock': '1 : pcs' });
  expect(rows[1]).toMatchObject({ 'On hand': '6 : pcs', Reserved: '0 : pcs', Available: '6 : pcs' });
  expect(rows[2]).toMatchObject({ 'On hand': '3 : pcs', Reserved: '0 : pcs', Available: '3 : pcs' });

  await sortBy(page, 'Available', (r) => /\/api\/inventory\?.*sort=available&order=asc/.test(r.url()));
  await expect(page.locator('tbody tr').first()).toContainText(zinc);
  rows = await readTable(page, 'Inventory', 3);
  expect(rows.map((r) => r.Available)).toEqual(['3 : pcs', '6 : pcs', '7 : pcs']);
  await sortBy(page, 'Available', (r) => /\/api\/inventory\?.*sort=available&order=desc/.test(r.url()));
  await expect(page.locator('tbody tr').first()).toContainText(north);
  rows = await readTable(page, 'Inventory', 3);
  expect(rows.map((r) => r.Available)).toEqual(['7 : pcs', '6 : pcs', '3 : pcs']);

  // the warehouse filter, kept in the URL with the search and the sort
  await warehouseSelect(page).click();
  await page.getByRole('option', { name: north, exact: true }).click();
  rows = await readTable(page, 'Inventory', 2);
  expect(rows.map((r) => r['Product Name'])).toEqual([anchor, zinc]);
  await page.reload();
  rows = await readTable(page, 'Inventory', 2);
  expect(rows.map((r) => r['Product Name'])).toEqual([anchor, zinc]);
  await expect(page.getByLabel('Search by product name or description')).toHaveValue(id);

  const { name, lines } = await exportCsv(page);
  expect(name).toBe(`inventory_${today()}.csv`);
  // one numeric column per unit, the unit in the header
  expect(lines[0]).toMatch(/^Product Name,Product Category,Product Code,Warehouse,On hand \(pcs\),.*Reserved \(pcs\),.*Available \(pcs\),.*Buffer Stock,Buffer Stock Unit$/);
  const pick = (line: string, names: string[]) => names.map((n) => line.split(',')[lines[0].split(',').indexOf(n)]);
  const fields = ['Product Name', 'Product Category', 'Product Code', 'Warehouse', 'On hand (pcs)', 'Reserved (pcs)', 'Available (pcs)', 'Buffer Stock', 'Buffer Stock Unit'];
  expect(lines.slice(1).map((l) => pick(l, fields))).toEqual([
    [anchor, `Lists Cat ${id}`, `A-${id}`, north, '10', '3', '7', '1', 'pcs'],
    [zinc, `Lists Cat ${id}`, `Z-${id}`, north, '3', '0', '3', '1', 'pcs'],
  ]);
});

test('a warehouseAdmin sees only their warehouse: no Warehouse column, On hand / Reserved / Available shown', async ({ page }) => {
  const { id, anchor, zinc } = seeded;
  await uiLogin(page, seeded.waEmail, PASSWORD);
  await page.goto('/inventoryInAllWarehouse');
  await page.getByLabel('Search by product name or description').fill(id);
  await expect(page).toHaveURL(filtered('q', id));
  const rows = await readTable(page, 'Inventory', 2);
  expect(Object.keys(rows[0])).toEqual(['Product Name', 'Product Category', 'Product Code', 'Product Image', 'On hand', 'Reserved', 'Available', 'In transit', 'Buffer Stock']);
  expect(rows.map((r) => [r['Product Name'], r['On hand'], r.Reserved, r.Available])).toEqual([
    [anchor, '10 : pcs', '3 : pcs', '7 : pcs'],
    [zinc, '3 : pcs', '0 : pcs', '3 : pcs'],
  ]);
});

test('admin: Transaction Range sorts by a header (sort in the search body) and exports the filtered rows in the screen order', async ({ page }) => {
  const { id, north, anchor, zinc } = seeded;
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto('/transactionRange');
  await page.getByLabel('Search Product').fill(id);
  await expect(page).toHaveURL(filtered('productSearchQuery', id));

  // newest first: the issue, then the three receipts
  let rows = await readTable(page, 'Transaction Range', 4);
  expect(rows.map((r) => r.Ref)).toEqual([`GIN: GIN-1-${id}`, `GRN: GRN-3-${id}`, `GRN: GRN-2-${id}`, `GRN: GRN-1-${id}`]);

  const sortedSearch = (sort: string, order: string) => (r: { url(): string; postDataJSON(): unknown }) => {
    const body = r.url().includes('/api/transactions/search') ? (r.postDataJSON() as Record<string, unknown>) : {};
    return body.sort === sort && body.order === order && body.productSearchQuery === id;
  };
  await sortBy(page, 'Product', sortedSearch('product', 'asc'));
  await expect(page.locator('tbody tr').first()).toContainText(anchor);
  rows = await readTable(page, 'Transaction Range', 4);
  expect(rows.map((r) => r.Product.split('\n')[0])).toEqual([anchor, anchor, zinc, zinc]);
  await sortBy(page, 'Product', sortedSearch('product', 'desc'));
  await expect(page.locator('tbody tr').first()).toContainText(zinc);

  // the warehouse filter and the type, kept in the URL
  await warehouseSelect(page).click();
  await page.getByRole('option', { name: north, exact: true }).click();
  await expect(page.locator('tbody tr')).toHaveCount(3);
  await sortBy(page, 'Transaction Type', sortedSearch('transaction_type', 'asc'));
  await expect(page.locator('tbody tr').first()).toContainText('Incoming');
  await page.reload();
  rows = await readTable(page, 'Transaction Range', 3);
  expect(rows.map((r) => r['Transaction Type'])).toEqual(['Incoming', 'Incoming', 'Outgoing']);
  await expect(page.getByLabel('Search Product')).toHaveValue(id);

  const exported = page.waitForRequest((r) => /\/api\/transactions\/export\?.*format=csv/.test(r.url()));
  const { name, lines } = await exportCsv(page);
  const body = (await exported).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ productSearchQuery: id, warehouseId: seeded.northId, sort: 'transaction_type', order: 'asc' });
  expect(name).toBe(`transactions_${today()}.csv`);
  // one numeric column per unit, the unit in the header
  expect(lines[0]).toMatch(/^Product,Code,Category,Date,By,To,Taken by,Warehouse,Transaction Type,Kind,Ref,Quantity \(\w+\)(,Quantity \(\w+\))*$/);
  const header = lines[0].split(',');
  expect(lines).toHaveLength(1 + rows.length);
  for (const [i, row] of rows.entries()) {
    const [product] = row.Product.split('\n');
    expect(lines[i + 1]).toContain(`${product},`);
    expect(lines[i + 1]).toContain(`,${north},`);
    expect(lines[i + 1]).toContain(`,${row['Transaction Type']},${row.Kind.split('\n')[0]},${row.Ref},`); // Kind as the screen names it
    const cells = lines[i + 1].split(',');
    for (const part of row.Quantity.split('\n')) {
      const [value, unit] = part.split(' : ');
      expect(cells[header.indexOf(`Quantity (${unit})`)]).toBe(value.replace(/,/g, ''));
    }
  }

  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(page.getByLabel('Search Product')).toHaveValue('');
  await expect(warehouseSelect(page)).not.toContainText(north);
});

test('admin: the valuation report asks the server for one page at a time, sorted by a header, with the totals of every row', async ({ page }) => {
  const { north, northId, anchor, zinc } = seeded;
  /** A request for the report's rows: `query` in its URL and `body` in its JSON body. */
  const report = (query: string, body: Record<string, unknown> = {}) => (r: { url(): string; postDataJSON(): unknown }) => {
    if (!r.url().includes('/api/reports/asset/valuations?')) return false;
    const sent = r.postDataJSON() as Record<string, unknown>;
    return r.url().includes(query) && Object.entries({ warehouseId: northId, ...body }).every(([k, v]) => sent[k] === v);
  };
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto('/report');
  await warehouseSelect(page).click();
  await page.getByRole('option', { name: north, exact: true }).click();
  const firstPage = page.waitForRequest(report('?page=1&limit=10'));
  await page.getByRole('button', { name: 'Filter Report' }).click();
  await firstPage;
  // the report's order: warehouse, category, product name; bought this year: valuation = price x on hand
  let rows = await readTable(page, 'Asset Valuation Report', 10);
  expect([rows[0].Product, rows[0].Quantity, rows[0]['Purchased Price'], rows[0].Valuation]).toEqual([anchor, '10 pcs', '100.00', '1,000.00']);
  expect(rows[1].Product).toMatch(/^Washer 01 /);
  // the calendar day as stored, in the long format
  expect(rows[0]['Purchased Date']).toBe(new Date(`${PURCHASED}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));
  // totals of all 12 records, whichever page is shown: 1,000.00 + 150.00 + 10 x 2.50
  const totals = page.getByTestId('valuation-totals');
  await expect(totals).toContainText('Total (12 records)');
  await expect(totals).toContainText('1,175.00');
  await expect(page.getByText('1-10 of 12')).toBeVisible();

  const secondPage = page.waitForRequest(report('?page=2&limit=10'));
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await secondPage;
  rows = await readTable(page, 'Asset Valuation Report', 2);
  expect(rows.map((r) => r.Product)).toEqual([expect.stringMatching(/^Washer 10 /), zinc]);
  await expect(totals).toContainText('Total (12 records)');
  await expect(totals).toContainText('1,175.00');

  // a header click sorts on the server and starts again at page 1
  await sortBy(page, 'Valuation', report('?page=1&limit=10', { sort: 'valuation', order: 'asc' }));
  await expect(page.locator('tbody tr').first()).toContainText('Washer');
  rows = await readTable(page, 'Asset Valuation Report', 10);
  expect(rows.map((r) => r.Valuation)).toEqual(Array(10).fill('2.50'));
  await sortBy(page, 'Valuation', report('?page=1&limit=10', { sort: 'valuation', order: 'desc' }));
  await expect(page.locator('tbody tr').first()).toContainText(anchor);
  rows = await readTable(page, 'Asset Valuation Report', 10);
  expect(rows.slice(0, 3).map((r) => r.Valuation)).toEqual(['1,000.00', '150.00', '2.50']);
  const lastPage = page.waitForRequest(report('?page=2&limit=10', { sort: 'valuation', order: 'desc' }));
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await lastPage;
  rows = await readTable(page, 'Asset Valuation Report', 2);
  expect(rows.map((r) => r.Valuation)).toEqual(['2.50', '2.50']);

  // another page size asks for that many rows
  const bigger = page.waitForRequest(report('?page=1&limit=25', { sort: 'valuation', order: 'desc' }));
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '25' }).click();
  await bigger;
  await readTable(page, 'Asset Valuation Report', 12);
  await expect(page.getByText('1-12 of 12')).toBeVisible();
});

test('below 600 px Inventory and Transaction Range list their rows without the table and without sideways scrolling', async ({ page }) => {
  const { id, anchor } = seeded;
  await page.setViewportSize({ width: 390, height: 844 });
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto(`/inventoryInAllWarehouse?filter=${encodeURIComponent(JSON.stringify({ q: id }))}`);
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await expect(page.getByText(anchor).first()).toBeVisible();
  await expect(page.getByText('Reserved: 3 : pcs')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add filter' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto(`/transactionRange?filter=${encodeURIComponent(JSON.stringify({ productSearchQuery: id }))}`);
  await expect(page.getByText(`GIN: GIN-1-${id}`)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});
