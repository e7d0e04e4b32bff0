import type { Page, Request } from '@playwright/test';
import { ADMIN, expect, test, uiLogin, uniq } from './fixtures';

/**
 * The valuation report's totals come from their own route, asked once per filter: the footer shows
 * what POST /api/reports/asset/valuations/totals answers for the chosen filter; the next page, a
 * header sort and another page size ask only for rows, a filter change asks for totals again.
 */

const PASSWORD = 'Valuation@Totals1';
/** Bought 30 days ago: less than a year, so the current value is the purchased price. */
const PURCHASED = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
const TOTALS_PATH = '/api/reports/asset/valuations/totals';

interface Totals {
  records: number;
  purchasedPrice: string;
  currentValue: string;
  valuation: string;
}

let east: { id: string; name: string };
let west: { id: string; name: string };

test.beforeAll(async ({ api, adminToken }) => {
  test.setTimeout(180_000);
  const id = uniq();
  const admin = await adminToken();
  const warehouse = async (name: string) => ({ id: (await api<{ _id: string }>(admin, 'POST', '/warehouses', { name, address: 'Bole' }))._id, name });
  [east, west] = [await warehouse(`East ${id}`), await warehouse(`West ${id}`)];
  const keeper = async (w: { id: string }, key: string) => {
    const email = `totals.${key}.${id}@example.com`;
    await api(admin, 'POST', '/users/register', { first_name: 'Totals', last_name: key, phone: '911223344', email, role: 'warehouseAdmin', password: PASSWORD, warehouse: w.id });
    return (await api<{ token: string }>(admin, 'POST', '/users/login', { email, password: PASSWORD })).token;
  };
  const [eastKeeper, westKeeper] = [await keeper(east, 'east'), await keeper(west, 'west')];
  const category = (await api<{ _id: string }>(eastKeeper, 'POST', '/productCategories/add', {
    name: `Totals Cat ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs'],
  }))._id;
  const receive = async (token: string, w: { id: string }, n: number, quantity: number, purchasedPrice: number) => {
    const code = `VT-${n}-${id}`;
    const product = (await api<{ _id: string }>(eastKeeper, 'POST', '/products', {
      category, name: `Valued ${String(n).padStart(2, '0')} ${id}`, code, description: 'e2e', quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
    }))._id;
    await api(token, 'POST', '/inventory/incoming', {
      warehouse: w.id, product, quantity: [{ name: 'pcs', value: quantity }], grn: `GRN-${code}`, purchasedPrice, depreciationRate: 10, purchasedDate: PURCHASED,
    });
  };
  // twelve records in East (two pages of ten): prices 1.25 … 15.00, 3 pcs each; one in West
  for (let n = 1; n <= 12; n++) await receive(eastKeeper, east, n, 3, n * 1.25);
  await receive(westKeeper, west, 13, 2, 40);
});

/** '1234.50' as the screen writes money: '1,234.50'. */
const money = (value: string) => value.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Picks `name` in the Warehouse filter and clicks Filter Report. */
async function filterBy(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Warehouse' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Filter Report' }).click();
}

test('admin: the valuation footer shows the totals route, asked once per filter and never for a page or a sort', async ({ page, api, adminToken }) => {
  const admin = await adminToken();
  const totalsOf = (filter: object) => api<Totals>(admin, 'POST', '/reports/asset/valuations/totals', filter);
  const asked: unknown[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === TOTALS_PATH) asked.push(r.postDataJSON());
  });
  /** A request for a page of rows with `query` in its URL. */
  const rows = (query: string) => (r: Request) => r.url().includes(`/api/reports/asset/valuations?${query}`);
  const footer = page.getByTestId('valuation-totals');
  const expectFooter = async (t: Totals) => {
    await expect(footer).toContainText(`Total (${t.records} records)`);
    for (const figure of [t.valuation, t.currentValue, t.purchasedPrice]) await expect(footer).toContainText(money(figure));
  };
  /** Waits until nothing more could still be on its way, then checks the totals were asked exactly `bodies`. */
  const expectAsked = async (bodies: unknown[]) => {
    await page.waitForTimeout(1000);
    expect(asked).toEqual(bodies);
  };

  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto('/report');
  // every warehouse: asked once, with no filter
  await expect(page.getByTestId('valuation-table')).toBeVisible();
  await expectFooter(await totalsOf({}));
  await expectAsked([{}]);

  const firstPage = page.waitForRequest(rows('page=1&limit=10'));
  await filterBy(page, east.name);
  await firstPage;
  const eastTotals = await totalsOf({ warehouseId: east.id });
  // 1.25 × (1 + … + 12) = 97.50 bought and worth now; 3 pcs each
  expect(eastTotals).toEqual({ records: 12, purchasedPrice: '97.50', currentValue: '97.50', valuation: '292.50' });
  await expectFooter(eastTotals);
  await expect(page.getByText('1-10 of 12')).toBeVisible();
  await expectAsked([{}, { warehouseId: east.id }]);

  // the next page, a header sort and another page size: rows only, the same footer
  const secondPage = page.waitForRequest(rows('page=2&limit=10'));
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await secondPage;
  await expect(page.getByText('11-12 of 12')).toBeVisible();
  await expectFooter(eastTotals);
  const sorted = page.waitForRequest(rows('page=1&limit=10'));
  await page.locator('thead th').getByText('Valuation', { exact: true }).click();
  await sorted;
  await expect(page.getByText('1-10 of 12')).toBeVisible();
  const bigger = page.waitForRequest(rows('page=1&limit=25'));
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '25' }).click();
  await bigger;
  await expect(page.getByText('1-12 of 12')).toBeVisible();
  await expectFooter(eastTotals);
  await expectAsked([{}, { warehouseId: east.id }]);

  // another filter asks again, once
  await filterBy(page, west.name);
  await expectFooter({ records: 1, purchasedPrice: '40.00', currentValue: '40.00', valuation: '80.00' });
  expect(await totalsOf({ warehouseId: west.id })).toEqual({ records: 1, purchasedPrice: '40.00', currentValue: '40.00', valuation: '80.00' });
  await expectAsked([{}, { warehouseId: east.id }, { warehouseId: west.id }]);
});
