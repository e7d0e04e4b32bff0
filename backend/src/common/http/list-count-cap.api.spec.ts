import { sql } from 'drizzle-orm';
import { bearer, createUser, createWarehouse, createTestApp, type TestApp } from '../../../test/test-app';
import { insertCustomer } from '../../outgoing/testing';
import { COUNT_CAP } from './capped-count';

/** The most matches a searched list counts (the API decision's number). */
const SEARCH_COUNT_CAP = 1_000;

type Page = { total_count: number; total_capped: boolean; rows: string[] };

/**
 * The incoming and outgoing list pages count at most COUNT_CAP matching lists, SEARCH_COUNT_CAP
 * with a search term (`total_capped` beyond), while their pages and order stay those of every
 * match and their exports have every match. COUNT_CAP + 1
 * lists of each kind written in SQL, number g created g seconds ago (so newest first is by
 * number), all by one creator and, outgoing, for one customer; drafts but the oldest, cancelled.
 */
describe('List pages: the capped count', () => {
  let t: TestApp;

  /** GET `path`: the page's total, whether capped, and its GRNs or GINs in order. */
  const page = async (path: string, key: 'incoming_list_all' | 'outgoing_list_all'): Promise<Page> => {
    const res = await t.http.get(path).set(bearer(t.adminToken));
    expect(res.status).toBe(200);
    const { total_count, total_capped } = res.body.data;
    return { total_count, total_capped, rows: res.body.data[key].map((r: { grn?: string; gin?: string }) => r.grn ?? r.gin) };
  };
  const numbered = (prefix: string, ...n: number[]) => n.map((i) => `${prefix}${i}`);

  beforeAll(async () => {
    t = await createTestApp();
    const warehouse = await createWarehouse(t, 'Cap store');
    const keeper = await createUser(t, 'warehouseAdmin', warehouse);
    const seller = await createUser(t, 'sales', warehouse);
    const customer = await insertCustomer(t, 'Capcount Trading');
    const lists = sql`generate_series(1, ${COUNT_CAP + 1}) g`;
    const status = sql`case when g > ${COUNT_CAP} then 'cancelled' else 'draft' end`;
    await t.db.execute(sql`insert into incoming_lists (grn, status, warehouse_id, created_by, created_at)
      select 'CAP-GRN-' || g, ${status}, ${warehouse}, ${keeper.id}, now() - g * interval '1 second' from ${lists}`);
    await t.db.execute(sql`insert into outgoing_lists (gin, status, customer_id, warehouse_id, created_by, created_at)
      select 'CAP-GIN-' || g, ${status}, ${customer}, ${warehouse}, ${seller.id}, now() - g * interval '1 second' from ${lists}`);
  }, 180_000);
  afterAll(() => t.close());

  it.each([
    ['incoming', '/api/incomingLists/all', 'incoming_list_all', 'CAP-GRN-', 'warehouseadmin'],
    ['outgoing', '/api/outgoingLists/all', 'outgoing_list_all', 'CAP-GIN-', 'capcount'],
  ] as const)('%s: the cap with total_capped beyond it, every page in order, exact counts below it', async (_kind, path, key, prefix, everyone) => {
    expect(await page(`${path}?page=1&limit=3`, key)).toEqual({ total_count: COUNT_CAP, total_capped: true, rows: numbered(prefix, 1, 2, 3) });
    // the search through the creator's name (incoming) or the customer's (outgoing) matches every list
    expect(await page(`${path}?page=1&limit=3&search=${everyone}&sort=createdAt&order=desc`, key)).toEqual({
      total_count: SEARCH_COUNT_CAP,
      total_capped: true,
      rows: numbered(prefix, 1, 2, 3),
    });
    // a searched page past its cap is still there
    expect((await page(`${path}?page=${SEARCH_COUNT_CAP / 2 + 1}&limit=2&search=${everyone}`, key)).rows).toEqual(numbered(prefix, SEARCH_COUNT_CAP + 1, SEARCH_COUNT_CAP + 2));
    expect((await page(`${path}?page=1&limit=2&sort=createdAt&order=asc`, key)).rows).toEqual(numbered(prefix, COUNT_CAP + 1, COUNT_CAP));
    // the page past the cap is still there
    expect((await page(`${path}?page=${COUNT_CAP / 2 + 1}&limit=2`, key)).rows).toEqual(numbered(prefix, COUNT_CAP + 1));
    // 1000, 10000 and 10001 contain "1000"
    expect(await page(`${path}?page=1&limit=10&search=${prefix}1000`, key)).toEqual({ total_count: 3, total_capped: false, rows: numbered(prefix, 1000, 10000, 10001) });
    // every list but the oldest (cancelled) is a draft: exactly the cap, counted
    expect(await page(`${path}?page=1&limit=1&status=draft`, key)).toEqual({ total_count: COUNT_CAP, total_capped: false, rows: numbered(prefix, 1) });
  });

  it.each([
    ['incoming', '/api/incomingLists/export', 'warehouseadmin'],
    ['outgoing', '/api/outgoingLists/export', 'capcount'],
  ])('%s: the export of a search has every match, past both caps', async (_kind, path, everyone) => {
    const csv = await t.http.get(`${path}?format=csv&search=${everyone}`).set(bearer(t.adminToken));
    expect(csv.status).toBe(200);
    expect(csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/)).toHaveLength(1 + COUNT_CAP + 1);
  }, 120_000);
});
