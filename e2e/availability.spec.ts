import { ADMIN, expect, test, uiLogin } from './fixtures';

/**
 * While the server or its database is unavailable the UI says so and keeps
 * the session; only a 401 signs out. The outage is simulated in the browser: every /api call
 * answers what the server answers with its database down (503 + Retry-After), then fails at the
 * network level (server down).
 */
const UNAVAILABLE = 'The server is temporarily unavailable, please try again shortly';

test('a 503 or no answer shows the unavailable notice and keeps the user signed in', async ({ page }) => {
  await uiLogin(page, ADMIN.email, ADMIN.password);
  const menu = page.getByTestId('main-menu');
  const notice = page.locator('.MuiSnackbarContent-message').first();

  await page.route('**/api/**', (route) =>
    route.fulfill({
      status: 503,
      headers: { 'Retry-After': '5' },
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 503, message: UNAVAILABLE, error: 'Service Unavailable' }),
    }),
  );
  await menu.getByRole('menuitem', { name: 'View Warehouse' }).click();
  await expect(notice).toHaveText(UNAVAILABLE);
  await expect(page).toHaveURL(/\/viewWarehouse$/);

  await page.unroute('**/api/**');
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await menu.getByRole('menuitem', { name: 'View Users' }).click();
  await expect(notice).toHaveText(UNAVAILABLE);
  await expect(page).not.toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await page.unroute('**/api/**'); // back: the same session works without signing in again
  await page.reload();
  await expect(page).not.toHaveURL(/\/login/);
  // the staff list loads again (any staff email; the admin's row may be on a later page by now)
  await expect(page.getByRole('cell', { name: /@example\.com$/ }).first()).toBeVisible();
});
