import { countPeriods, listPeriods, periodStart, utcDay } from './periods';

describe('periods (UTC, ISO weeks from Monday)', () => {
  it('starts ISO weeks on Monday, also across a year end', () => {
    expect(periodStart('2026-01-04', 'weekly')).toBe('2025-12-29'); // Sunday -> Monday before
    expect(periodStart('2026-01-05', 'weekly')).toBe('2026-01-05'); // Monday
    expect(periodStart('2026-03-15', 'monthly')).toBe('2026-03-01');
    expect(periodStart('2026-03-15', 'daily')).toBe('2026-03-15');
  });

  it('lists every period touched by the range, empty ones included', () => {
    expect(listPeriods('2026-01-01', '2026-01-12', 'weekly')).toEqual(['2025-12-29', '2026-01-05', '2026-01-12']);
    expect(listPeriods('2026-01-30', '2026-03-01', 'monthly')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(listPeriods('2024-02-28', '2024-03-01', 'daily')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('counts periods without listing them', () => {
    expect(countPeriods('2024-01-01', '2024-12-31', 'daily')).toBe(366);
    expect(countPeriods('2026-01-01', '2026-01-12', 'weekly')).toBe(3);
    expect(countPeriods('2000-01-01', '2030-06-30', 'monthly')).toBe(366);
    expect(countPeriods('2026-02-01', '2026-01-01', 'daily')).toBe(0);
  });

  it('takes the UTC day of a date-time', () => {
    expect(utcDay('2026-01-01T23:30:00-02:00')).toBe('2026-01-02');
    expect(utcDay('2026-01-01')).toBe('2026-01-01');
  });
});
