import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, expect, test, uiLogin, uniq, type ApiHelpers } from './fixtures';

/**
 * Screens (Phone width, Accessibility) and Tests (browser): every screen of every role at
 * 1440 x 900 and at 390 x 844 has no serious or critical axe-core violation (WCAG 2 A and AA rules),
 * does not scroll sideways, has a level-1 heading and an app bar title that is not cut. The screens
 * are the role's side-menu entries as the menu renders them (src/layout/menu.ts), the detail and edit
 * screens its entries lead to, and the login page. At 390 px the side menu opens from the menu
 * button, passes the same checks and closes on a choice.
 */

const PASSWORD = 'Access@Pass1';
const VIEWPORTS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];
const ROLES = ['admin', 'warehouseAdmin', 'finance', 'salesSupervisor', 'importAdmin', 'sales'] as const;
type Role = (typeof ROLES)[number];

/** What {@link seed} created: one user per role (besides the admin) and the ids of a few records. */
interface Seeded {
  emails: Record<Role, string>;
  warehouse: string;
  category: string;
  product: string;
  user: string;
  customer: string;
  /** Incoming lists: a draft, one awaiting the import admin, one awaiting finance. */
  incoming: { draft: string; awaitingImportAdmin: string; awaitingFinance: string };
  /** Outgoing lists: one awaiting the supervisor, one awaiting finance. */
  outgoing: { awaitingSupervisor: string; awaitingFinance: string };
  /** A draft transfer with a line to a second warehouse and a stock count being counted. */
  transfer: string;
  count: string;
}

let seeded: Promise<Seeded> | undefined;

/**
 * A warehouse, the role users, a category and a product with stock, a customer, incoming lists and
 * outgoing lists at several steps: tables, pickers and detail pages are not empty. Created once per
 * worker through the API.
 */
