import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { test, expect, uiLogin, uniq, ADMIN } from './fixtures';

/**
 * Browser: the dashboard shows six count cards and four charts (canvas) for admin and
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
    await page.getByRole('combobox', { name: 'Warehouse' }).click();
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

/**
 * Dashboard: legible at 1440 and 390 px without sideways scroll, each chart named for
 * screen readers with a table toggle as its text alternative, each stats route requested once per
 * view, and a reversed date range answered inline without a request. Seeds 12 product-units with
 * long names (more series than the interval chart's colours fit in a line) and a long-named customer.
 */
const CHARTS = [
  { testId: 'chart-top-products', title: 'Top Selling Products' },
  { testId: 'chart-top-customers', title: 'Top Customers' },
  { testId: 'chart-in-vs-out', title: 'Outgoing vs Incoming per Product' },
  { testId: 'chart-interval', title: 'Interval Outgoing Report' },
];
const STATS_ROUTES = [
  'GET /api/stats/count',
  'GET /api/stats/rank/products/outgoing/numbers',
  'GET /api/stats/rank/customers/frequency',
  'POST /api/stats/rank/products',
  'POST /api/stats/rank/products/outgoing/periodic/numbers',
];
const PERIODIC = 'POST /api/stats/rank/products/outgoing/periodic/numbers';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** Every stats request the page sends from now on, as "METHOD /path", with its JSON body. */
function recordStats(page: Page): { route: string; body: unknown }[] {
  const seen: { route: string; body: unknown }[] = [];
  page.on('request', (req: Request) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/api/stats/')) seen.push({ route: `${req.method()} ${pathname}`, body: req.postDataJSON() as unknown });
  });
  return seen;
}

