import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { ADMIN, expect, test, uiLogin, uniq } from './fixtures';

/**
 * What the browser walk found, at 1440 and 390 px: detail tables keep whole words at phone width,
 * the account button's accessible name holds the name it shows, the valuation column is in view,
 * a deep link survives signing in, an unknown path shows a not-found page, the create form proposes
 * the warehouse's next GRN, and an open list screen's row follows another user's change live.
 */
const PASSWORD = 'Walk@Pass1';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The cells of `table` narrower than their widest word (text measured in its own element's font). */
async function cellsNarrowerThanAWord(table: Locator): Promise<string[]> {
  return table.locator('th, td').evaluateAll((cells) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    return cells.flatMap((cell) => {
      const style = getComputedStyle(cell);
      const inner = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      let widest = 0;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const font = getComputedStyle(node.parentElement!);
        ctx.font = `${font.fontStyle} ${font.fontWeight} ${font.fontSize} ${font.fontFamily}`;
        // a word ends at a space or after a hyphen (where the browser may break it: "WALK-" "63bc")
        for (const word of (node.textContent ?? '').split(/\s+|(?<=-)/).filter(Boolean)) widest = Math.max(widest, ctx.measureText(word).width);
      }
      return widest > inner + 1 ? [`"${cell.textContent}": ${Math.round(inner)} px for a ${Math.round(widest)} px word`] : [];
    });
  });
}

