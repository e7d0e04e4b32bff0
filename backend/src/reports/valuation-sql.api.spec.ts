import { sql } from 'drizzle-orm';
import { freshDatabase, type FreshDatabase } from '../../test/test-db';
import { depreciate, formatCents, toScaled, YEAR_MS, type DepreciationInput } from './depreciation';
import { currentValueSql, valuationSql, yearsSql } from './valuation-sql';

const now = new Date('2026-06-01T00:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const row = (over: Partial<DepreciationInput>): DepreciationInput => ({
  purchasedPrice: '1000.00',
  depreciationRate: '10',
  purchasedDate: ago(0),
  quantity: '3',
  ...over,
});

/**
 * The straight-line depreciation cases, run through the report's SQL (valuation-sql.ts) on a
 * real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), each also checked against the
 * TypeScript rule stock counts value their differences with (depreciation.ts), so the two agree.
 */
describe('valuation SQL (spec 9)', () => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => {
    await fresh.handle.close();
    await fresh.drop();
  });

  /** Years, current value and valuation of `input` at `now`, as the database computes them. */
  async function inSql(input: DepreciationInput) {
    const years = yearsSql(sql`x.d`, now);
    const current = currentValueSql(sql`x.price`, sql`x.rate`, years);
    const { rows } = (await fresh.handle.db.execute(sql`SELECT ${years} AS years, (${current})::text AS "currentValue",
        (${valuationSql(current, sql`x.qty`)})::text AS valuation
      FROM (VALUES (${input.purchasedPrice}::numeric(14,2), ${input.depreciationRate}::numeric(6,3),
        ${input.purchasedDate?.toISOString() ?? null}::timestamptz, ${input.quantity}::numeric(14,3))) AS x(price, rate, d, qty)`)) as unknown as {
      rows: { years: number; currentValue: string; valuation: string }[];
    };
    return rows[0];
  }
  /** Asserts the database's answer, and that the TypeScript rule gives the same. */
  async function expectValued(input: DepreciationInput, expected: Partial<{ years: number; currentValue: string; valuation: string }>) {
    const got = await inSql(input);
    expect(got).toMatchObject(expected);
    expect(depreciate(input, now)).toEqual(got);
  }

  it('keeps the full price at 0 years', async () => {
    await expectValued(row({}), { years: 0, currentValue: '1000.00', valuation: '3000.00' });
  });

  it('counts 11.9 months as 0 whole years', async () => {
    await expectValued(row({ purchasedDate: ago((11.9 / 12) * YEAR_MS) }), { years: 0, currentValue: '1000.00', valuation: '3000.00' });
  });

  it('depreciates once at exactly one year (31,536,000,000 ms), not a millisecond before', async () => {
    await expectValued(row({ purchasedDate: ago(YEAR_MS) }), { years: 1, currentValue: '900.00', valuation: '2700.00' });
    await expectValued(row({ purchasedDate: ago(YEAR_MS - 1) }), { years: 0, currentValue: '1000.00' });
  });

  it('never goes below zero (fully depreciated)', async () => {
    await expectValued(row({ depreciationRate: '40', purchasedDate: ago(3 * YEAR_MS) }), { years: 3, currentValue: '0.00', valuation: '0.00' });
    await expectValued(row({ depreciationRate: '50', purchasedDate: ago(2 * YEAR_MS) }), { years: 2, currentValue: '0.00', valuation: '0.00' });
  });

  it('gives 0 when the price or the rate is missing', async () => {
    await expectValued(row({ purchasedPrice: null }), { currentValue: '0.00', valuation: '0.00' });
    await expectValued(row({ depreciationRate: null }), { currentValue: '0.00', valuation: '0.00' });
  });

  it('counts a missing or future purchased date as 0 years', async () => {
    await expectValued(row({ purchasedDate: null }), { years: 0, currentValue: '1000.00' });
    await expectValued(row({ purchasedDate: new Date(now.getTime() + YEAR_MS) }), { years: 0, currentValue: '1000.00' });
  });

  it('rounds half up to the cent, exactly where floats are not', async () => {
    // 19.99 × (1 − 0.125 × 2) = 14.9925 → 14.99; × 3.333 = 49.96167 → 49.96
    await expectValued(row({ purchasedPrice: '19.99', depreciationRate: '12.5', purchasedDate: ago(2 * YEAR_MS), quantity: '3.333' }), {
      currentValue: '14.99',
      valuation: '49.96',
    });
    // 0.10 × (1 − 0.05) = 0.095 → 0.10 (half up); × 0.5 = 0.05
    await expectValued(row({ purchasedPrice: '0.10', depreciationRate: '5', purchasedDate: ago(YEAR_MS), quantity: '0.5' }), {
      currentValue: '0.10',
      valuation: '0.05',
    });
    // 0.01 × 0.5 = 0.005 → 0.01 (half up); 0.01 × 0.499 → 0.00
    await expectValued(row({ purchasedPrice: '0.01', quantity: '0.5' }), { valuation: '0.01' });
    await expectValued(row({ purchasedPrice: '0.01', quantity: '0.499' }), { valuation: '0.00' });
    await expectValued(row({ purchasedPrice: '999999999999.99', depreciationRate: '0.001', purchasedDate: ago(YEAR_MS), quantity: '99999999999.999' }), {
      currentValue: '999989999999.99',
      valuation: '99998999999998000010000.00', // beyond a double's 16 digits
    });
  });

  it('values no stock as 0.00', async () => {
    await expectValued(row({ quantity: '0' }), { currentValue: '1000.00', valuation: '0.00' });
  });

  it('parses and formats decimals for the Excel totals', () => {
    expect(toScaled('12.5', 3)).toBe(12500n);
    expect(toScaled('7', 2)).toBe(700n);
    expect(formatCents(5n)).toBe('0.05');
    expect(formatCents(123456n)).toBe('1234.56');
  });
});
