import { expect, test, uiLogin, uniq } from './fixtures';

/** Point 5: "Change password" in the header's user menu. */
test('a user changes the password from the user menu, keeps working, signs out and signs in with the new one', async ({ page, api, adminToken }) => {
  const email = `account.${uniq()}@example.com`;
  await api(await adminToken(), 'POST', '/users/register', {
    first_name: 'Selam', last_name: 'Bekele', phone: '911000000', email, role: 'sales', password: 'Old@Pass1',
  });
  await uiLogin(page, email, 'Old@Pass1');

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  const submit = dialog.getByRole('button', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('Wrong@Pass1');
  await dialog.getByLabel('New password', { exact: true }).fill('weak');
  await expect(dialog.getByText(/Password must be at least 8 characters/)).toBeVisible();
  await dialog.getByLabel('New password', { exact: true }).fill('New@Pass12');
  await dialog.getByLabel('Confirm new password').fill('New@Pass13');
  await expect(dialog.getByText('The two new passwords do not match')).toBeVisible();
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Confirm new password').fill('New@Pass12');

  await submit.click();
  await expect(page.locator('.MuiSnackbarContent-message')).toHaveText('The current password is not correct');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Current password').fill('Old@Pass1');
  await submit.click();
  await expect(page.locator('.MuiSnackbarContent-message').last()).toHaveText('Password Changed Successfully');
  await expect(dialog).toBeHidden();

  // the old token has ended: the session goes on with the fresh one
  await page.getByTestId('main-menu').getByRole('menuitem', { name: 'View Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'List of Products' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await uiLogin(page, email, 'New@Pass12');
});
