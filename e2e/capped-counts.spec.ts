import { ADMIN, expect, test, uiLogin } from './fixtures';

/**
 * The ledger search and the incoming and outgoing list pages count at most 10,000
 * matches (`total_capped` beyond); Transaction Range and the list screens then say the total is a
 * floor, as the Audit Log does. The API's answers are marked capped on their way to the browser
 * (seeding 10,001 rows through the UI would take minutes); without the mark, no note.
 */
test('Transaction Range and the incoming and outgoing lists say "More than 10,000" when the count is capped', async ({ page }) => {
  let capped = true;
  await page.route(/\/api\/(transactions\/search|incomingLists\/all|outgoingLists\/all)\?/, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (capped) Object.assign(body.data, { total_count: 10_000, total_capped: true });
    await route.fulfill({ response, json: body });
  });
  await uiLogin(page, ADMIN.email, ADMIN.password);
  for (const [path, text] of [
    ['/transactionRange', 'More than 10,000 movements match'],
    ['/pendingIncoming', 'More than 10,000 incoming lists match'],
    ['/sales/outgoing', 'More than 10,000 outgoing lists match'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
  }
  capped = false;
  await Promise.all([page.waitForResponse(/\/api\/outgoingLists\/all\?/), page.reload()]);
  await expect(page.getByText('More than 10,000')).toHaveCount(0);
});
