import { ADMIN, expect, test, uiLogin, uniq } from './fixtures';

/** Customers imported by this test: one more than a searched list counts. */
const CUSTOMERS = 1_001;

/**
 * A searched list counts at most 1,000 matches: the customer list searched for 1,001 imported
 * customers says "1-10 of 1,000+", its Next button pages on, and the pages past the cap are there
 * (the last one with Next disabled); a search of a few shows their exact count.
 */
test('a search matching more than 1,000 customers shows "1,000+" and pages past it', async ({ page, request, adminToken }) => {
  const tag = `capsearch${uniq()}`;
  const csv = ['Name,Company,Phone,Email', ...Array.from({ length: CUSTOMERS }, (_, i) => `${tag} customer ${i + 1},Capsearch PLC,+251 911 000 111,${tag}.${i + 1}@example.com`)].join('\n');
  const headers = { Authorization: `Bearer ${await adminToken()}` };
  const upload = await request.post('/api/imports', { headers, multipart: { kind: 'customers', file: { name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } } });
  expect(upload.status()).toBe(201);
  const { import: imported } = (await upload.json()).data as { import: { _id: string } };
  const commit = await request.post(`/api/imports/${imported._id}/commit`, { headers });
  expect((await commit.json()).data.import.status).toBe('committed');

  await uiLogin(page, ADMIN.email, ADMIN.password);
  await page.goto('/customers/list');
  await page.getByRole('textbox', { name: 'Search' }).fill(tag);
  await expect(page.getByText('1-10 of 1,000+')).toBeVisible();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText('11-20 of 1,000+')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to previous page' })).toBeEnabled();

  // the page past the cap: the 1,001st customer alone, and no next page
  const filter = encodeURIComponent(JSON.stringify({ q: tag }));
  await page.goto(`/customers/list?filter=${filter}&page=101&perPage=10`);
  await expect(page.getByText('1,001-1,001 of 1,000+')).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Go to next page' })).toBeDisabled();

  // 100, 1000 and 1001: counted exactly
  await page.goto(`/customers/list?filter=${encodeURIComponent(JSON.stringify({ q: `${tag} customer 100` }))}`);
  await expect(page.getByText('1-3 of 3')).toBeVisible();
});
