import type { Page } from '@playwright/test';
import { expect, test, uiLogin, uniq } from './fixtures';

/**
 * A blind count on the screens of its counter, in English and Amharic at 1440 and 390 px: while it
 * is counted, Inventory and Transaction Range show "Hidden during count" where the counted record's
 * quantities were (never its 40 pcs), and the quantities of a record not on the count as before.
 */
const PASSWORD = 'Blind@Pass1';
const LABEL = { en: 'Hidden during count', am: 'በቆጠራ ጊዜ የተደበቀ' } as const;

async function signInAs(page: Page, email: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await uiLogin(page, email, PASSWORD);
}

test('a blind count’s counter reads "Hidden during count" instead of the counted record’s quantities', async ({ page, api, adminToken }) => {
  test.setTimeout(240_000);
  const admin = await adminToken();
  const id = uniq();
  const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Blind ${id}`, address: 'Adama' });
  const email = `keeper.blind.${id}@example.com`;
  await api(admin, 'POST', '/users/register', { first_name: 'Keeper', last_name: 'Blind', phone: '911223344', email, role: 'warehouseAdmin', password: PASSWORD, warehouse: warehouse._id });
  const keeper = (await api<{ token: string }>(admin, 'POST', '/users/login', { email, password: PASSWORD })).token;
  /** A product of its own category with `pcs` received. */
  const stocked = async (name: string, pcs: number) => {
    const category = await api<{ _id: string }>(keeper, 'POST', '/productCategories/add', { name: `${name} Cat`, description: 'd', specifications: [], quantity_measurement: ['pcs'] });
    const product = await api<{ _id: string; name: string }>(keeper, 'POST', '/products', {
      category: category._id, name, code: `${name.replace(/\W/g, '')}`, description: 'd', specifications: [], quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
    });
    await api(keeper, 'POST', '/inventory/incoming', { warehouse: warehouse._id, product: product._id, quantity: [{ name: 'pcs', value: pcs }], grn: `GRN-${name.replace(/\W/g, '')}` });
    return { category: category._id, name: product.name };
  };
  const counted = await stocked(`Counted ${id}`, 40);
  const other = await stocked(`Other ${id}`, 9);
  await api(keeper, 'POST', '/stockCounts/create', { warehouse: warehouse._id, category: counted.category, blind: true });

  const search = encodeURIComponent(JSON.stringify({ q: id }));
  const ledgerSearch = encodeURIComponent(JSON.stringify({ productSearchQuery: id }));
  for (const language of ['en', 'am'] as const) {
    await api(keeper, 'PUT', '/users/me/preferences', { language });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, email);
      // the table's rows at 1440 px, the list's items at 390 px
      const row = (name: string) => (width === 1440 ? page.getByTestId('inventory-row') : page.getByRole('listitem')).filter({ hasText: name });
      await page.goto(`/inventoryInAllWarehouse?filter=${search}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(row(counted.name)).toContainText(LABEL[language]);
      await expect(row(counted.name)).not.toContainText(/\b40\b/);
      await expect(row(other.name)).toContainText('9 : pcs');
      await expect(row(other.name)).not.toContainText(LABEL[language]);

      const movement = (name: string) => (width === 1440 ? page.getByTestId('transaction-row') : page.getByRole('listitem')).filter({ hasText: name });
      await page.goto(`/transactionRange?filter=${ledgerSearch}`);
      await expect(movement(counted.name)).toContainText(LABEL[language]);
      await expect(movement(counted.name)).not.toContainText('40 : pcs');
      await expect(movement(other.name)).toContainText('9 : pcs');
    }
  }
});
