import type { Page, TestInfo } from '@playwright/test';
import { expect, test, uniq } from './fixtures';

/**
 * Browser: a sales user switches the UI to Amharic on the login page, walks the dashboard,
 * an outgoing list and Transaction Range, and no English is left on those screens but the data; then
 * chooses the Ethiopian calendar in the user menu and the dates follow it. The spec's own warehouse
 * keeps its rows apart; its outgoing list is cancelled at the end (nothing left pending).
 */
const PASSWORD = 'Amharic@Pass1';

/** Latin words the Amharic UI keeps: document codes, units and file formats printed as they are. */
const KEPT_LATIN = new Set(['GRN', 'GIN', 'SIV', 'TRN', 'CSV', 'PDF', 'pcs', 'box']);

/**
 * The Latin words (3+ letters) left in the page's visible text once the data values are taken out
 * (the spec's own, and the text of the `dataSelector` elements: e.g. the dashboard's chart legends name
 * the products and customers of every spec), except {@link KEPT_LATIN}.
 */
async function englishOnScreen(page: Page, data: string[], dataSelector?: string): Promise<string[]> {
  let text = await page.evaluate(() => document.body.innerText);
  const shown = dataSelector ? await page.locator(dataSelector).allInnerTexts() : [];
  for (const value of [...data, ...shown].sort((a, b) => b.length - a.length)) text = text.split(value).join(' ');
  return [...new Set(text.match(/[A-Za-z]{3,}/g) ?? [])].filter((word) => !KEPT_LATIN.has(word));
}

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

const menuItem = (page: Page, name: string) => page.getByTestId('main-menu').getByRole('menuitem', { name });

