import type { Page } from '@playwright/test';
import { expect, test, uiLogin, uniq } from './fixtures';

/**
 * The stock count rule on the count's page, in English and Amharic at 1440 and 390 px: a shelf of
 * 10 pcs, +5 and −2 posted before it is counted at 12, −1 after: the line shows expected 10,
 * moved before its count +3, moved after −1, the difference −1 (12 − 13), and the rule.
 */
const PASSWORD = 'Count@Pass1';

async function signInAs(page: Page, email: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await uiLogin(page, email, PASSWORD);
}

test('a count line shows the movements before and after its count and the difference taken against them', async ({ page, api, adminToken }) => {
  test.setTimeout(180_000);
  const admin = await adminToken();
  const id = uniq();
  const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Rule ${id}`, address: 'Adama' });
  const tokens: Record<string, string> = {};
  const emails: Record<string, string> = {};
  for (const [key, role] of [['keeper', 'warehouseAdmin'], ['finance', 'finance']] as const) {
    emails[key] = `${key}.rule.${id}@example.com`;
    await api(admin, 'POST', '/users/register', { first_name: key, last_name: 'Rule', phone: '911223344', email: emails[key], role, password: PASSWORD, ...(role === 'warehouseAdmin' ? { warehouse: warehouse._id } : {}) });
    tokens[key] = (await api<{ token: string }>(admin, 'POST', '/users/login', { email: emails[key], password: PASSWORD })).token;
  }
  const category = await api<{ _id: string }>(tokens.keeper, 'POST', '/productCategories/add', { name: `Rule Cat ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs'] });
  const product = await api<{ _id: string; name: string }>(tokens.keeper, 'POST', '/products', {
    category: category._id, name: `Rule Shelf ${id}`, code: `RU-${id}`, description: 'd', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
  });
  const move = (path: string, body: object) => api(tokens.keeper, 'POST', `/inventory/${path}`, body);
  const record = await move('incoming', { warehouse: warehouse._id, product: product._id, quantity: [{ name: 'pcs', value: 10 }], grn: `GRN-R-${id}` }) as { inventory: { _id: string } };
  const count = (await api<{ stock_count: { _id: string; lines: { _id: string }[] } }>(tokens.keeper, 'POST', '/stockCounts/create', { warehouse: warehouse._id, category: category._id })).stock_count;
  await move('incoming', { warehouse: warehouse._id, product: product._id, quantity: [{ name: 'pcs', value: 5 }], grn: `GRN-R2-${id}` });
  await move('outgoing', { id: record.inventory._id, quantity: [{ name: 'pcs', value: 2 }], gin: `GIN-R-${id}`, taken_by: 'Abebe' });
  await api(tokens.keeper, 'POST', '/stockCounts/line/update', { count_id: count._id, line_id: count.lines[0]._id, counted: [{ name: 'pcs', value: 12 }] });
  await move('outgoing', { id: record.inventory._id, quantity: [{ name: 'pcs', value: 1 }], gin: `GIN-R2-${id}`, taken_by: 'Abebe' });
  await api(tokens.keeper, 'POST', '/stockCounts/submit', { count_id: count._id });

  const line = page.getByTestId('count-line').filter({ hasText: product.name });
  const cells = line.getByRole('cell');
  for (const [language, before, after, rule] of [
    ['en', 'Moved before its count', 'Moved after its count', 'Difference = counted − (expected + moved before its count).'],
    ['am', 'ከመቆጠሩ በፊት የተንቀሳቀሰ', 'ከተቆጠረ በኋላ የተንቀሳቀሰ', 'ልዩነት = የተቆጠረ − (የሚጠበቅ + ከመቆጠሩ በፊት የተንቀሳቀሰ)።'],
  ] as const) {
    await api(tokens.finance, 'PUT', '/users/me/preferences', { language });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, emails.finance);
      await page.goto(`/stockCounts/${count._id}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('columnheader', { name: before })).toBeAttached();
      await expect(page.getByRole('columnheader', { name: after })).toBeAttached();
      // product, code, expected, counted, moved before, moved after, difference
      await expect(cells.nth(2)).toHaveText('10 pcs');
      await expect(cells.nth(3)).toHaveText('12 pcs');
      await expect(cells.nth(4)).toHaveText('3 pcs');
      await expect(cells.nth(5)).toHaveText('-1 pcs');
      await expect(cells.nth(6)).toHaveText('-1 pcs');
      await expect(page.getByTestId('count-rule')).toContainText(rule);
      await page.getByTestId('count-rule').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`count-rule-${language}-${width}.png`), fullPage: true });
    }
  }
  // approved, so no count of this spec stays pending in finance's badge for the specs after it
  await api(tokens.finance, 'POST', '/stockCounts/approve', { count_id: count._id });
});
