import { sql } from 'drizzle-orm';
import type { Role } from '@inventory/common';
import { rowsOf } from '../database/raw-sql';
import { csvOf, importFile } from '../imports/testing';
import { bearer, createRoleUsers, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { MonthEndSealer } from './month-end-sealer';
import { monthEnd } from './range-plan';
import { seedCategory, seedCustomer, seedDaily, seedProduct, seedWarehouse, type DailySeed } from './testing';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const TODAY = dayOf(Date.now());
const FIRST = '2025-09-01';

/** The months the sealer must have sealed: from FIRST's month through the last month over for an hour. */
function dueMonths(): string[] {
  const out: string[] = [];
  for (let m = FIRST; Date.parse(`${monthEnd(m)}T00:00:00Z`) + DAY_MS + 3_600_000 <= Date.now(); ) {
    out.push(m);
    const d = new Date(`${m}T00:00:00Z`);
    m = dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  }
  return out;
}

/**
 * Date-ranged statistics read from month-end totals answer exactly what adding up
 * every daily total of the range answers, for every kind of range and both warehouse scopes;
 * imported history dated in a sealed month forgets the month-end totals from that month on.
 */
describe('Statistics from month-end totals (issue 17)', () => {
  let t: TestApp;
  let users: Record<Role, TestUser>;
  let sealer: MonthEndSealer;
  let A: string;
  const codes: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ STATS_MEMO_SECONDS: '0' });
    const db = t.db;
    const cat = await seedCategory(db, undefined, ['kg', 'pcs']);
    A = await seedWarehouse(db, 'Month-end A');
    const B = await seedWarehouse(db, 'Month-end B');
    users = await createRoleUsers(t, A);
    const products: { id: string; units: string[] }[] = [];
    for (let i = 0; i < 8; i++) {
      const units = i % 2 ? ['pcs', 'kg'] : ['kg'];
      codes.push(`ME-${i}-${Date.now().toString(36)}`);
      products.push({ id: await seedProduct(db, cat, { name: `Month-end product ${i}`, code: codes[i], units }), units });
    }
    const customers = [await seedCustomer(db), await seedCustomer(db)];
    // movements on about every 3rd day from FIRST to today, month starts and ends included, none in
    // January and February 2026: both types, three decimals, some outgoing quantities negative (customer returns)
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const rows: DailySeed[] = [];
    for (let ms = Date.parse(`${FIRST}T00:00:00Z`); ms <= Date.parse(`${TODAY}T00:00:00Z`); ms += DAY_MS) {
      const day = dayOf(ms);
      if (random(3) && !['01', '28', '30', '31'].includes(day.slice(8))) continue;
      if (day.startsWith('2026-01') || day.startsWith('2026-02')) continue; // two months without movements
      for (let k = 0; k < 3; k++) {
        const p = products[random(products.length)];
        const outgoing = random(2) === 1;
        rows.push({
          day,
          type: outgoing ? 'outgoing' : 'incoming',
          productId: p.id,
          warehouseId: random(3) ? A : B,
          customerId: outgoing ? customers[random(2)] : undefined,
          unit: p.units[random(p.units.length)],
          quantity: ((outgoing && random(10) === 0 ? -1 : 1) * (1 + random(50_000))) / 1000,
        });
      }
    }
    await seedDaily(db, rows);
    sealer = t.app.get(MonthEndSealer);
    await sealer.sealDue();
  });
  afterAll(() => t.close());

  const sealedMonths = async () => (await rowsOf<{ month: string }>(t.db, sql`SELECT to_char(month, 'YYYY-MM-DD') AS month FROM stock_sealed_months ORDER BY 1`)).map((r) => r.month);

  /** Sealed month-end rows that differ from adding up the daily totals through the month's end. */
  const monthEndMismatches = () =>
    rowsOf(
      t.db,
      sql`WITH expected AS (
          SELECT s.month, w.warehouse_id, d.product_id, d.unit,
            sum(d.quantity) FILTER (WHERE d.transaction_type = 'incoming') AS incoming, sum(d.quantity) FILTER (WHERE d.transaction_type = 'outgoing') AS outgoing
          FROM stock_sealed_months s JOIN stock_daily_totals d ON d.day < s.month + interval '1 month'
          CROSS JOIN LATERAL (VALUES (d.warehouse_id), ('00000000-0000-0000-0000-000000000000'::uuid)) w(warehouse_id)
          GROUP BY 1, 2, 3, 4),
        -- a month without movements reads the rows of the month it points to
        stored AS (
          SELECT s.month, m.warehouse_id, m.product_id, m.unit, m.incoming_quantity, m.outgoing_quantity
          FROM stock_sealed_months s JOIN stock_month_end_totals m ON m.month = s.totals_month)
        SELECT * FROM expected e FULL JOIN stored m USING (month, warehouse_id, product_id, unit)
        WHERE coalesce(e.incoming, 0) <> coalesce(m.incoming_quantity, -1) OR coalesce(e.outgoing, 0) <> coalesce(m.outgoing_quantity, -1)`,
    );

  /** In-vs-out as the sum of every daily total in the range (the definition). */
  const inOutFromDays = async (from?: string, to?: string, warehouseId?: string) =>
    (
      await rowsOf<{ productId: string; productName: string; unit: string; i: string; o: string }>(
        t.db,
        sql`SELECT d.product_id AS "productId", p.name AS "productName", d.unit,
            coalesce(sum(d.quantity) FILTER (WHERE d.transaction_type = 'incoming'), 0)::text AS i,
            coalesce(sum(d.quantity) FILTER (WHERE d.transaction_type = 'outgoing'), 0)::text AS o
          FROM stock_daily_totals d JOIN products p ON p.id = d.product_id
          WHERE ${from ? sql`d.day >= ${from}::date` : sql`true`} AND ${to ? sql`d.day <= ${to}::date` : sql`true`}
            AND ${warehouseId ? sql`d.warehouse_id = ${warehouseId}` : sql`true`}
          GROUP BY 1, 2, 3 HAVING coalesce(sum(d.quantity) FILTER (WHERE d.transaction_type = 'incoming'), 0) <> 0
            OR coalesce(sum(d.quantity) FILTER (WHERE d.transaction_type = 'outgoing'), 0) <> 0
          ORDER BY sum(d.quantity) DESC, p.name, d.unit LIMIT 20`,
      )
    ).map((r) => ({ productId: r.productId, productName: r.productName, unit: r.unit, incomingQuantity: Number(r.i), outgoingQuantity: Number(r.o) }));

  /** The interval chart's (product, unit, period start, quantity) cells as the sum of every daily total in the range. */
  const periodicFromDays = async (from: string, to: string, trunc: string, warehouseId?: string) =>
    (
      await rowsOf<{ cell: string }>(
        t.db,
        sql`WITH top AS (
            SELECT product_id, unit FROM stock_daily_totals WHERE transaction_type = 'outgoing' AND day BETWEEN ${from}::date AND ${to}::date
              AND ${warehouseId ? sql`warehouse_id = ${warehouseId}` : sql`true`}
            GROUP BY 1, 2 HAVING sum(quantity) <> 0 ORDER BY sum(quantity) DESC, 1, 2 LIMIT 10)
          SELECT product_id || ' ' || unit || ' ' || period || ' ' || (sum(quantity)::float8)::text AS cell FROM (
            SELECT d.product_id, d.unit, to_char(date_trunc(${trunc}, d.day::timestamp), 'YYYY-MM-DD') AS period, d.quantity
            FROM stock_daily_totals d JOIN top USING (product_id, unit)
            WHERE d.transaction_type = 'outgoing' AND d.day BETWEEN ${from}::date AND ${to}::date AND ${warehouseId ? sql`d.warehouse_id = ${warehouseId}` : sql`true`}) c
          GROUP BY product_id, unit, period`,
      )
    )
      .map((r) => r.cell)
      .sort();

  const inOut = (body: object, token = t.adminToken) => t.http.post('/api/stats/rank/products').set(bearer(token)).send(body);
  const periodic = (body: object, token = t.adminToken) => t.http.post('/api/stats/rank/products/outgoing/periodic/numbers').set(bearer(token)).send(body);
  const cellsOf = (series: { productId: string; unit: string; quantities: number[] }[], periods: string[]) =>
    series.flatMap((s) => s.quantities.flatMap((q, i) => (q ? [`${s.productId} ${s.unit} ${periods[i]} ${q}`] : []))).sort();

  const DAYS = [undefined, '2025-01-01', FIRST, '2025-09-15', '2025-09-30', '2025-10-01', '2026-02-28', '2026-03-01', '2026-06-17', TODAY, '2027-01-01'];
  const ranges = DAYS.flatMap((from) => DAYS.filter((to) => !from || !to || from <= to).map((to) => ({ from, to })));

  it('seals every month that is over, and each month-end total adds up the daily totals through its month', async () => {
    expect(await sealedMonths()).toEqual(dueMonths());
    expect(await monthEndMismatches()).toEqual([]);
    expect(await sealer.sealDue()).toBe(0);
    // the months without movements point to December's rows and have none of their own
    const empty = await rowsOf(t.db, sql`SELECT to_char(s.month, 'YYYY-MM') AS month, to_char(s.totals_month, 'YYYY-MM') AS totals,
      (SELECT count(*)::int FROM stock_month_end_totals m WHERE m.month = s.month) AS own FROM stock_sealed_months s WHERE s.month IN ('2026-01-01', '2026-02-01') ORDER BY 1`);
    expect(empty).toEqual([
      { month: '2026-01', totals: '2025-12', own: 0 },
      { month: '2026-02', totals: '2025-12', own: 0 },
    ]);
  });

  it('answers in-vs-out for every range and scope exactly as the daily totals add up', async () => {
    for (const { from, to } of ranges) {
      for (const [token, warehouseId] of [[t.adminToken, undefined], [users.warehouseAdmin.token, A]] as const) {
        const res = await inOut({ ...(from && { startDate: from }), ...(to && { endDate: to }) }, token);
        expect(res.status).toBe(200);
        expect({ from, to, warehouseId, rows: res.body.data }).toEqual({ from, to, warehouseId, rows: await inOutFromDays(from, to, warehouseId) });
      }
    }
  });

  it('answers the interval chart for every range, period and scope exactly as the daily totals add up', async () => {
    for (const { from, to } of ranges.filter((r) => r.from && r.to && r.from >= FIRST && r.to <= TODAY)) {
      for (const [period, trunc] of [['daily', 'day'], ['weekly', 'week'], ['monthly', 'month']]) {
        const res = await periodic({ startDate: from, endDate: to, period });
        if (res.status === 400) continue; // more than 366 periods
        expect(res.status).toBe(200);
        expect({ from, to, period, cells: cellsOf(res.body.data.series, res.body.data.periods) }).toEqual({ from, to, period, cells: await periodicFromDays(from!, to!, trunc) });
        const mine = await periodic({ startDate: from, endDate: to, period }, users.warehouseAdmin.token);
        expect(cellsOf(mine.body.data.series, mine.body.data.periods)).toEqual(await periodicFromDays(from!, to!, trunc, A));
      }
    }
  });

  it('reads the month-end totals: a changed month-end row changes the answers that span it', async () => {
    // 2025-09-02 .. 2025-11-30 is read as November's month-end minus September's plus 29 days
    const range = { startDate: '2025-09-02', endDate: '2025-11-30' };
    const [{ productId, unit, outgoingQuantity }] = (await inOut(range)).body.data as { productId: string; unit: string; outgoingQuantity: number }[];
    const change = (by: number) =>
      t.db.execute(sql`UPDATE stock_month_end_totals SET outgoing_quantity = outgoing_quantity + ${by}
        WHERE month = '2025-11-01' AND product_id = ${productId} AND unit = ${unit} AND warehouse_id = '00000000-0000-0000-0000-000000000000'`);
    await change(1000);
    try {
      const changed = (await inOut(range)).body.data as { productId: string; unit: string; outgoingQuantity: number }[];
      expect(changed.find((r) => r.productId === productId && r.unit === unit)!.outgoingQuantity).toBeCloseTo(outgoingQuantity + 1000, 3);
    } finally {
      await change(-1000);
    }
    expect(await monthEndMismatches()).toEqual([]);
  });

  it('forgets the month-end totals from the month of imported history on; sealing again gives the daily totals', async () => {
    const history = csvOf([
      ['InvoiceNo', 'StockCode', 'Description', 'Quantity', 'InvoiceDate', 'UnitPrice', 'CustomerID'],
      ['ME-1', codes[0], 'x', '7', '2025-12-15 10:00:00', '1', 'me-17850'],
      ['ME-2', codes[1], 'x', '3', '2026-04-02 10:00:00', '1', 'me-17850'],
    ]);
    const mapping = { invoice: 'InvoiceNo', product_code: 'StockCode', product_name: 'Description', quantity: 'Quantity', date: 'InvoiceDate', unit_price: 'UnitPrice', customer: 'CustomerID' };
    await importFile(t, users.admin.token, history, 'h.csv', { kind: 'sales_history', warehouse: A, mapping, options: { create_missing: true } });
    // months from December on were forgotten (a background seal may already have sealed some again):
    // whatever is sealed adds up the daily totals, history included
    expect(await monthEndMismatches()).toEqual([]);
    const range = { startDate: '2025-10-20', endDate: '2026-05-05' };
    expect((await inOut(range)).body.data).toEqual(await inOutFromDays(range.startDate, range.endDate));
    await sealer.sealDue();
    expect(await sealedMonths()).toEqual(dueMonths());
    expect(await monthEndMismatches()).toEqual([]);
    expect((await inOut(range)).body.data).toEqual(await inOutFromDays(range.startDate, range.endDate));
  });
});