test('the UI in Amharic: no English left but data, and dates in the Ethiopian calendar', async ({ page, api, adminToken, apiLogin }, testInfo) => {
  test.setTimeout(120_000);
  const id = uniq();
  const admin = await adminToken();
  const warehouse = await api<{ _id: string; name: string }>(admin, 'POST', '/warehouses', { name: `Amharic WH ${id}`, address: 'Addis Ababa' });
  const staff = async (role: string, first: string, extra: Record<string, string> = {}) => {
    const email = `am.${role.toLowerCase()}.${id}@example.com`;
    await api(admin, 'POST', '/users/register', { first_name: first, last_name: 'ከበደ', phone: '911223344', email, role, password: PASSWORD, ...extra });
    return { email, token: await apiLogin(email, PASSWORD) };
  };
  const keeper = await staff('warehouseAdmin', 'ሰላም', { warehouse: warehouse._id });
  const seller = await staff('sales', 'አበበ');
  const category = await api<{ _id: string }>(keeper.token, 'POST', '/productCategories/add', { name: `Cat ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs'] });
  const product = await api<{ _id: string; name: string; code: string }>(keeper.token, 'POST', '/products', {
    category: category._id, name: `Teff ${id}`, code: `TF-${id}`, description: 'd', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
  });
  const grn = `GRN-${id}`;
  const received = await api<{ inventory: { _id: string } }>(keeper.token, 'POST', '/inventory/incoming', { warehouse: warehouse._id, product: product._id, quantity: [{ name: 'pcs', value: 12 }], grn });
  const customer = await api<{ _id: string; name: string }>(seller.token, 'POST', '/customers/create', { name: `Buyer ${id}`, company: `Company ${id}`, address: 'Piassa', phone_no: ['922334455'], email: `buyer.am.${id}@example.com` });
  const gin = `GIN-${id}`;
  const { outgoing_list: list } = await api<{ outgoing_list: { _id: string } }>(seller.token, 'POST', '/outgoingLists/create', { warehouse: warehouse._id, customer: customer._id, gin, fs_number: `FS-${id}`, remarks: 'ለዓርብ' });
  await api(seller.token, 'POST', '/outgoingLists/product/add', { list_id: list._id, product: product._id, inventory: received.inventory._id, quantity: [{ name: 'pcs', value: 3 }], unitPrice: 1250.5 });
  const data = [warehouse.name, `Cat ${id}`, product.name, product.code, grn, gin, `FS-${id}`, customer.name, `Company ${id}`, seller.email, keeper.email, `buyer.am.${id}@example.com`, 'Addis Ababa', 'Piassa'];

  try {
    // the login page: English first, then Amharic from the language button
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByTestId('login-language').getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'አማርኛ' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    await page.getByLabel('ኢሜይል').fill(seller.email);
    await page.getByLabel('የይለፍ ቃል').fill(PASSWORD);
    await screenshot(page, testInfo, 'login-am');
    expect(await englishOnScreen(page, data)).toEqual([]);
    await page.getByRole('button', { name: 'ግባ' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // the dashboard
    await expect(page.getByTestId('greeting').first()).toContainText('አበበ');
    await expect(page.getByTestId('count-card')).toHaveCount(6);
    await expect(page.locator('canvas')).toHaveCount(4);
    await expect(page.getByTestId('count-warehouseCount')).not.toHaveText('–');
    await screenshot(page, testInfo, 'dashboard-am');
    expect(await englishOnScreen(page, data, '[role="group"] .MuiFormControlLabel-label')).toEqual([]);

    // the outgoing lists, then the spec's list
    await menuItem(page, 'የወጪ ክምችት').click();
    await expect(page).toHaveURL(/\/sales\/outgoing$/);
    await page.getByRole('row').filter({ hasText: gin }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/sales\/outgoing\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('list-gin')).toContainText(gin);
    await expect(page.getByTestId('list-status')).toContainText('ረቂቅ');
    await expect(page.getByTestId('line-price')).toHaveText('1,250.50');
    await screenshot(page, testInfo, 'outgoing-list-am');
    expect(await englishOnScreen(page, data)).toEqual([]);

    // Transaction Range, on the spec's warehouse
    await menuItem(page, 'ግብይት').click();
    await expect(page).toHaveURL(/\/transactionRange/);
    await page.getByRole('combobox', { name: 'መጋዘን' }).click();
    await page.getByRole('option', { name: warehouse.name }).click();
    const rows = page.getByTestId('transaction-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(grn);
    const today = (locale: string) => page.evaluate((l) => new Date().toLocaleDateString(l, { year: 'numeric', month: 'long', day: 'numeric' }), locale);
    await expect(rows.first()).toContainText(await today('am-ET'));
    await screenshot(page, testInfo, 'transactions-am');
    expect(await englishOnScreen(page, data)).toEqual([]);

    // the Ethiopian calendar, chosen in the user menu and saved to the account
    await page.getByRole('button', { name: 'መለያ' }).click();
    await page.getByRole('menuitemradio', { name: 'የኢትዮጵያ አቆጣጠር' }).click();
    await expect(page.locator('.MuiSnackbarContent-message')).toHaveText('የቀን አቆጣጠሩ ተቀምጧል');
    const ethiopianToday = await today('am-ET-u-ca-ethiopic');
    expect(ethiopianToday).not.toEqual(await today('am-ET'));
    await expect(page.getByTestId('transaction-row').first()).toContainText(ethiopianToday);
    expect((await api<{ calendar?: string }>(seller.token, 'GET', '/users/getUser')).calendar).toBe('ethiopian');
    await screenshot(page, testInfo, 'transactions-am-ethiopian');
    expect(await englishOnScreen(page, data)).toEqual([]);

    // the language and the calendar stay after a reload
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    await expect(page.getByTestId('transaction-row').first()).toContainText(ethiopianToday);

    // a date input takes the day in the Ethiopian calendar: 23 Tir (ጥር) 2018 is 31 January 2026
    const picker = page.locator('input[name="specificDate"]');
    await picker.fill('23/05/2018');
    await expect(page).toHaveURL(/specificDate%22%3A%222026-01-31/);
    await expect(picker).toHaveValue('23/05/2018');
  } finally {
    await api(seller.token, 'POST', '/outgoingLists/cancel', { list_id: list._id, remark: 'e2e cleanup' });
  }
});
