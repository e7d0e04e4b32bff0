import { depreciate, formatCents, toScaled, YEAR_MS, type DepreciationInput } from './depreciation';

const now = new Date('2026-06-01T00:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const row = (over: Partial<DepreciationInput>): DepreciationInput => ({
  purchasedPrice: '1000.00',
  depreciationRate: '10',
  purchasedDate: ago(0),
  quantity: '3',
  ...over,
});

describe('depreciation (spec 9)', () => {
  it('keeps the full price at 0 years', () => {
    expect(depreciate(row({}), now)).toEqual({ years: 0, currentValue: '1000.00', valuation: '3000.00' });
  });

  it('counts 11.9 months as 0 whole years', () => {
    const d = depreciate(row({ purchasedDate: ago((11.9 / 12) * YEAR_MS) }), now);
    expect(d).toEqual({ years: 0, currentValue: '1000.00', valuation: '3000.00' });
  });

  it('depreciates once at exactly one year (31,536,000,000 ms)', () => {
    expect(depreciate(row({ purchasedDate: ago(YEAR_MS) }), now)).toEqual({ years: 1, currentValue: '900.00', valuation: '2700.00' });
    expect(depreciate(row({ purchasedDate: ago(YEAR_MS - 1) }), now).years).toBe(0);
  });

  it('never goes below zero', () => {
    const d = depreciate(row({ depreciationRate: '40', purchasedDate: ago(3 * YEAR_MS) }), now);
    expect(d).toEqual({ years: 3, currentValue: '0.00', valuation: '0.00' });
  });

  it('gives 0 when price or rate is missing', () => {
    expect(depreciate(row({ purchasedPrice: null }), now).currentValue).toBe('0.00');
    expect(depreciate(row({ depreciationRate: null }), now)).toMatchObject({ currentValue: '0.00', valuation: '0.00' });
  });

  it('counts a missing or future purchased date as 0 years', () => {
    expect(depreciate(row({ purchasedDate: null }), now).years).toBe(0);
    expect(depreciate(row({ purchasedDate: new Date(now.getTime() + YEAR_MS) }), now).years).toBe(0);
  });

  it('is exact to the cent where floats are not', () => {
    // 0.1 + 0.2 style traps: 19.99 × (1 − 0.125 × 2) × 3.333
    const d = depreciate(row({ purchasedPrice: '19.99', depreciationRate: '12.5', purchasedDate: ago(2 * YEAR_MS), quantity: '3.333' }), now);
    expect(d.currentValue).toBe('14.99'); // 14.9925 rounds half up to 14.99
    expect(d.valuation).toBe('49.96'); // 14.99 × 3.333 = 49.96167
    const big = depreciate(row({ purchasedPrice: '999999999999.99', depreciationRate: '0.001', purchasedDate: ago(YEAR_MS), quantity: '99999999999.999' }), now);
    expect(big.currentValue).toBe('999989999999.99');
  });

  it('parses and formats decimals', () => {
    expect(toScaled('12.5', 3)).toBe(12500n);
    expect(toScaled('7', 2)).toBe(700n);
    expect(formatCents(5n)).toBe('0.05');
    expect(formatCents(123456n)).toBe('1234.56');
  });
});
