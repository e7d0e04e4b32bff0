import { randomUUID } from 'node:crypto';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from './playwright.config';

export { expect, ADMIN };

/** A short unique suffix for names and emails. */
export const uniq = (): string => randomUUID().slice(0, 8);

/** What the API helpers need: Playwright's request context against the app under test. */
export interface ApiHelpers {
  /** POST /api/users/login; resolves to the token (throws with the server's message on failure). */
  apiLogin(email: string, password: string): Promise<string>;
  /** Any API call with a Bearer token; resolves to the `data` of the `{message, data}` envelope. */
  api<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<T>;
  /** The admin's token (signed in once per test). */
  adminToken(): Promise<string>;
}

async function call<T>(request: APIRequestContext, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await request.fetch(`/api${path}`, {
    method,
    data: body,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const json = (await res.json().catch(() => ({}))) as { data?: T; message?: string };
  if (!res.ok()) throw new Error(`${method} ${path} -> ${res.status()}: ${json.message ?? ''}`);
  return json.data as T;
}

/** Signs in through the login page and waits for the dashboard. */
export async function uiLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The side-menu entry titles, in order (without their count badges). */
export async function menuTitles(page: Page): Promise<string[]> {
  const nav = page.getByTestId('main-menu');
  await expect(nav.getByRole('menuitem').first()).toBeVisible();
  return (await nav.getByRole('menuitem').allInnerTexts()).map((t) => t.replace(/\s*(\d+|99\+)\s*$/, '').trim());
}

/** `test` with the API helpers as fixtures: `test('x', async ({ page, apiLogin, api, adminToken }) => ...)`. */
export const test = base.extend<ApiHelpers>({
  apiLogin: async ({ request }, use) => {
    await use(async (email, password) => (await call<{ token: string }>(request, null, 'POST', '/users/login', { email, password })).token);
  },
  api: async ({ request }, use) => {
    await use((token, method, path, body) => call(request, token, method, path, body));
  },
  adminToken: async ({ apiLogin }, use) => {
    let token: string | undefined;
    await use(async () => (token ??= await apiLogin(ADMIN.email, ADMIN.password)));
  },
});
