import type { Page } from '@playwright/test';
import { expect, test, uiLogin, uniq } from './fixtures';

/**
 * The change history reads as people speak: a staff member moved from one warehouse to
 * another shows both warehouses by their names, never their ids, with the field's label, in English
 * and in Amharic (an admin whose kept language is Amharic), on the staff member's screen and on the
 * Audit Log (where the record is named too). At 1440 and 390 px.
 */
const PASSWORD = 'History@Pass1';

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await uiLogin(page, email, PASSWORD);
}

for (const width of [1440, 390]) {
  test(`a staff member's warehouse move names both warehouses, in English and Amharic (${width} px)`, async ({ page, api, adminToken }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const id = uniq();
    const admin = await adminToken();
    const from = await api<{ _id: string; name: string }>(admin, 'POST', '/warehouses', { name: `Bole store ${id}`, address: 'Bole' });
    const to = await api<{ _id: string; name: string }>(admin, 'POST', '/warehouses', { name: `Merkato store ${id}`, address: 'Merkato' });
    const fields = { first_name: 'Hirut', last_name: 'Tadesse', phone: '911223344', email: `history.wa.${id}@example.com`, role: 'warehouseAdmin' };
    const staff = await api<{ _id: string }>(admin, 'POST', '/users/register', { ...fields, password: PASSWORD, warehouse: from._id });
    await api(admin, 'PATCH', `/users/updateuser/${staff._id}`, { ...fields, warehouse: to._id });
    // the readers: an admin in English and one whose kept language is Amharic
    const readers = { en: `history.en.${id}@example.com`, am: `history.am.${id}@example.com` };
    for (const [language, email] of Object.entries(readers)) {
      await api(admin, 'POST', '/users/register', { first_name: 'Reader', last_name: language, phone: '911223344', email, role: 'admin', password: PASSWORD });
    }
    const amToken = (await api<{ token: string }>(admin, 'POST', '/users/login', { email: readers.am, password: PASSWORD })).token;
    await api(amToken, 'PUT', '/users/me/preferences', { language: 'am' });

    const expected = {
      en: { title: 'Change history', change: `Warehouse: ${from.name} → ${to.name}`, record: `Staff member · Hirut Tadesse` },
      am: { title: 'የለውጥ ታሪክ', change: `መጋዘን: ${from.name} → ${to.name}`, record: `ሠራተኛ · Hirut Tadesse` },
    };
    for (const language of ['en', 'am'] as const) {
      await signIn(page, readers[language]);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.goto(`/userRegistration/${staff._id}`);
      const history = page.getByRole('region', { name: expected[language].title });
      const update = history.getByTestId('history-event').first();
      await expect(update.getByTestId('audit-change').filter({ hasText: expected[language].change })).toHaveCount(1);
      await expect(history).not.toContainText(from._id);
      await expect(history).not.toContainText(to._id);

      await page.goto(`/auditLog?filter=${encodeURIComponent(JSON.stringify({ entity_id: staff._id, action: 'update' }))}`);
      await expect(page.getByText(expected[language].change, { exact: true })).toBeVisible();
      await expect(page.getByText(expected[language].record, { exact: true })).toBeVisible();
      await expect(page.locator('body')).not.toContainText(to._id);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });
}