/** The document is exactly as wide as the viewport (nothing scrolls sideways). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, 'document width').toBe(client);
  expect(client).toBeLessThanOrEqual(inner);
}

/** Serious and critical axe-core violations (WCAG 2 A and AA) inside the dashboard, one line each. */
async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="dashboard"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}) at ${node.target.join(' ')}: ${v.help}`));
}

/** Waits until every chart has its data (no loading / empty / error message over any chart). */
async function expectChartsLoaded(page: Page): Promise<void> {
  for (const { testId } of CHARTS) {
    await expect(page.getByTestId(testId).locator('canvas')).toBeVisible();
    await expect(page.getByTestId(`${testId}-message`)).toHaveCount(0);
  }
  await expect(page.getByTestId('count-productCount')).not.toHaveText('–');
}

/** A UTC day `YYYY-MM-DD`, `days` from today. */
const utcDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('dashboard at desktop and phone width (issue 13)', () => {
  const id = uniq();
  const productNames = Array.from({ length: 12 }, (_, i) => `Portland Pozzolana Cement Grade ${i + 1} in Fifty Kilogram Bags ${id}`);
  const customerName = `Abyssinia Building Materials Trading and Construction Private Limited Company ${id}`;

  test.beforeAll(async ({ api, apiLogin, adminToken }) => {
    test.setTimeout(180_000);
    const admin = await adminToken();
    const warehouse = (await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Dashboard WH ${id}`, address: 'Adama' }))._id;
    const tokens: Record<string, string> = {};
    for (const role of ['warehouseAdmin', 'sales', 'salesSupervisor', 'finance']) {
      const email = `${role.toLowerCase()}.dash.${id}@e2e.local`;
      await api(admin, 'POST', '/users/register', { first_name: 'Dash', last_name: role, phone: '911223344', email, role, password: PASSWORD, ...(role === 'warehouseAdmin' ? { warehouse } : {}) });
      tokens[role] = await apiLogin(email, PASSWORD);
    }
    const wa = tokens.warehouseAdmin;
    const category = (await api<{ _id: string }>(wa, 'POST', '/productCategories/add', { name: `Cement ${id}`, description: 'e2e', specifications: [], quantity_measurement: ['kg'] }))._id;
    const stock: { product: string; inventory: string }[] = [];
    for (const [i, name] of productNames.entries()) {
      const product = (await api<{ _id: string }>(wa, 'POST', '/products', { category, name, code: `PPC-${i}-${id}`, description: 'e2e', quantity: ['kg'], buffer_stock: { unit_of_measurement: 'kg', quantity: 1 } }))._id;
      const received = await api<{ inventory: { _id: string } }>(wa, 'POST', '/inventory/incoming', { warehouse, product, quantity: [{ name: 'kg', value: 200 }], grn: `GRN-D${i}-${id}` });
      await api(wa, 'POST', '/inventory/outgoing', { id: received.inventory._id, quantity: [{ name: 'kg', value: 10 + i }], gin: `GIN-D${i}-${id}` });
      stock.push({ product, inventory: received.inventory._id });
    }
    const customer = (await api<{ _id: string }>(tokens.sales, 'POST', '/customers/create', { name: customerName, company: 'Buyer PLC', address: 'Piassa', phone_no: ['922334455'], email: `buyer.dash.${id}@e2e.local` }))._id;
    const list = (await api<{ outgoing_list: { _id: string } }>(tokens.sales, 'POST', '/outgoingLists/create', { warehouse, customer, gin: `GIN-DL-${id}` })).outgoing_list._id;
    for (const line of stock.slice(0, 2)) {
      await api(tokens.sales, 'POST', '/outgoingLists/product/add', { list_id: list, product: line.product, inventory: line.inventory, quantity: [{ name: 'kg', value: 7 }] });
    }
    for (const [role, path] of [['sales', 'submit-for-sales-supervisor-approval'], ['salesSupervisor', 'supervisor/approve-and-submit-for-finance-approval'], ['finance', 'approve'], ['warehouseAdmin', 'delivery/confirm']]) {
      await api(tokens[role], 'POST', `/outgoingLists/${path}`, { list_id: list });
    }
  });

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px: no sideways scroll, named charts with data tables, full names, one request per stats route`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const stats = recordStats(page);
      await uiLogin(page, ADMIN.email, ADMIN.password);
      await expectChartsLoaded(page);
      expect(stats.map((s) => s.route).sort()).toEqual([...STATS_ROUTES].sort());
      await expectNoSidewaysScroll(page);

      for (const { testId, title } of CHARTS) {
        const card = page.getByTestId(testId);
        await expect(card.getByRole('img', { name: new RegExp(`^${title}, `) })).toBeVisible();
        await card.getByRole('button', { name: 'Show as table' }).click();
        const table = card.getByRole('table', { name: `${title} data` });
        await expect(table.locator('tbody tr').first()).toBeVisible();
        await expect(card.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
      }
      await expect(page.getByRole('table', { name: 'Outgoing vs Incoming per Product data' })).toContainText(productNames[11]);
      await expect(page.getByRole('table', { name: 'Top Customers data' })).toContainText(customerName);
      await expectNoSidewaysScroll(page);
      const problems = await axeProblems(page);
      expect(problems, problems.join('\n')).toEqual([]);

      // the pie's legend names each product in full, nothing cut off
      const pieLegend = page.getByRole('group', { name: 'Series shown in Top Selling Products' });
      const fullName = `${productNames[11]} (kg)`;
      const pieItem = pieLegend.getByText(fullName, { exact: true });
      await expect(pieItem).toBeVisible();
      expect(await pieItem.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      // the interval legend sits outside the plot and reaches all 10 series (the last one scrolls into view)
      const legend = page.getByRole('group', { name: 'Series shown in Interval Outgoing Report' });
      const series = legend.getByRole('checkbox');
      await expect(series).toHaveCount(10);
      const last = series.last();
      await last.scrollIntoViewIfNeeded();
      await last.uncheck();
      await expect(last).not.toBeChecked();
      await expect(legend.getByRole('checkbox', { checked: true })).toHaveCount(9);
      expect(stats.map((s) => s.route).sort(), 'no request from hiding a series or opening tables').toEqual([...STATS_ROUTES].sort());
    });
  }

  test('a reversed date range shows a message and sends no stats request', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const stats = recordStats(page);
    await uiLogin(page, ADMIN.email, ADMIN.password);
    const card = page.getByTestId('chart-interval');
    await expect(card.locator('canvas')).toBeVisible();
    await expect(page.getByTestId('chart-interval-message')).toHaveCount(0);
    // the first load's request has gone out and been answered before counting starts
    await expect.poll(() => stats.filter((s) => s.route === PERIODIC).length).toBe(1);
    // every statistic of the first load has been asked for (the live event stream, issue 17, keeps the
    // network busy, so waiting for it to go idle would never end)
    await expect.poll(() => stats.length).toBe(STATS_ROUTES.length);
    const before = stats.length;

    await card.getByRole('textbox', { name: 'From' }).fill(utcDay(5));
    await expect(page.getByTestId('interval-range-problem')).toHaveText('The From date must be on or before the To date.');
    await expect(card.locator('canvas')).toHaveCount(0);
    await expect(card.getByRole('textbox', { name: 'From' })).toHaveAttribute('aria-invalid', 'true');
    await expectNoSidewaysScroll(page);

    // fixing the range sends exactly one request, for the fixed range: none went out for the reversed one
    const fixed = page.waitForRequest((req) => req.url().endsWith('/outgoing/periodic/numbers'));
    await card.getByRole('textbox', { name: 'From' }).fill(utcDay(-30));
    await fixed;
    await expect(page.getByTestId('interval-range-problem')).toHaveCount(0);
    await expect(page.getByTestId('chart-interval-message')).toHaveCount(0);
    expect(stats.slice(before)).toEqual([{ route: PERIODIC, body: { startDate: utcDay(-30), endDate: utcDay(0), period: 'weekly' } }]);
  });
});
