import { monthEnd, rangeParts, type RangePart } from './range-plan';

const DAY_MS = 86_400_000;
const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * DAY_MS).toISOString().slice(0, 10);
const TODAY = '2026-11-26';
/** Every day a test looks at: 2024-01-01 to a few days after TODAY. */
const UNIVERSE = Array.from({ length: 1067 }, (_, i) => day(i));

/** How often each day is counted by `parts`: a month-end counts every day through its month's end, all-time every day. */
function coefficients(parts: RangePart[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const d of UNIVERSE) {
    let n = 0;
    for (const p of parts) {
      const covers = p.kind === 'all-time' || (p.kind === 'month-end' ? d <= monthEnd(p.month) : (!p.from || d >= p.from) && (!p.to || d <= p.to));
      if (covers) n += p.sign;
    }
    if (n) out.set(d, n);
  }
  return out;
}

/** The sealed months from `first` through `last`, as the sealer leaves them (contiguous). */
function months(first: string, last: string): string[] {
  const out: string[] = [];
  for (let m = first; m <= last; m = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 1)).toISOString().slice(0, 10)) out.push(m);
  return out;
}

describe('range plan (issue 17)', () => {
  const sealed = months('2024-11-01', '2026-10-01');

  it('answers all time from the all-time totals, and nothing for a reversed range', () => {
    expect(rangeParts(undefined, undefined, sealed, TODAY)).toEqual([{ kind: 'all-time', sign: 1 }]);
    expect(rangeParts('2026-02-01', '2026-01-31', sealed, TODAY)).toEqual([]);
  });

  it('reads a year up to today as the all-time totals minus a month-end and four days', () => {
    expect(rangeParts('2025-11-27', TODAY, sealed, TODAY)).toEqual([
      { kind: 'all-time', sign: 1 },
      { kind: 'days', from: '2026-11-27', sign: -1 },
      { kind: 'month-end', month: '2025-11-01', sign: -1 },
      { kind: 'days', from: '2025-11-27', to: '2025-11-30', sign: 1 },
    ]);
  });

  it('reads whole months as two month-ends, and a short range as its days', () => {
    expect(rangeParts('2025-03-01', '2025-12-31', sealed, TODAY)).toEqual([
      { kind: 'month-end', month: '2025-12-01', sign: 1 },
      { kind: 'month-end', month: '2025-02-01', sign: -1 },
    ]);
    expect(rangeParts('2025-03-10', '2025-03-20', sealed, TODAY)).toEqual([{ kind: 'days', from: '2025-03-10', to: '2025-03-20', sign: 1 }]);
    expect(rangeParts('2025-03-10', '2025-09-20', [], TODAY)).toEqual([{ kind: 'days', from: '2025-03-10', to: '2025-09-20', sign: 1 }]);
  });

  it('counts every day of the range exactly once and no other day, for any range and any sealed months', () => {
    let seed = 17;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const chains = [[], sealed, months('2024-01-01', '2024-01-01'), months('2025-06-01', '2026-10-01'), months('2024-01-01', '2026-11-01')];
    for (let i = 0; i < 3000; i++) {
      const a = random(8) === 0 ? undefined : day(random(UNIVERSE.length));
      const b = random(8) === 0 ? undefined : day(random(UNIVERSE.length));
      const chain = chains[random(chains.length)];
      const parts = rangeParts(a, b, chain, TODAY);
      const expected = new Map(UNIVERSE.filter((d) => (!a || d >= a) && (!b || d <= b)).map((d) => [d, 1]));
      expect({ a, b, chain: chain.length, counted: coefficients(parts) }).toEqual({ a, b, chain: chain.length, counted: expected });
      // never more than the range's own days, and at most a month-end or all-time pair and two edges
      expect(parts.length).toBeLessThanOrEqual(4);
    }
  });
});
