import { describe, expect, it } from 'vitest';
import { formatDayOf, formatSyncTime, formatVisitDate } from './dates.ts';

/** The reader's locale, as the module uses it: the expectations follow the machine's. */
const day = (y: number, m: number, d: number) =>
  new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(y, m - 1, d),
  );

describe('formatVisitDate', () => {
  it('reads YYYY-MM-DD as that calendar day in every time zone', () => {
    expect(formatVisitDate('2024-07-10')).toBe(day(2024, 7, 10));
    expect(formatVisitDate('2024-01-01')).toBe(day(2024, 1, 1));
    expect(formatVisitDate('2024-07-10')).not.toBe(formatVisitDate('2024-07-11'));
  });

  it('keeps what a coarsened shared date has: a month, or a year', () => {
    const month = formatVisitDate('2026-08');
    expect(month).toContain('2026');
    expect(month).not.toContain('1');
    expect(formatVisitDate('2026')).toBe('2026');
  });

  it('shows anything else as given', () => {
    expect(formatVisitDate('soon')).toBe('soon');
  });
});

describe('formatDayOf', () => {
  it('is the visit-date format of the moment’s local day', () => {
    const moment = new Date(2026, 7, 15, 23, 30);
    expect(formatDayOf(moment.toISOString())).toBe(day(2026, 8, 15));
    expect(formatDayOf(moment.getTime())).toBe(day(2026, 8, 15));
  });
});

describe('formatSyncTime', () => {
  const now = new Date(2026, 7, 15, 14, 0).getTime();
  it('says minutes within the hour, the time within the day, else the day', () => {
    expect(formatSyncTime(now - 30_000, now)).toBe('just now');
    expect(formatSyncTime(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(formatSyncTime(new Date(2026, 7, 15, 9, 5).getTime(), now)).toMatch(/^at 0?9.05/);
    expect(formatSyncTime(new Date(2026, 7, 14, 9, 5).getTime(), now)).toBe(
      `on ${day(2026, 8, 14)}`,
    );
  });
});