async function seed({ api, adminToken }: Pick<ApiHelpers, 'api' | 'adminToken'>): Promise<Seeded> {
  const id = uniq();
  const admin = await adminToken();
  const warehouse = (await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `A11y Warehouse ${id}`, address: 'Bole Road, Addis Ababa' }))._id;
  const emails = { admin: ADMIN.email } as Record<Role, string>;
  const tokens = { admin } as Record<Role, string>;
  let user = '';
  for (const role of ROLES.filter((r) => r !== 'admin')) {
    emails[role] = `a11y.${role.toLowerCase()}.${id}@example.com`;
    const created = await api<{ _id: string }>(admin, 'POST', '/users/register', {
      first_name: `Abebe ${role}`, last_name: 'Kebede', phone: '911223344', email: emails[role], role, password: PASSWORD, warehouse,
    });
    user ||= created._id;
    tokens[role] = await api<{ token: string }>(admin, 'POST', '/users/login', { email: emails[role], password: PASSWORD }).then((r) => r.token);
  }
  const wa = tokens.warehouseAdmin;
  const category = (await api<{ _id: string }>(wa, 'POST', '/productCategories/add', {
    name: `A11y Category ${id}`, description: 'Building materials', specifications: ['Color'], quantity_measurement: ['pcs', 'box'],
  }))._id;
  const product = (await api<{ _id: string }>(wa, 'POST', '/products', {
    category, name: `A11y Cement ${id}`, code: `AC-${id}`, description: 'Portland cement', specifications: [{ name: 'Color', value: 'Grey' }],
    quantity: ['pcs', 'box'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 50 },
  }))._id;
  const inventory = (await api<{ inventory: { _id: string } }>(wa, 'POST', '/inventory/incoming', {
    warehouse, product, quantity: [{ name: 'pcs', value: 20 }], grn: `GRN-A11Y-${id}`,
  })).inventory._id;
  const customer = (await api<{ _id: string }>(tokens.sales, 'POST', '/customers/create', {
    name: `Almaz Tesfaye ${id}`, company: 'Buyer PLC', address: 'Piassa', phone_no: ['922334455'], email: `buyer.${id}@example.com`,
  }))._id;

  const incomingList = async (n: number, steps: [Role, string][]): Promise<string> => {
    const created = await api<{ incoming_list: { _id: string }[] }>(wa, 'POST', '/incomingLists/create', { warehouse, grn: `GRN-${n}-${id}`, remarks: 'From the port' });
    const listId = created.incoming_list[0]._id;
    await api(wa, 'POST', '/incomingLists/product/add', { list_id: listId, product, quantity: [{ name: 'pcs', value: 5 * n }], purchasedPrice: 120.5, depreciationRate: 10 });
    for (const [role, path] of steps) await api(tokens[role], 'POST', `/incomingLists/${path}`, { list_id: listId, remark: `Checked by ${role}` });
    return listId;
  };
  const outgoingList = async (n: number, steps: [Role, string][]): Promise<string> => {
    const created = await api<{ outgoing_list: { _id: string } }>(tokens.sales, 'POST', '/outgoingLists/create', { warehouse, customer, gin: `GIN-${n}-${id}`, remarks: 'Urgent' });
    const listId = created.outgoing_list._id;
    await api(tokens.sales, 'POST', '/outgoingLists/product/add', { list_id: listId, product, inventory, quantity: [{ name: 'pcs', value: n }], unitPrice: 99.5 });
    for (const [role, path] of steps) await api(tokens[role], 'POST', `/outgoingLists/${path}`, { list_id: listId, remark: `Checked by ${role}` });
    return listId;
  };
  const elsewhere = (await api<{ _id: string }>(admin, 'POST', '/warehouses', { name: `A11y Branch ${id}`, address: 'Adama' }))._id;
  const transfer = (await api<{ transfer: { _id: string } }>(wa, 'POST', '/transfers/create', { from_warehouse: warehouse, to_warehouse: elsewhere, trn: `TRN-A11Y-${id}`, remark: 'To the branch' })).transfer._id;
  await api(wa, 'POST', '/transfers/product/add', { transfer_id: transfer, inventory, quantity: [{ name: 'pcs', value: 2 }] });
  const count = (await api<{ stock_count: { _id: string } }>(wa, 'POST', '/stockCounts/create', { warehouse })).stock_count._id;
  const submitted: [Role, string] = ['warehouseAdmin', 'submit'];
  const confirmed: [Role, string] = ['importAdmin', 'import-admin/approve-and-submit-for-finance-approval'];
  const toSupervisor: [Role, string] = ['sales', 'submit-for-sales-supervisor-approval'];
  const verified: [Role, string] = ['salesSupervisor', 'supervisor/approve-and-submit-for-finance-approval'];
  return {
    emails, warehouse, category, product, user, customer,
    incoming: { draft: await incomingList(1, []), awaitingImportAdmin: await incomingList(2, [submitted]), awaitingFinance: await incomingList(3, [submitted, confirmed]) },
    outgoing: { awaitingSupervisor: await outgoingList(1, [toSupervisor]), awaitingFinance: await outgoingList(2, [toSupervisor, verified]) },
    transfer,
    count,
  };
}

/** The screens a role reaches from its menu entries' pages (detail and edit screens), besides the entries themselves. */
function linkedScreens(role: Role, s: Seeded): string[] {
  switch (role) {
    case 'admin':
      return [`/userRegistration/${s.user}`, `/addWarehouse/${s.warehouse}`, `/sales/outgoing/${s.outgoing.awaitingFinance}`, `/transfers/${s.transfer}`, `/stockCounts/${s.count}`];
    case 'warehouseAdmin':
      return [`/addProduct/${s.product}`, `/addCategory/${s.category}`, `/singleIncomingList/${s.incoming.draft}`, '/outGoingInventory', `/sales/outgoing/${s.outgoing.awaitingFinance}`, `/transfers/${s.transfer}`, `/stockCounts/${s.count}`];
    case 'finance':
      return [`/pendingIncoming/${s.incoming.awaitingFinance}`, `/sales/outgoing/${s.outgoing.awaitingFinance}`, `/transfers/${s.transfer}`, `/stockCounts/${s.count}`];
    case 'importAdmin':
      return [`/pendingIncoming/${s.incoming.awaitingImportAdmin}`];
    case 'salesSupervisor':
      return [`/sales/outgoing/${s.outgoing.awaitingSupervisor}`];
    case 'sales':
      return [`/sales/outgoing/${s.outgoing.awaitingSupervisor}`, '/addWarehouse'];
  }
}