/** The page is no wider than the window: wide tables scroll inside their own box. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe('browser walk fixes', () => {
  const id = uniq();
  const names = { warehouse: `Walk ${id}`, product: `Walk Lamp ${id}` };
  let warehouse: string;
  let waEmail: string;
  let importEmail: string;
  let incomingList: string;
  let product: string;
  let stockCount: string;

  test.beforeAll(async ({ api, apiLogin, adminToken }) => {
    const admin = await adminToken();
    warehouse = (await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: names.warehouse, address: 'Gondar' }))._id;
    const user = async (role: string, extra: object = {}) => {
      const email = `${role.toLowerCase()}.walk.${id}@example.com`;
      await api(admin, 'POST', '/users/register', { first_name: 'Walk', last_name: role, phone: '911223377', email, role, password: PASSWORD, ...extra });
      return email;
    };
    waEmail = await user('warehouseAdmin', { warehouse });
    importEmail = await user('importAdmin');
    const wa = await apiLogin(waEmail, PASSWORD);
    const category = (await api<{ _id: string }>(wa, 'POST', '/productCategories/add', { name: `Walk Cat ${id}`, description: 'Walk', specifications: [], quantity_measurement: ['pcs'] }))._id;
    product = (await api<{ _id: string }>(wa, 'POST', '/products', {
      category, name: names.product, code: `WALK-${id}`, description: 'Walk', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
    }))._id;
    await api(wa, 'POST', '/inventory/incoming', {
      warehouse, product, quantity: [{ name: 'pcs', value: 12 }], grn: `WALK-IN-${id}`, purchasedPrice: 250, depreciationRate: 10, purchasedDate: '2025-03-01',
    });
    incomingList = (await api<{ incoming_list: { _id: string }[] }>(wa, 'POST', '/incomingLists/create', { warehouse, grn: `WALK-${id}-0007`, remarks: { content: 'Walk' } })).incoming_list[0]._id;
    await api(wa, 'POST', '/incomingLists/product/add', { list_id: incomingList, product, quantity: [{ name: 'pcs', value: 4 }], purchasedPrice: 1250.75, depreciationRate: 12.5 });
    stockCount = (await api<{ stock_count: { _id: string } }>(wa, 'POST', '/stockCounts/create', { warehouse })).stock_count._id;
  });

  for (const viewport of VIEWPORTS) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport });

      test('detail tables keep every word whole and scroll in their own box', async ({ page }) => {
        await uiLogin(page, waEmail, PASSWORD);
        await page.goto(`/singleIncomingList/${incomingList}`);
        const lines = page.getByRole('table', { name: 'Products on this list' });
        await expect(lines).toContainText(names.product);
        expect(await cellsNarrowerThanAWord(lines)).toEqual([]);
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);

        await page.goto(`/stockCounts/${stockCount}`);
        const counted = page.getByRole('table', { name: 'Lines' });
        await expect(counted).toContainText(names.product);
        expect(await cellsNarrowerThanAWord(counted)).toEqual([]);
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      });

      test('a deep link leads to the page asked for after signing in; an unknown path says not found', async ({ page }) => {
        await page.goto('/report?from=walk');
        await expect(page).toHaveURL(/\/login/);
        await page.getByLabel('Email').fill(ADMIN.email);
        await page.getByLabel('Password').fill(ADMIN.password);
        await page.getByRole('button', { name: 'Login' }).click();
        await expect(page).toHaveURL(/\/report\?from=walk$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Asset Valuation Report' })).toBeVisible();

        await page.goto(`/no-such-page-${id}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`/no-such-page-${id}$`));
        await page.getByRole('link', { name: 'Go to the dashboard' }).click();
        await expect(page).toHaveURL(/\/dashboard$/);
      });

      test('the valuation is in view on the report', async ({ page }) => {
        await uiLogin(page, ADMIN.email, ADMIN.password);
        await page.goto('/report');
        if (viewport.width >= 600) {
          const table = page.getByTestId('valuation-table');
          await expect(table).toBeVisible();
          await expect(table.getByRole('columnheader', { name: 'Valuation' })).toBeInViewport({ ratio: 1 });
          await expect(table.locator('tbody tr').first().locator('td').nth(2)).toBeInViewport({ ratio: 1 });
        } else {
          await expect(page.getByText(/^Valuation: /).first()).toBeInViewport({ ratio: 1 });
        }
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      });

      test('the new incoming list form proposes the warehouse’s next GRN, editable, and creates the list with it', async ({ page, api, apiLogin }) => {
        const wa = await apiLogin(waEmail, PASSWORD);
        // the warehouse's latest numbered GRN sets the series
        const last = viewport.width > 600 ? 20 : 40;
        await api(wa, 'POST', '/incomingLists/create', { warehouse, grn: `WALK-${id}-00${last}` });
        const { number } = await api<{ number: string }>(wa, 'GET', `/next-number/grn?warehouse=${warehouse}`);
        expect(number).toBe(`WALK-${id}-00${last + 1}`);
        await uiLogin(page, waEmail, PASSWORD);
        await page.goto('/incomingInventory');
        await page.getByRole('button', { name: 'Add New Incoming Lists' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add New Incoming List' });
        const grn = dialog.getByLabel('Ref./GRN/');
        await expect(grn).toHaveValue(number);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(page).toHaveURL(/\/singleIncomingList\/[0-9a-f-]{36}$/);
        await expect(page.getByText(number).first()).toBeVisible();
        // the next proposal follows the number just used
        await page.goto('/incomingInventory');
        await page.getByRole('button', { name: 'Add New Incoming Lists' }).click();
        const next = `WALK-${id}-00${String(Number(number.slice(-2)) + 1).padStart(2, '0')}`;
        await expect(page.getByRole('dialog', { name: 'Add New Incoming List' }).getByLabel('Ref./GRN/')).toHaveValue(next);
        // typed over, the user's number stays
        await page.getByRole('dialog', { name: 'Add New Incoming List' }).getByLabel('Ref./GRN/').fill(`MINE-${id}-${viewport.width}`);
        await expect(page.getByRole('dialog', { name: 'Add New Incoming List' }).getByLabel('Ref./GRN/')).toHaveValue(`MINE-${id}-${viewport.width}`);
      });

      test('an open list screen’s row follows another user’s change without a reload', async ({ page, api, apiLogin }) => {
        const wa = await apiLogin(waEmail, PASSWORD);
        const importAdmin = await apiLogin(importEmail, PASSWORD);
        // no digit in it: it does not become the warehouse's latest numbered GRN (the proposal test's series)
        const grn = `WALK-LIVE-${id.replace(/\d/g, (d) => 'ghijklmnop'[Number(d)])}-${viewport.width > 600 ? 'wide' : 'narrow'}`.toUpperCase();
        const list = (await api<{ incoming_list: { _id: string }[] }>(wa, 'POST', '/incomingLists/create', { warehouse, grn })).incoming_list[0]._id;
        await api(wa, 'POST', '/incomingLists/product/add', { list_id: list, product, quantity: [{ name: 'pcs', value: 1 }] });
        await api(wa, 'POST', '/incomingLists/submit', { list_id: list, remark: 'Walk submit' });

        await uiLogin(page, waEmail, PASSWORD);
        await page.goto('/incomingInventory');
        const row = (viewport.width > 600 ? page.locator('tbody tr') : page.getByRole('listitem')).filter({ hasText: grn });
        await expect(row).toContainText('Pending Import Admin Approval');
        await api(importAdmin, 'POST', '/incomingLists/return', { list_id: list, remark: 'Back to you' });
        await expect(row).toContainText('Draft', { timeout: 5000 });
        await api(wa, 'POST', '/incomingLists/cancel', { list_id: list, remark: 'Not needed' });
        await expect(row).toContainText('Cancelled', { timeout: 5000 });
      });
    });
  }

  test('the new outgoing list and new transfer forms propose the warehouse’s next GIN and TRN', async ({ page, api, apiLogin, adminToken }) => {
    await page.setViewportSize(VIEWPORTS[0]);
    const salesEmail = `sales.walk.${id}@example.com`;
    await api(await adminToken(), 'POST', '/users/register', { first_name: 'Walk', last_name: 'Sales', phone: '911223377', email: salesEmail, role: 'sales', password: PASSWORD });
    const sales = await apiLogin(salesEmail, PASSWORD);
    const wa = await apiLogin(waEmail, PASSWORD);
    const gin = (await api<{ number: string }>(sales, 'GET', `/next-number/gin?warehouse=${warehouse}`)).number;
    const trn = (await api<{ number: string }>(wa, 'GET', `/next-number/trn?warehouse=${warehouse}`)).number;
    expect([gin, trn]).toEqual(['GIN-WAL-0001', 'TRN-WAL-0001']);

    await uiLogin(page, salesEmail, PASSWORD);
    await page.goto('/sales/outgoing');
    await page.getByRole('button', { name: 'Add New Outgoing List' }).click();
    const outgoing = page.getByRole('dialog', { name: 'New Outgoing List' });
    await outgoing.getByRole('combobox', { name: 'Warehouse' }).click();
    await page.getByRole('option', { name: names.warehouse }).click();
    await expect(outgoing.getByLabel('GIN')).toHaveValue(gin);

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    await uiLogin(page, waEmail, PASSWORD);
    await page.goto('/transfers');
    await page.getByRole('button', { name: 'New Transfer' }).click();
    await expect(page.getByRole('dialog', { name: 'New Transfer' }).getByLabel('TRN')).toHaveValue(trn);
  });

  test('the account button’s accessible name holds the name it shows (axe label-content-name-mismatch) at 1440 px', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS[0]);
    await uiLogin(page, waEmail, PASSWORD);
    // the button shows the first name; its accessible name starts with it
    const account = page.getByRole('banner').getByRole('button', { name: /^Walk \(Account\)$/ });
    await expect(account).toBeVisible();
    await expect(account).toHaveText('Walk');
    const { violations } = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
