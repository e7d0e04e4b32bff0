import { createTestApp, createUser, createWarehouse, type TestApp, type TestUser } from '../../test/test-app';
import { StockLedgerService } from './stock-ledger.service';
import { createProduct, dailyTotalMismatches, ledgerCount, ledgerMismatches, levelsOf } from './testing';

/** Postings run again as a whole on deadlock and serialization failure, a bounded number of times. */
describe('StockLedgerService.run retries', () => {
  let t: TestApp;
  let ledger: StockLedgerService;
  let warehouseId: string;
  let wa: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    ledger = t.app.get(StockLedgerService);
    warehouseId = await createWarehouse(t);
    wa = await createUser(t, 'warehouseAdmin', warehouseId);
  }, 180_000);
  afterAll(() => t.close());

  const conflict = (code: string) => Object.assign(new Error(code === '40P01' ? 'deadlock detected' : 'could not serialize access'), { code });

  async function stocked(pcs: number): Promise<{ productId: string; inventoryId: string }> {
    const p = await createProduct(t.db, { units: ['pcs'] });
    const r = await ledger.run((tx) => ledger.receive(tx, { productId: p.id, warehouseId, quantity: [{ name: 'pcs', value: pcs }], grn: 'GRN', userId: wa.id, source: 'direct' }));
    return { productId: p.id, inventoryId: r.inventoryId };
  }

  it('runs the whole transaction again after a serialization failure; the failed try leaves nothing', async () => {
    const p = await createProduct(t.db, { units: ['pcs'] });
    let tries = 0;
    const { inventoryId } = await ledger.run(async (tx) => {
      const r = await ledger.receive(tx, { productId: p.id, warehouseId, quantity: [{ name: 'pcs', value: 5 }], grn: 'GRN', userId: wa.id, source: 'direct' });
      if (++tries < 3) throw conflict('40001');
      return r;
    });
    expect(tries).toBe(3);
    expect(await levelsOf(t.db, inventoryId)).toEqual({ pcs: '5/0' });
    expect(await ledgerCount(t.db, inventoryId)).toBe(1);
    expect(await dailyTotalMismatches(t.db)).toEqual([]);
  });

  it('gives up after 5 tries with the conflict (the error filter answers 503), and does not retry other errors', async () => {
    let tries = 0;
    const deadlocked = async () => {
      tries++;
      throw conflict('40P01');
    };
    await expect(ledger.run(deadlocked)).rejects.toMatchObject({ code: '40P01' });
    expect(tries).toBe(5);
    tries = 0;
    const broken = async () => {
      tries++;
      throw Object.assign(new Error('check'), { code: '23514' });
    };
    await expect(ledger.run(broken)).rejects.toThrow('check');
    expect(tries).toBe(1);
  });

  const onServer = process.env.TEST_DATABASE_URL ? it : it.skip; // PGlite runs one transaction at a time: no deadlock

  onServer('survives a real deadlock: two postings locking two records in opposite order both succeed', async () => {
    const [a, b] = [await stocked(10), await stocked(10)];
    let arrived = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
    const meet = async () => {
      if (++arrived === 2) release();
      await bothHoldOne; // after the first tries, passes at once
    };
    const issueBoth = (first: string, second: string) =>
      ledger.run(async (tx) => {
        for (const [i, inventoryId] of [first, second].entries()) {
          await ledger.issue(tx, { inventoryId, quantity: [{ name: 'pcs', value: 1 }], gin: 'GIN', userId: wa.id, source: 'direct' });
          if (i === 0) await meet();
        }
      });
    await Promise.all([issueBoth(a.inventoryId, b.inventoryId), issueBoth(b.inventoryId, a.inventoryId)]);
    expect(await levelsOf(t.db, a.inventoryId)).toEqual({ pcs: '8/0' });
    expect(await levelsOf(t.db, b.inventoryId)).toEqual({ pcs: '8/0' });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