/** The side menu's links, in order, as the signed-in role's menu renders them. */
async function menuPaths(page: Page): Promise<string[]> {
  const items = page.getByTestId('main-menu').getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  return items.evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/**
 * Opens `path` in the running app as a menu click would (no reload), then waits for the new screen's
 * level-1 heading (its title) and for every loading indicator (skeletons, spinners, progress bars) to
 * go; a screen without that heading is a problem of its own.
 */
async function openScreen(page: Page, path: string, screen: string): Promise<string[]> {
  await page.evaluate((to) => {
    if (window.location.pathname === to) return; // already there (the dashboard after signing in)
    document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-previous-screen', ''));
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  const heading = page.locator('h1:not([data-previous-screen])').first();
  const titled = await heading.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false);
  await expect(page.locator('.MuiSkeleton-root, .MuiCircularProgress-root, .MuiLinearProgress-root')).toHaveCount(0);
  return titled ? [] : [`${screen}: no level-1 heading (the screen's title) within 10 s`];
}

/** Serious and critical axe violations, sideways scrolling and a cut app bar title of the current screen, one line each. */
async function problemsOf(page: Page, screen: string): Promise<string[]> {
  // fades and slides finished first (the menu badges' endless blink aside): axe sees the colours a person sees
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  const problems: string[] = [];
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
    for (const node of v.nodes) {
      problems.push(`${screen}: ${v.id} (${v.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? v.help}`);
    }
  }
  const widths = await page.evaluate(() => {
    const title = document.getElementById('react-admin-title');
    return { document: document.documentElement.scrollWidth, viewport: window.innerWidth, title: title ? title.scrollWidth - title.clientWidth : 0 };
  });
  if (widths.document > widths.viewport) problems.push(`${screen}: scrolls sideways (document ${widths.document} px wide, viewport ${widths.viewport} px)`);
  if (widths.title > 0) problems.push(`${screen}: the app bar's page title is cut (${widths.title} px hidden)`);
  return problems;
}

test.describe('accessibility and phone width', () => {
  test.use({ actionTimeout: 15_000 });

  test('the login page', async ({ page }) => {
    const problems: string[] = [];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      problems.push(...(await problemsOf(page, `/login at ${viewport.name}`)));
      await page.getByRole('button', { name: 'Login' }).click(); // the field messages are shown as well
      await expect(page.getByText('Please input your email!')).toBeVisible();
      problems.push(...(await problemsOf(page, `/login with messages at ${viewport.name}`)));
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  for (const role of ROLES) {
    test(`every screen of ${role}`, async ({ page, api, adminToken }) => {
      test.setTimeout(600_000); // a dozen screens, two widths, one axe run each, on a shared 2-core machine
      seeded ??= seed({ api, adminToken });
      const s = await seeded.catch((error: unknown) => {
        seeded = undefined;
        throw error;
      });
      await page.setViewportSize(VIEWPORTS[0]);
      await uiLogin(page, s.emails[role], role === 'admin' ? ADMIN.password : PASSWORD);
      const menu = await menuPaths(page);
      const screens = [...menu, ...linkedScreens(role, s)];
      const problems: string[] = [];
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(menu[0]); // the app loaded at this width, as on a phone; then screen to screen without reloads
        for (const path of screens) {
          const screen = `${role} ${path} at ${viewport.name}`;
          problems.push(...(await openScreen(page, path, screen)), ...(await problemsOf(page, screen)));
        }
      }

      // at 390 px the side menu is folded away behind the menu button, opens over the page and closes again
      const items = page.getByTestId('main-menu').getByRole('menuitem');
      await expect(items.first()).toBeHidden();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(items).toHaveCount(menu.length);
      await items.last().scrollIntoViewIfNeeded();
      await expect(items.last()).toBeInViewport();
      problems.push(...(await problemsOf(page, `${role} side menu open at 390`)));
      await items.first().click();
      await expect(page).toHaveURL(new RegExp(`${menu[0]}$`));
      await expect(items.first()).toBeHidden();
      await expect(page).toHaveTitle('Dashboard · Inventory Back Office'); // the tab names the screen (WCAG 2.4.2)
      console.log(`${role}: ${screens.length} screens at ${VIEWPORTS.length} widths, ${problems.length} problems`);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
