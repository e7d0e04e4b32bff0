import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createUser, createWarehouse, uniq, type TestApp, type TestUser } from '../../test/test-app';
import { dailyTotalMismatches, issue, ledgerMismatches } from '../inventory/testing';
import { MonthEndSealer } from '../stats/month-end-sealer';
import { csvOf, importFile, upload, xlsxOf } from './testing';

const SETUP_MS = 300_000;

/** Opening stock and sales history imports through the real app, on PGlite and PostgreSQL. */
describe('Imports API: opening stock and sales history (issue 16)', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let A: string;
  let B: string;
  let adminB: TestUser;
  let cat: string;
  const code = (n: number) => `SKU-${n}`;
  let prefix: string;

  beforeAll(async () => {
    t = await createTestApp({ STATS_MEMO_SECONDS: '0' });
    [A, B] = [await createWarehouse(t), await createWarehouse(t)];
    [u, adminB] = await Promise.all([createRoleUsers(t, A), createUser(t, 'warehouseAdmin', B)]);
    cat = `Stock ${uniq()}`;
    prefix = uniq();
    await importFile(t, u.warehouseAdmin.token, csvOf([['Name', 'Units'], [cat, 'pcs; box']]), 'c.csv', { kind: 'categories' });
    await importFile(
      t,
      u.warehouseAdmin.token,
      csvOf([['Code', 'Name', 'Category', 'Units'], ...[1, 2, 3].map((n) => [`${prefix}${code(n)}`, `Item ${n}`, cat, 'pcs; box'])]),
      'p.csv',
      { kind: 'products' },
    );
  }, SETUP_MS);
  afterAll(() => t.close());

  const sku = (n: number) => `${prefix}${code(n)}`;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const onHand = async (n: number, warehouse = A) =>
    Object.fromEntries(
      (await rows<{ unit: string; q: string }>(sql`SELECT l.unit, l.on_hand::text AS q FROM stock_levels l JOIN inventories i ON i.id = l.inventory_id
        JOIN products p ON p.id = i.product_id WHERE p.code = ${sku(n)} AND i.warehouse_id = ${warehouse} ORDER BY 1`)).map((r) => [r.unit, Number(r.q)]),
    );
  const consistent = async () => {
    expect(await ledgerMismatches(t.db)).toEqual([]);
    expect(await dailyTotalMismatches(t.db)).toEqual([]);
  };

  it('receives opening stock from xlsx through the ledger (source import); revert takes it back, refused once it was issued', async () => {
    const file = await xlsxOf([
      ['Product code', 'Unit', 'Quantity', 'Purchase price', 'Depreciation rate', 'Purchase date'],
      [sku(1), 'pcs', 40, 12.5, 10, '2025-01-15'],
      [sku(1), 'box', 4, '', '', ''],
      [sku(2), '', 10, 3, '', ''],
    ]);
    expect((await upload(t, adminB.token, file, 'o.xlsx', { kind: 'opening_stock', warehouse: A })).status).toBe(403);
    expect((await upload(t, u.warehouseAdmin.token, file, 'o.xlsx', { kind: 'opening_stock' })).body.message).toContain('warehouse is required');
    const imp = await importFile(t, u.warehouseAdmin.token, file, 'o.xlsx', { kind: 'opening_stock', warehouse: A });
    expect(imp.result).toMatchObject({ posted: 3 });
    expect(await onHand(1)).toEqual({ box: 4, pcs: 40 });
    expect(await onHand(2)).toEqual({ box: 0, pcs: 10 });
    const [inv] = await rows<{ price: string; rate: string; date: string }>(sql`SELECT i.purchased_price::text AS price, i.depreciation_rate::text AS rate, i.purchased_date::text AS date
      FROM inventories i JOIN products p ON p.id = i.product_id WHERE p.code = ${sku(1)} AND i.warehouse_id = ${A}`);
    expect(inv).toMatchObject({ price: '12.50', rate: '10.000' });
    expect(inv.date).toContain('2025-01-15');
    const ledger = await t.http.post('/api/transactions/search').set(bearer(u.warehouseAdmin.token)).send({ productSearchQuery: sku(1) });
    expect(ledger.body.data.transactionsList.map((r: { kind: string; source_id: string }) => [r.kind, r.source_id])).toEqual([
      ['opening_stock', imp._id],
      ['opening_stock', imp._id],
    ]);
    // one movement of it cannot be reversed alone
    const single = await t.http.post('/api/transactions/reverse').set(bearer(u.warehouseAdmin.token)).send({ transaction_id: ledger.body.data.transactionsList[0]._id, remark: 'oops' });
    expect(single.status).toBe(409);
    expect(single.body.message).toContain('revert the import');
    await consistent();
    // issue 35 of the 40 pcs: the import cannot be reverted any more
    const inventoryId = (await rows<{ id: string }>(sql`SELECT i.id FROM inventories i JOIN products p ON p.id = i.product_id WHERE p.code = ${sku(1)} AND i.warehouse_id = ${A}`))[0].id;
    expect((await issue(t, u.warehouseAdmin.token, inventoryId, [{ name: 'pcs', value: 35 }])).status).toBe(201);
    const refused = await t.http.post(`/api/imports/${imp._id}/revert`).set(bearer(u.warehouseAdmin.token));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`${sku(1)} pcs: received 40, available 5`);
    expect(await onHand(1)).toEqual({ box: 4, pcs: 5 });
    // a second import of opening stock can be reverted: levels go back, the ledger keeps both rows
    const second = await importFile(t, u.warehouseAdmin.token, csvOf([['Product code', 'Quantity'], [sku(3), '7']]), 'o.csv', { kind: 'opening_stock', warehouse: A });
    expect(await onHand(3)).toEqual({ box: 0, pcs: 7 });
    const reverted = await t.http.post(`/api/imports/${second._id}/revert`).set(bearer(u.warehouseAdmin.token));
    expect(reverted.status).toBe(200);
    expect(reverted.body.data.import.result.reverted).toEqual({ reversed: 1 });
    expect(await onHand(3)).toEqual({ box: 0, pcs: 0 });
    await consistent();
  });

  it('refuses opening stock rows naming unknown products, wrong units and bad numbers', async () => {
    const res = await upload(
      t,
      u.warehouseAdmin.token,
      csvOf([
        ['Product code', 'Unit', 'Quantity', 'Purchase price', 'Purchase date'],
        ['NOPE-1', 'pcs', '1', '', ''],
        [sku(1), 'kg', '1', '', ''],
        [sku(1), 'pcs', '0', '', ''],
        [sku(1), 'pcs', '1.2345', '1.999', '2025-02-30'],
      ]),
      'o.csv',
      { kind: 'opening_stock', warehouse: A },
    );
    expect(res.body.data.import.errors).toEqual([
      { row: 2, column: 'Product code', message: 'Product "NOPE-1" does not exist' },
      { row: 3, column: 'Unit', message: `"kg" is not a unit of Item 1 (units: pcs, box)` },
      { row: 4, column: 'Quantity', message: 'Quantity must be greater than 0' },
      { row: 5, column: 'Quantity', message: 'Quantity must have at most 3 decimals' },
      { row: 5, column: 'Purchase price', message: 'Purchase price must have at most 2 decimals' },
      { row: 5, column: 'Purchase date', message: 'Purchase date is not a valid date: "2025-02-30"' },
    ]);
  });

  it('records sales history at its own dates without changing levels; statistics and Transaction Range show it; revert takes it all back', async () => {
    const levelsBefore = await rows(sql`SELECT inventory_id, unit, on_hand::text, reserved::text FROM stock_levels ORDER BY 1, 2`);
    const newCode = `${prefix}NEW-a`;
    const history = csvOf([
      ['InvoiceNo', 'StockCode', 'Description', 'Quantity', 'InvoiceDate', 'UnitPrice', 'CustomerID'],
      ['536365', sku(1), 'Item 1', '6', '2010-12-01 08:26:00', '2.55', '17850.0'],
      ['536365', sku(2), 'Item 2', '4', '2010-12-01 08:26:00', '0.1234', '17850.0'],
      ['536366', sku(1), 'Item 1', '10', '12/2/2010 9:00', '2.55', ''],
      ['C536367', sku(1), 'Item 1', '-2', '2010-12-03 10:00:00', '2.55', '17850.0'],
      ['536368', newCode, 'New thing', '5', '2010-12-03 11:00:00', '1', '13047'],
      ['536368', `${prefix}NEW-A`, 'New Thing (other)', '1', '2010-12-03 11:00:00', '1', '13047'],
    ]);
    const mapping = { invoice: 'InvoiceNo', product_code: 'StockCode', product_name: 'Description', quantity: 'Quantity', date: 'InvoiceDate', unit_price: 'UnitPrice', customer: 'CustomerID' };
    const refused = await upload(t, u.finance.token, history, 'h.csv', { kind: 'sales_history', warehouse: A, mapping });
    expect(refused.body.data.import.error_count).toBe(5); // unknown customers (4 lines) and the new codes without create_missing
    expect((await upload(t, u.warehouseAdmin.token, history, 'h.csv', { kind: 'sales_history', warehouse: A, mapping })).status).toBe(403);
    const preview = await upload(t, u.finance.token, history, 'h.csv', { kind: 'sales_history', warehouse: A, mapping, options: { create_missing: true } });
    expect(preview.body.data.import).toMatchObject({ rows: 6, error_count: 0, to_create: 6 });
    expect(preview.body.data.import.notices.join(' ')).toContain(`1 product codes differ only by case and are kept apart (matched case-sensitively): ${newCode} / ${prefix}NEW-A`);
    const commit = await t.http.post(`/api/imports/${preview.body.data.import._id}/commit`).set(bearer(u.finance.token));
    expect(commit.status).toBe(200);
    const imp = commit.body.data.import;
    expect(imp.result).toMatchObject({ recorded: 6 });
    // levels unchanged: the records the import opened have only their buffer unit's row, at zero (migration 0026)
    const levelsAfter = await rows<{ inventory_id: string; on_hand: string; reserved: string }>(
      sql`SELECT inventory_id, unit, on_hand::text, reserved::text FROM stock_levels ORDER BY 1, 2`,
    );
    const known = new Set(levelsBefore.map((l) => (l as { inventory_id: string }).inventory_id));
    const opened = levelsAfter.filter((l) => !known.has(l.inventory_id));
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.every((l) => l.on_hand === '0.000' && l.reserved === '0.000')).toBe(true);
    expect(levelsAfter.filter((l) => known.has(l.inventory_id))).toEqual(levelsBefore);
    // the two case spellings are two products; customers 17850 and 13047 created, walk-in for the line without one
    expect((await rows<{ code: string }>(sql`SELECT code FROM products WHERE lower(code) = lower(${newCode}) AND NOT removed ORDER BY code`)).length).toBe(2);
    const customers = await rows<{ name: string; code: string | null }>(sql`SELECT name, external_code AS code FROM customers WHERE external_code IN ('17850', '13047') OR name = 'Walk-in customer' ORDER BY name`);
    expect(customers.map((c) => c.name)).toEqual(['13047', '17850', 'Walk-in customer']);
    // statistics over the history's days: sales net of the return, per day
    const periodic = await t.http.post('/api/stats/rank/products/outgoing/periodic/numbers').set(bearer(u.finance.token)).send({ startDate: '2010-12-01', endDate: '2010-12-03', period: 'daily' });
    expect(periodic.status).toBe(200);
    const series = periodic.body.data.series as { productName: string; unit: string; quantities: number[] }[];
    expect(series.find((x) => x.productName === 'Item 1')!.quantities).toEqual([6, 10, -2]);
    expect(series.find((x) => x.productName === 'Item 2')!.quantities).toEqual([4, 0, 0]);
    const inOut = await t.http.post('/api/stats/rank/products').set(bearer(u.finance.token)).send({ startDate: '2010-12-01', endDate: '2010-12-03', warehouseId: A });
    const item1Out = (inOut.body.data as { productName: string; unit: string; incomingQuantity: number; outgoingQuantity: number }[]).find((r) => r.productName === 'Item 1' && r.unit === 'pcs');
    expect(item1Out).toMatchObject({ outgoingQuantity: 14, incomingQuantity: 0 }); // 6 + 10 - 2 in those days; the opening stock is today's
    // all-time rankings include the history: customer 17850 bought 6 + 4 pcs in 2 sales and returned 2
    const topCustomers = (await t.http.get('/api/stats/rank/customers/frequency').set(bearer(u.finance.token))).body.data as { customerName: string; unit: string; totalQuantity: number; totalTransactions: number }[];
    expect(topCustomers.find((c) => c.customerName === '17850' && c.unit === 'pcs')).toMatchObject({ totalQuantity: 8, totalTransactions: 2 });
    const topProducts = (await t.http.get('/api/stats/rank/products/outgoing/numbers').set(bearer(u.finance.token))).body.data as { productName: string; totalQuantity: number; frequency: number }[];
    expect(topProducts.find((p) => p.productName === 'New thing')).toMatchObject({ totalQuantity: 5, frequency: 1 });
    const range = await t.http.post('/api/transactions/range').set(bearer(u.finance.token)).send({ startDate: '2010-12-01', endDate: '2010-12-03', limit: 50 });
    const kinds = (range.body.data.transactionsList as { kind: string; gin: string; transaction_date: string }[]).map((r) => `${r.kind} ${r.gin} ${r.transaction_date.slice(0, 16)}`).sort();
    expect(kinds).toEqual([
      `history_return C536367 2010-12-03T10:00`,
      `history_sale 536365 2010-12-01T08:26`,
      `history_sale 536365 2010-12-01T08:26`,
      `history_sale 536366 2010-12-02T09:00`,
      `history_sale 536368 2010-12-03T11:00`,
      `history_sale 536368 2010-12-03T11:00`,
    ]);
    // the month-end totals of the statistics are sealed from December 2010 on and equal the ledger
    await t.app.get(MonthEndSealer).sealDue();
    expect((await rows<{ first: string }>(sql`SELECT to_char(min(month), 'YYYY-MM') AS first FROM stock_sealed_months`))[0].first).toBe('2010-12');
    await consistent();
    const audit = await t.http.get('/api/audit').query({ entity: 'import', entity_id: imp._id }).set(bearer(u.admin.token));
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body.data)).toContain('"commit"');
    // revert: the ledger keeps every row and its reversal; statistics of those days go back to nothing
    const reverted = await t.http.post(`/api/imports/${imp._id}/revert`).set(bearer(u.admin.token));
    expect(reverted.status).toBe(200);
    expect(reverted.body.data.import.result.reverted).toMatchObject({ reversed: 6, removed_products: 2 });
    const after = await t.http.post('/api/stats/rank/products/outgoing/periodic/numbers').set(bearer(u.finance.token)).send({ startDate: '2010-12-01', endDate: '2010-12-03', period: 'daily' });
    expect((after.body.data.series as { quantities: number[] }[]).flatMap((x) => x.quantities).every((q) => q === 0)).toBe(true);
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM customers WHERE external_code IN ('17850', '13047') AND NOT removed`))[0].n).toBe(0);
    // the revert, dated as the history, forgot the month-end totals (else they would still hold the
    // history); sealed again they equal the ledger
    await t.app.get(MonthEndSealer).sealDue();
    await consistent();
  });

  it('reads sales history from xlsx date cells and from gzip-compressed CSV alike', async () => {
    const header = ['Invoice', 'Date', 'Customer', 'Product code', 'Quantity'];
    const xlsx = await importFile(t, u.admin.token, await xlsxOf([header, ['X-1', new Date(Date.UTC(2009, 5, 1, 12, 30)), '', sku(3), 2]]), 'h.xlsx', { kind: 'sales_history', warehouse: B });
    const gz = await importFile(t, u.admin.token, gzipSync(csvOf([header, ['G-1', '2009-06-02 08:00', '', sku(3), '3']])), 'h.csv.gz', { kind: 'sales_history', warehouse: B });
    expect([xlsx.result.recorded, gz.result.recorded]).toEqual([1, 1]);
    const dated = await rows<{ gin: string; at: string }>(sql`SELECT gin, to_char(transaction_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS at FROM stock_transactions WHERE source_id IN (${xlsx._id}, ${gz._id}) ORDER BY 2`);
    expect(dated).toEqual([
      { gin: 'X-1', at: '2009-06-01 12:30' },
      { gin: 'G-1', at: '2009-06-02 08:00' },
    ]);
    await consistent();
  });

  it('checks history rows: dates, 4-decimal prices, zero quantities, units', async () => {
    const res = await upload(
      t,
      u.admin.token,
      csvOf([
        ['Invoice', 'Date', 'Product code', 'Quantity', 'Unit', 'Unit price'],
        ['1', 'yesterday', sku(1), '1', '', ''],
        ['2', '2024-01-01', sku(1), '0', '', ''],
        ['3', '2024-01-01', sku(1), '1', 'kg', '1.23456'],
      ]),
      'h.csv',
      { kind: 'sales_history', warehouse: B },
    );
    expect(res.body.data.import.errors).toEqual([
      { row: 2, column: 'Date', message: 'Date must be a date like 2025-06-30 or 2025-06-30 14:05, got "yesterday"' },
      { row: 3, column: 'Quantity', message: 'Quantity must not be 0' },
      { row: 4, column: 'Unit', message: '"kg" is not a unit of Item 1 (units: pcs, box)' },
      { row: 4, column: 'Unit price', message: 'Unit price must have at most 4 decimals' },
    ]);
  });
});
