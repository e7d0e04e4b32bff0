/**
 * Period arithmetic of the interval outgoing chart: all dates are
 * UTC calendar days written YYYY-MM-DD. A period is named by the day it starts on:
 * - daily: the day itself;
 * - weekly: the Monday of its ISO 8601 week (weeks run Monday to Sunday);
 * - monthly: the first day of the month.
 */
export const PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type Period = (typeof PERIODS)[number];

/** The most periods one request may span (400 beyond). */
export const MAX_PERIODS = 366;

const DAY_MS = 86_400_000;

/** The UTC calendar day (YYYY-MM-DD) of an ISO 8601 date or date-time. */
export function utcDay(value: string | Date): string {
  return new Date(value).toISOString().slice(0, 10);
}

function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The first day of the period holding `day`. */
export function periodStart(day: string, period: Period): string {
  const d = parseDay(day);
  if (period === 'monthly') return `${day.slice(0, 7)}-01`;
  if (period === 'weekly') {
    const sinceMonday = (d.getUTCDay() + 6) % 7;
    return utcDay(new Date(d.getTime() - sinceMonday * DAY_MS));
  }
  return day;
}

/** The first day of the period after the one starting on `start`. */
function nextPeriod(start: string, period: Period): string {
  const d = parseDay(start);
  if (period === 'monthly') return utcDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
  return utcDay(new Date(d.getTime() + (period === 'weekly' ? 7 : 1) * DAY_MS));
}

/** How many periods the inclusive day range [from, to] touches (0 when to < from). */
export function countPeriods(from: string, to: string, period: Period): number {
  if (to < from) return 0;
  const a = parseDay(periodStart(from, period));
  const b = parseDay(periodStart(to, period));
  if (period === 'monthly') {
    return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth() + 1;
  }
  const days = Math.round((b.getTime() - a.getTime()) / DAY_MS);
  return period === 'weekly' ? days / 7 + 1 : days + 1;
}

/** The start days of every period the inclusive range [from, to] touches, in order. */
export function listPeriods(from: string, to: string, period: Period): string[] {
  const out: string[] = [];
  const last = periodStart(to, period);
  for (let p = periodStart(from, period); p <= last; p = nextPeriod(p, period)) out.push(p);
  return out;
}
