import { readFileSync } from 'node:fs';
import { ADMIN, expect, test, uiLogin, uniq } from './fixtures';

/**
 * Issue 13, list machinery: on /viewUser a column header click sorts on the server (the request
 * carries `sort`/`order`, the first row changes), and Export downloads the server's CSV for the
 * current search and sort.
 */
test('admin sorts the staff list by a header click and exports it as CSV', async ({ page, api, adminToken }) => {
  const id = uniq();
  const phone = () => `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const staff = [`Abebe${id}`, `Yonas${id}`]; // created in this order: the newest (Yonas) is first by default
  for (const first_name of staff) {
    await api(await adminToken(), 'POST', '/users/register', {
      first_name, last_name: 'Bekele', phone: phone(), email: `${first_name.toLowerCase()}@example.com`, role: 'sales', password: 'Sales@Pass1',
    });
  }
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto('/viewUser');
  await page.getByPlaceholder('Search').fill(id);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(staff[1]);

  const ascending = page.waitForRequest((r) => /\/api\/users\?.*sort=first_name&order=asc/.test(r.url()));
  await page.locator('thead th').getByText('First Name').click();
  await ascending;
  await expect(rows.first()).toContainText(staff[0]);
  await expect(rows.nth(1)).toContainText(staff[1]);

  const descending = page.waitForRequest((r) => /\/api\/users\?.*sort=first_name&order=desc/.test(r.url()));
  await page.locator('thead th').getByText('First Name').click();
  await descending;
  await expect(rows.first()).toContainText(staff[1]);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`staff_${new Date().toISOString().slice(0, 10)}.csv`);
  const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('First Name,Father Name,Role,Phone Number,Email,Warehouse');
  expect(lines).toHaveLength(3); // the search applies: the two staff members, in the list's order
  expect(lines[1]).toContain(`${staff[1]},Bekele,`);
  expect(lines[1]).toContain(`${staff[1].toLowerCase()}@example.com`);
  expect(lines[2]).toContain(`${staff[0]},Bekele,`);
});

test('admin sorts the customer list by Company name and exports it as CSV', async ({ page, api, adminToken }) => {
  const id = uniq();
  const customers = [{ name: `Almaz${id}`, company: `Zebra${id} PLC` }, { name: `Tigist${id}`, company: `Acacia${id} PLC` }];
  for (const [i, c] of customers.entries()) {
    await api(await adminToken(), 'POST', '/customers/create', { ...c, address: 'Piassa', phone_no: [`91${i}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`], email: `${c.name.toLowerCase()}@example.com` });
  }
  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto('/customers/list');
  await page.getByPlaceholder('Search').fill(id);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(customers[1].name); // newest first

  const byCompany = page.waitForRequest((r) => /\/api\/customers\/all\?.*sort=company&order=asc/.test(r.url()));
  await page.locator('thead th').getByText('Company name').click();
  await byCompany;
  await expect(rows.first()).toContainText(customers[1].company);
  await page.locator('thead th').getByText('Full name').click();
  await expect(rows.first()).toContainText(customers[0].name);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`customers_${new Date().toISOString().slice(0, 10)}.csv`);
  const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Full name,Company name,Address,Phone Number,Email');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`${customers[0].name},${customers[0].company},Piassa,`);
  expect(lines[2]).toContain(`${customers[1].name},${customers[1].company},Piassa,`);
});
