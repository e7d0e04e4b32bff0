import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, createUser, createWarehouse, type TestApp, type TestUser } from '../../test/test-app';
import { AuditService } from '../audit/audit.service';
import { StockLedgerService } from './stock-ledger.service';
import { createProduct, dailyTotalMismatches, issue, ledgerCount, ledgerMismatches, levelsOf, receive } from './testing';

describe('StockLedgerService', () => {
  let t: TestApp;
  let ledger: StockLedgerService;
  let warehouseId: string;
  let wa: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    ledger = t.app.get(StockLedgerService);
    warehouseId = await createWarehouse(t);
    wa = await createUser(t, 'warehouseAdmin', warehouseId);
  }, 180_000); // app start-up is slow on the shared 2-core machine
  afterAll(() => t.close());
  const query = async <T>(q: SQL) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

  const receipt = (productId: string, quantity: { name: string; value: number }[]) =>
    ledger.run((tx) => ledger.receive(tx, { productId, warehouseId, quantity, grn: 'GRN', userId: wa.id, source: 'direct' }));

  it('keeps levels equal to the ledger sums after any sequence of receipts and issues (property)', async () => {
    const op = fc.record({
      kind: fc.constantFrom('receive', 'issue'),
      unit: fc.constantFrom('pcs', 'kg'),
      thousandths: fc.integer({ min: 1, max: 50_000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const p = await createProduct(t.db, { units: ['pcs', 'kg'] });
        const model: Record<string, number> = { pcs: 0, kg: 0 };
        let inventoryId: string | undefined;
        for (const o of ops) {
          const quantity = [{ name: o.unit, value: o.thousandths / 1000 }];
          if (o.kind === 'receive' || !inventoryId) {
            inventoryId = (await receipt(p.id, quantity)).inventoryId;
            model[o.unit] += o.thousandths;
          } else {
            const id = inventoryId;
            const run = ledger.run((tx) => ledger.issue(tx, { inventoryId: id, quantity, gin: 'GIN', userId: wa.id, source: 'direct' }));
            if (model[o.unit] >= o.thousandths) {
              await run;
              model[o.unit] -= o.thousandths;
            } else {
              await expect(run).rejects.toMatchObject({ status: 409 });
            }
          }
        }
        const available = await ledger.available(inventoryId!);
        expect(available).toEqual([
          { name: 'kg', value: model.kg / 1000 },
          { name: 'pcs', value: model.pcs / 1000 },
        ]);
      }),
      { numRuns: 20 },
    );
    expect(await ledgerMismatches(t.db)).toEqual([]);
    expect(await dailyTotalMismatches(t.db)).toEqual([]);
  }, 300_000);

  it('adds exactly, without floating-point drift', async () => {
    const p = await createProduct(t.db);
    let id = '';
    for (let i = 0; i < 10; i++) id = (await receipt(p.id, [{ name: 'pcs', value: 0.1 }])).inventoryId;
    expect(await levelsOf(t.db, id)).toEqual({ pcs: '1/0' });
    expect(await ledger.available(id)).toEqual([{ name: 'pcs', value: 1 }]);
  });

  it('reserves and releases available stock, and delivers from the reservation', async () => {
    const p = await createProduct(t.db);
    const { inventoryId } = await receipt(p.id, [{ name: 'pcs', value: 10 }]);
    await ledger.run((tx) => ledger.reserve(tx, inventoryId, [{ name: 'pcs', value: 7 }]));
    expect(await ledger.available(inventoryId)).toEqual([{ name: 'pcs', value: 3 }]);
    await expect(ledger.run((tx) => ledger.reserve(tx, inventoryId, [{ name: 'pcs', value: 4 }]))).rejects.toMatchObject({ status: 409 });
    const direct = ledger.run((tx) => ledger.issue(tx, { inventoryId, quantity: [{ name: 'pcs', value: 4 }], gin: 'G', userId: wa.id, source: 'direct' }));
    await expect(direct).rejects.toThrow(/requested 4, available 3/);
    await ledger.run((tx) => ledger.release(tx, inventoryId, [{ name: 'pcs', value: 2 }]));
    await expect(ledger.run((tx) => ledger.release(tx, inventoryId, [{ name: 'pcs', value: 6 }]))).rejects.toThrow(/reserved 5/);
    await ledger.run((tx) =>
      ledger.issue(tx, { inventoryId, quantity: [{ name: 'pcs', value: 5 }], gin: 'G', userId: wa.id, fromReserved: true, source: 'outgoing_list' }),
    );
    expect(await levelsOf(t.db, inventoryId)).toEqual({ pcs: '5/0' });
  });

  it('rolls back every movement of a transaction when one fails', async () => {
    const p = await createProduct(t.db);
    const { inventoryId } = await receipt(p.id, [{ name: 'pcs', value: 3 }]);
    const before = await ledgerCount(t.db);
    const both = ledger.run(async (tx) => {
      await ledger.receive(tx, { productId: p.id, warehouseId, quantity: [{ name: 'pcs', value: 5 }], grn: 'G', userId: wa.id, source: 'direct' });
      await ledger.issue(tx, { inventoryId, quantity: [{ name: 'pcs', value: 100 }], gin: 'G', userId: wa.id, source: 'direct' });
    });
    await expect(both).rejects.toMatchObject({ status: 409 });
    expect(await levelsOf(t.db, inventoryId)).toEqual({ pcs: '3/0' });
    expect(await ledgerCount(t.db)).toBe(before);
  });

  it('refuses to UPDATE or DELETE ledger rows', async () => {
    expect(await ledgerCount(t.db)).toBeGreaterThan(0);
    const cause = { cause: expect.objectContaining({ message: expect.stringMatching(/immutable/) }) };
    await expect(t.db.execute(sql`UPDATE stock_transactions SET grn = 'changed'`)).rejects.toMatchObject(cause);
    await expect(t.db.execute(sql`DELETE FROM stock_transactions`)).rejects.toMatchObject(cause);
    const res = (await t.db.execute(sql`SELECT count(*)::int AS n FROM stock_transactions WHERE grn = 'changed'`)) as unknown as { rows: { n: number }[] };
    const [{ n }] = res.rows;
    expect(n).toBe(0);
  });

  it('lets the database reject negative on-hand and reserved above on-hand', async () => {
    const p = await createProduct(t.db);
    const { inventoryId } = await receipt(p.id, [{ name: 'pcs', value: 1 }]);
    await expect(t.db.execute(sql`UPDATE stock_levels SET on_hand = -1 WHERE inventory_id = ${inventoryId}`)).rejects.toThrow();
    await expect(t.db.execute(sql`UPDATE stock_levels SET reserved = 2 WHERE inventory_id = ${inventoryId}`)).rejects.toThrow();
  });

  it('never oversells nor loses an update under 20 parallel issues through the API', async () => {
    const p = await createProduct(t.db);
    const first = await receive(t, wa.token, { warehouse: warehouseId, product: p.id, quantity: [{ name: 'pcs', value: 15 }] });
    const id = first.body.data.inventory._id;
    const results = await Promise.all(Array.from({ length: 20 }, () => issue(t, wa.token, id, [{ name: 'pcs', value: 1 }])));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(15);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect(await levelsOf(t.db, id)).toEqual({ pcs: '0/0' });
    expect(await ledgerCount(t.db, id)).toBe(16);

    const more = await Promise.all([
      ...Array.from({ length: 10 }, () => receive(t, wa.token, { warehouse: warehouseId, product: p.id, quantity: [{ name: 'pcs', value: 2 }] })),
      ...Array.from({ length: 10 }, () => issue(t, wa.token, id, [{ name: 'pcs', value: 1 }])),
    ]);
    const issued = more.slice(10).filter((r) => r.status === 201).length;
    expect(more.slice(0, 10).every((r) => r.status === 201)).toBe(true);
    expect(await levelsOf(t.db, id)).toEqual({ pcs: `${20 - issued}/0` });
    expect(await ledgerMismatches(t.db)).toEqual([]);
    expect(await dailyTotalMismatches(t.db)).toEqual([]);
  }, 120_000);

  it('posts parallel direct issues in shared statements, each answered as if alone, with its audit event (issue 17)', async () => {
    const audit = t.app.get(AuditService);
    const [a, b] = [await createProduct(t.db), await createProduct(t.db, { units: ['pcs', 'kg'] })];
    const recordA = (await receipt(a.id, [{ name: 'pcs', value: 40 }])).inventoryId;
    const recordB = (await receipt(b.id, [{ name: 'pcs', value: 10 }, { name: 'kg', value: 5 }])).inventoryId;
    // 30 issues of 1 pcs on A (all fit) and 30 of 1 pcs + 0.25 kg on B (10 fit: pcs runs out first)
    const lines = Array.from({ length: 60 }, (_, i) => ({
      id: randomUUID(),
      inventoryId: i % 2 === 0 ? recordA : recordB,
      quantity: i % 2 === 0 ? [{ name: 'pcs', value: 1 }] : [{ name: 'pcs', value: 1 }, { name: 'kg', value: 0.25 }],
    }));
    const results = await Promise.allSettled(
      lines.map((l) =>
        ledger.issueNow({ ...l, gin: 'GIN', userId: wa.id, source: 'direct' }, { audit: audit.statement({ action: 'issue', entity: 'transaction', entityId: l.id }) ?? undefined }),
      ),
    );
    const outcomes = (parity: number) => results.filter((_, i) => i % 2 === parity).map((r) => r.status);
    expect(outcomes(0)).toEqual(Array(30).fill('fulfilled'));
    expect(outcomes(1).filter((s) => s === 'fulfilled')).toHaveLength(10);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason);
    expect(refusals).toHaveLength(20);
    for (const e of refusals) expect(e).toMatchObject({ status: 409, message: `Not enough stock of ${b.name} (pcs): requested 1, available 0` });
    expect(await levelsOf(t.db, recordA)).toEqual({ pcs: '10/0' });
    expect(await levelsOf(t.db, recordB)).toEqual({ pcs: '0/0', kg: '2.5/0' });
    // each posted issue has its ledger row and its audit event, under its id; a refused one neither
    const posted = lines.filter((_, i) => results[i].status === 'fulfilled').map((l) => l.id);
    const rows = await query<{ id: string; at: string }>(sql`SELECT id, transaction_date::text AS at FROM stock_transactions WHERE inventory_id IN (${recordA}, ${recordB}) AND transaction_type = 'outgoing'`);
    expect(rows.map((r) => r.id).sort()).toEqual([...posted].sort());
    const audited = await query<{ id: string }>(sql`SELECT entity_id AS id FROM audit_events WHERE action = 'issue' AND entity_id = ANY(${`{${lines.map((l) => l.id).join(',')}}`}::uuid[])`);
    expect(audited.map((r) => r.id).sort()).toEqual([...posted].sort());
    // rows posted by one statement share its transaction's start time: fewer times than rows means groups were posted
    expect(new Set(rows.map((r) => r.at)).size).toBeLessThan(posted.length);
    expect(await ledgerMismatches(t.db)).toEqual([]);
    expect(await dailyTotalMismatches(t.db)).toEqual([]);
  }, 120_000);
});
