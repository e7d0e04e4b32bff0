/**
 * How a date-ranged statistic adds up its movements: instead of every daily total of
 * the range, a total "up to day x" is a month-end total (stock_month_end_totals) or the all-time
 * totals (stock_product_totals) plus or minus the few days between x and that month's end, and a
 * range is the total up to its last day minus the total up to the day before its first. Days are
 * UTC calendar days written YYYY-MM-DD; every part here is exact, the choice only decides the cost.
 */

/** One signed term of a range's total. */
export type RangePart =
  /** Everything ever moved (stock_product_totals). */
  | { kind: 'all-time'; sign: 1 | -1 }
  /** Everything moved through the end of `month`, a sealed month named by its first day. */
  | { kind: 'month-end'; month: string; sign: 1 | -1 }
  /** The daily totals of days `from`..`to` (inclusive; undefined is open-ended). */
  | { kind: 'days'; from?: string; to?: string; sign: 1 | -1 };

/** Rows a month-end or all-time part reads, in days of daily totals (a month-end row per product-unit, ~2-3 days' daily rows). */
const MONTH_END_COST = 3;
const ALL_TIME_COST = 5;

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The last day of the month starting on `month`. */
export function monthEnd(month: string): string {
  const d = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

/** The parts of everything moved on days from..to (inclusive; undefined is open), the cheapest way. */
export function rangeParts(from: string | undefined, to: string | undefined, sealed: readonly string[], today: string): RangePart[] {
  const direct: RangePart[] = [{ kind: 'days', from, to, sign: 1 }];
  if (!from && !to) return [{ kind: 'all-time', sign: 1 }];
  if (from && to && to < from) return [];
  const viaTotals = simplify([...upTo(to, sealed, today), ...(from ? upTo(addDays(from, -1), sealed, today).map(negate) : [])]);
  return cost(viaTotals, today) < cost(direct, today) ? viaTotals : direct;
}

/** Everything moved through day x (all time when undefined): the cheaper of the month-end before or after x. */
function upTo(x: string | undefined, sealed: readonly string[], today: string): RangePart[] {
  if (!x) return [{ kind: 'all-time', sign: 1 }];
  const before = [...sealed].reverse().find((m) => monthEnd(m) <= x);
  const after = sealed.find((m) => monthEnd(m) >= x);
  const fromBefore: RangePart[] = before
    ? [{ kind: 'month-end', month: before, sign: 1 }, { kind: 'days', from: addDays(monthEnd(before), 1), to: x, sign: 1 }]
    : [{ kind: 'days', to: x, sign: 1 }];
  const fromAfter: RangePart[] = after
    ? [{ kind: 'month-end', month: after, sign: 1 }, { kind: 'days', from: addDays(x, 1), to: monthEnd(after), sign: -1 }]
    : [{ kind: 'all-time', sign: 1 }, { kind: 'days', from: addDays(x, 1), sign: -1 }];
  return cost(fromBefore, today) <= cost(fromAfter, today) ? fromBefore : fromAfter;
}

function negate(p: RangePart): RangePart {
  return { ...p, sign: p.sign === 1 ? -1 : 1 };
}

/** Days a part reads; an open start is unbounded, an open end runs to today. */
function partCost(p: RangePart, today: string): number {
  if (p.kind === 'all-time') return ALL_TIME_COST;
  if (p.kind === 'month-end') return MONTH_END_COST;
  if (!p.from) return Number.POSITIVE_INFINITY;
  return Math.max(0, dayNumber(p.to ?? today) - dayNumber(p.from) + 1);
}

function cost(parts: RangePart[], today: string): number {
  return parts.reduce((sum, p) => sum + partCost(p, today), 0);
}

/**
 * Cancels a month-end or all-time part against its opposite, and merges two day ranges of
 * opposite sign sharing an end into the days between them; drops empty day ranges.
 */
function simplify(parts: RangePart[]): RangePart[] {
  const out: RangePart[] = [];
  for (const p of parts) {
    const i = out.findIndex((q) => q.sign !== p.sign && cancels(q, p));
    if (i < 0) {
      out.push(p);
      continue;
    }
    const [q] = out.splice(i, 1);
    if (p.kind === 'days' && q.kind === 'days') out.push(...difference(q.sign === 1 ? q : p, q.sign === 1 ? p : q));
  }
  return out.filter((p) => p.kind !== 'days' || !p.from || !p.to || p.from <= p.to);
}

function cancels(a: RangePart, b: RangePart): boolean {
  if (a.kind === 'days' && b.kind === 'days') return a.from === b.from || a.to === b.to;
  if (a.kind === 'month-end' && b.kind === 'month-end') return a.month === b.month;
  return a.kind === 'all-time' && b.kind === 'all-time';
}

/** plus - minus, two day ranges sharing their first or their last day. */
function difference(plus: RangePart & { kind: 'days' }, minus: RangePart & { kind: 'days' }): RangePart[] {
  if (plus.from === minus.from) {
    if (plus.to === minus.to) return [];
    // both end at a day: the longer one keeps the days after the shorter one's end
    const longerPlus = !plus.to || (minus.to !== undefined && plus.to > minus.to);
    return longerPlus ? [{ kind: 'days', from: addDays(minus.to!, 1), to: plus.to, sign: 1 }] : [{ kind: 'days', from: addDays(plus.to!, 1), to: minus.to, sign: -1 }];
  }
  // same last day: the one starting earlier keeps the days before the other's start
  const earlierPlus = !plus.from || (minus.from !== undefined && plus.from < minus.from);
  return earlierPlus ? [{ kind: 'days', from: plus.from, to: addDays(minus.from!, -1), sign: 1 }] : [{ kind: 'days', from: minus.from, to: addDays(plus.from!, -1), sign: -1 }];
}
