import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test, uiLogin, uniq } from './fixtures';

// pdf-parse's index runs a self-test when required from a module without a parent; the lib entry does not.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse = require('pdf-parse/lib/pdf-parse.js') as (data: Buffer) => Promise<{ text: string }>;

const PASSWORD = 'Store@Pass1';
const notification = (page: Page) => page.locator('.MuiSnackbarContent-message');
const outgoingBadge = (page: Page) => page.getByTestId('main-menu').getByRole('menuitem', { name: /Outgoing Inventory/ }).locator('.MuiBadge-badge');
const STEPS = { submit: 'submit-for-sales-supervisor-approval', verify: 'supervisor/approve-and-submit-for-finance-approval', approve: 'approve' } as const;

/** A second signed-in browser page (its own context, so its own session) for `email`. */
async function secondPage(browser: Browser, email: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ baseURL: test.info().project.use.baseURL, viewport });
  await uiLogin(page, email, PASSWORD);
  return page;
}

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test(`every unit of a line is billed, the add dialog is titled for outgoing lists, buttons follow the status (${viewport.width} px)`, async ({ page, browser, api, adminToken }) => {
    test.setTimeout(180_000); // three sign-ins and the workflow on a shared 2-core machine
    await page.setViewportSize(viewport);
    const id = uniq();
    const admin = await adminToken();
    const warehouse = await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `Unit prices WH ${id}`, address: 'Merkato' });
    const emails: Record<string, string> = {};
    const tokens: Record<string, string> = {};
    for (const role of ['warehouseAdmin', 'sales', 'salesSupervisor', 'finance']) {
      emails[role] = `${role.toLowerCase()}.up.${id}@example.com`;
      await api(admin, 'POST', '/users/register', {
        first_name: role, last_name: 'E2E', phone: '911223344', email: emails[role], role, password: PASSWORD,
        ...(role === 'warehouseAdmin' ? { warehouse: warehouse._id } : {}),
      });
      tokens[role] = (await api<{ token: string }>(admin, 'POST', '/users/login', { email: emails[role], password: PASSWORD })).token;
    }
    const wa = tokens.warehouseAdmin;
    const category = await api<{ _id: string }>(wa, 'POST', '/productCategories/add', { name: `Tiles ${id}`, description: 'd', specifications: [], quantity_measurement: ['pcs', 'box'] });
    const product = await api<{ _id: string; name: string }>(wa, 'POST', '/products', {
      category: category._id, name: `Floor tile ${id}`, code: `FT-${id}`, description: 'd', specifications: [],
      quantity: ['pcs', 'box'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
    });
    await api(wa, 'POST', '/inventory/incoming', { warehouse: warehouse._id, product: product._id, quantity: [{ name: 'pcs', value: 50 }, { name: 'box', value: 5 }], grn: `GRN-UP-${id}` });
    const customer = await api<{ _id: string }>(tokens.sales, 'POST', '/customers/create', { name: `Buyer ${id}`, company: 'Buyer PLC', address: 'Piassa', phone_no: ['922334455'], email: `buyer.up.${id}@example.com` });
    const gin = `GIN-UP-${id}`;
    const { outgoing_list: list } = await api<{ outgoing_list: { _id: string } }>(tokens.sales, 'POST', '/outgoingLists/create', { warehouse: warehouse._id, customer: customer._id, gin });

    // sales adds "5 pcs, 1 box" with a price for each unit in the add dialog
    await uiLogin(page, emails.sales, PASSWORD);
    await page.goto(`/sales/outgoing/${list._id}`);
    await expect(page.getByTestId('list-status')).toContainText('Draft');
    await expect(page.getByTestId('lines-locked')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByLabel('Search products').fill(product.name);
    await page.getByRole('button', { name: `Add ${product.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Add Product to Outgoing List' })).toBeVisible();
    await expect(dialog.getByText('New Incoming Lists')).toHaveCount(0);
    await dialog.getByLabel(`${product.name} pcs`).fill('5');
    await dialog.getByLabel(`${product.name} box`).fill('1');
    await dialog.getByLabel('Price of one pcs (ETB)').fill('12.50');
    await dialog.getByLabel('Price of one box (ETB)').fill('140');
    // both price fields are within the screen
    for (const unit of ['pcs', 'box']) {
      const box = (await dialog.getByLabel(`Price of one ${unit} (ETB)`).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page)).toHaveText('Product Added Successfully');
    await expect(page.getByTestId('line-price')).toContainText('12.50 / pcs');
    await expect(page.getByTestId('line-price')).toContainText('140.00 / box');
    await expect(page.getByRole('button', { name: `Edit ${product.name}` })).toBeVisible();

    if (viewport.width >= 600) {
      // the list page's total bills both units: 5 × 12.50 + 1 × 140.00
      await page.goto('/sales/outgoing');
      await expect(page.getByRole('row').filter({ hasText: gin })).toContainText('202.50');
      await page.goto(`/sales/outgoing/${list._id}`);
    }

    // submitted and confirmed: the warehouseAdmin has nothing awaiting delivery yet
    await api(tokens.sales, 'POST', `/outgoingLists/${STEPS.submit}`, { list_id: list._id });
    await api(tokens.salesSupervisor, 'POST', `/outgoingLists/${STEPS.verify}`, { list_id: list._id });
    const keeper = await secondPage(browser, emails.warehouseAdmin, viewport);
    if (viewport.width < 600) await keeper.getByRole('button', { name: 'Open menu' }).click();
    await expect(keeper.getByTestId('main-menu').getByRole('menuitem', { name: /Outgoing Inventory/ })).toBeVisible();
    await expect(outgoingBadge(keeper)).toHaveCount(0);
    // finance approves elsewhere: the warehouseAdmin's badge shows it live, with no navigation
    await api(tokens.finance, 'POST', `/outgoingLists/${STEPS.approve}`, { list_id: list._id });
    await expect(outgoingBadge(keeper)).toHaveText('1');

    // the approved list no longer offers line edits to sales, and says why
    await page.reload();
    await expect(page.getByTestId('list-status')).toContainText('Approved');
    await expect(page.getByTestId('lines-locked')).toHaveText('Products can no longer change: the list is Approved.');
    await expect(page.getByRole('button', { name: 'Add Product' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Edit ${product.name}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Delete ${product.name}` })).toHaveCount(0);

    // the warehouseAdmin delivers; the badge goes; the invoice bills both units
    if (viewport.width < 600) await keeper.keyboard.press('Escape'); // the phone menu stays open across navigation otherwise
    await keeper.goto(`/sales/outgoing/${list._id}`);
    await keeper.getByRole('button', { name: 'Confirm Delivery', exact: true }).click();
    await keeper.getByRole('dialog').getByRole('button', { name: 'Confirm Delivery', exact: true }).click();
    await expect(notification(keeper)).toHaveText('Delivery Confirmed Successfully');
    if (viewport.width < 600) await keeper.getByRole('button', { name: 'Open menu' }).click();
    await expect(outgoingBadge(keeper)).toHaveCount(0);
    if (viewport.width < 600) await keeper.keyboard.press('Escape');
    const download = keeper.waitForEvent('download');
    await keeper.getByRole('button', { name: 'Invoice' }).click();
    const { text } = await pdfParse(readFileSync((await (await download).path())!));
    for (const field of ['62.50', '140.00', 'box', '202.50 ETB']) expect(text).toContain(field);
    await keeper.close();
  });
}
