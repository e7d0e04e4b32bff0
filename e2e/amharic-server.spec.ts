import type { Page, TestInfo } from '@playwright/test';
import { expect, test, uniq } from './fixtures';

/**
 * Amharic everywhere, at 1440 and 390 px: a new browser opens in the language kept with
 * the user; the server's failures (a wrong password, a taken warehouse name) reach the Amharic
 * screen in Amharic; Amharic renders with the bundled Noto Sans Ethiopic (Debian's Chromium has no
 * Ethiopic font of its own); a date filter takes the day in the Ethiopian calendar.
 */
const PASSWORD = 'Amharic@Pass1';
const VIEWPORTS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

const snackbar = (page: Page) => page.locator('.MuiSnackbarContent-message');

/** Today (UTC) as the Ethiopian date input shows it (`dd/mm/yyyy`), through the browser's Intl. */
const ethiopianToday = (page: Page) =>
  page.evaluate(() => {
    const parts = new Intl.DateTimeFormat('en-US-u-ca-ethiopic-nu-latn', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
    const part = (type: string) => parts.find((p) => p.type === type)!.value.padStart(2, '0');
    return `${part('day')}/${part('month')}/${part('year')}`;
  });

for (const viewport of VIEWPORTS) {
  test(`Amharic at ${viewport.name} px: the language kept with the user, server failures in Amharic, Ethiopic glyphs, Ethiopian date filters`, async ({ page, api, adminToken, apiLogin }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const id = uniq();
    const admin = await adminToken();
    const warehouse = await api<{ _id: string; name: string }>(admin, 'POST', '/warehouses', { name: `ሀዋሳ መጋዘን ${id}`, address: 'ሀዋሳ' });
    const staff = async (role: string, extra: Record<string, string> = {}) => {
      const email = `am.srv.${role.toLowerCase()}.${id}@example.com`;
      await api(admin, 'POST', '/users/register', { first_name: 'ታደሰ', last_name: 'ከበደ', phone: '911223344', email, role, password: PASSWORD, ...extra });
      return { email, token: await apiLogin(email, PASSWORD) };
    };
    const keeper = await staff('warehouseAdmin', { warehouse: warehouse._id });
    const boss = await staff('admin');
    const category = await api<{ _id: string }>(keeper.token, 'POST', '/productCategories/add', { name: `ምድብ ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs'] });
    const product = await api<{ _id: string }>(keeper.token, 'POST', '/products', {
      category: category._id, name: `ጤፍ ${id}`, code: `TF-${id}`, description: 'd', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
    });
    const grn = `GRN-${id}`;
    await api(keeper.token, 'POST', '/inventory/incoming', { warehouse: warehouse._id, product: product._id, quantity: [{ name: 'pcs', value: 4 }], grn });
    // chosen on another browser: Amharic and the Ethiopian calendar, kept with the user
    await api(boss.token, 'PUT', '/users/me/preferences', { language: 'am', calendar: 'ethiopian' });

    // a new browser opens in English; signing in applies the user's Amharic
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByLabel('Email').fill(boss.email);
    await page.getByLabel('Password').fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(snackbar(page)).toHaveText('Invalid email or password');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    await expect(page.getByTestId('greeting').first()).toContainText('ታደሰ');

    // the bundled font draws the Ethiopic script
    const font = await page.evaluate(async () => {
      await document.fonts.ready;
      const faces = [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Noto Sans Ethiopic Variable');
      return { loaded: faces.filter((f) => f.status === 'loaded').length, stack: getComputedStyle(document.body).fontFamily, drawn: document.fonts.check('16px "Noto Sans Ethiopic Variable"', 'ሀለሐ') };
    });
    expect(font.loaded).toBeGreaterThan(0);
    expect(font.drawn).toBe(true);
    expect(font.stack).toContain('Noto Sans Ethiopic Variable');
    await screenshot(page, testInfo, `dashboard-am-${viewport.name}`);

    // a 409 from the server, on an Amharic screen, in Amharic
    await page.goto('/addWarehouse');
    await page.getByLabel('ስም').fill(warehouse.name);
    await page.getByLabel('አድራሻ').fill('ሀዋሳ');
    await page.getByRole('button', { name: 'አስቀምጥ' }).click();
    await expect(snackbar(page)).toHaveText(`"${warehouse.name}" የተባለ መጋዘን ቀድሞውኑ አለ`);
    await screenshot(page, testInfo, `warehouse-taken-am-${viewport.name}`);

    // the date filter takes the day in the Ethiopian calendar, kept as the Gregorian day
    // the filters shown as on a phone they are once chosen from the Filters button
    const filter = encodeURIComponent(JSON.stringify({ warehouseId: warehouse._id }));
    const displayed = encodeURIComponent(JSON.stringify({ warehouseId: true, specificDate: true }));
    await page.goto(`/transactionRange?filter=${filter}&displayedFilters=${displayed}`);
    // the spec's one movement: a table row at 1440 px, a card at 390 px
    const movement = page.getByText(grn);
    await expect(movement.first()).toBeVisible();
    const day = page.locator('input[name="specificDate"]');
    await expect(day).toHaveAttribute('placeholder', 'ቀን/ወር/ዓመት');
    await expect(day).toHaveAttribute('data-calendar', 'ethiopian');
    const today = await ethiopianToday(page);
    await day.fill(today);
    await expect(page).toHaveURL(new RegExp(`specificDate%22%3A%22${new Date().toISOString().slice(0, 10)}`));
    await expect(movement.first()).toBeVisible();
    await day.fill('23/05/2018'); // 31 January 2026
    await expect(page).toHaveURL(/specificDate%22%3A%222026-01-31/);
    await expect(movement).toHaveCount(0);
    await day.fill('31/05/2018'); // no such day: marked, the filter stays
    await expect(page.getByText('የኢትዮጵያ አቆጣጠር ቀን፦ ቀን/ወር/ዓመት፣ ለምሳሌ 23/05/2018')).toBeVisible();
    await expect(page).toHaveURL(/specificDate%22%3A%222026-01-31/);
    await screenshot(page, testInfo, `date-filter-am-${viewport.name}`);
    await page.reload();
    await expect(page.locator('input[name="specificDate"]')).toHaveValue('23/05/2018');

    // signed out, the sign-in screen stays Amharic, and the server's 401 reaches it in Amharic
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto('/login');
    await page.getByLabel('ኢሜይል').fill(boss.email);
    await page.getByLabel('የይለፍ ቃል').fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'ግባ' }).click();
    await expect(snackbar(page)).toHaveText('ኢሜይሉ ወይም የይለፍ ቃሉ ትክክል አይደለም');
    await screenshot(page, testInfo, `login-failed-am-${viewport.name}`);
  });
}
