import { describe, expect, it } from 'vitest';
import { byDay, dayKey, mondayOf, shiftWeek, weekBounds, weekDays, weekOf } from './week';

describe('the calendar week', () => {
  it('should start on the Monday of any day of it, Sunday included', () => {
    expect(dayKey(mondayOf(new Date(2030, 0, 7)))).toBe('2030-01-07');
    expect(dayKey(mondayOf(new Date(2030, 0, 13, 23, 59)))).toBe('2030-01-07');
    expect(dayKey(mondayOf(new Date(2030, 0, 14, 0, 0)))).toBe('2030-01-14');
  });

  it('should read the week from the address, and fall back to this week for no date or an impossible one', () => {
    const now = new Date(2026, 11, 2, 10);
    expect(dayKey(weekOf('2030-01-09', now))).toBe('2030-01-07');
    expect(dayKey(weekOf(undefined, now))).toBe('2026-11-30');
    expect(dayKey(weekOf('2030-02-31', now))).toBe('2026-11-30');
    expect(dayKey(weekOf('next week', now))).toBe('2026-11-30');
  });

  it('should have seven days and move by whole weeks across months and years', () => {
    const monday = weekOf('2029-12-31');
    expect(weekDays(monday).map(dayKey)).toEqual([
      '2029-12-31',
      '2030-01-01',
      '2030-01-02',
      '2030-01-03',
      '2030-01-04',
      '2030-01-05',
      '2030-01-06',
    ]);
    expect(dayKey(shiftWeek(monday, 1))).toBe('2030-01-07');
    expect(dayKey(shiftWeek(monday, -1))).toBe('2029-12-24');
  });

  it('should ask for the bookings from Monday midnight up to, not into, the next Monday', () => {
    const monday = weekOf('2030-01-07');
    const { startDate, endDate } = weekBounds(monday);
    expect(new Date(startDate).getTime()).toBe(monday.getTime());
    expect(new Date(endDate).getTime()).toBe(shiftWeek(monday, 1).getTime() - 1);
  });

  it('should group items by the local day they start on', () => {
    const items = [
      { at: new Date(2030, 0, 8, 9).toISOString() },
      { at: new Date(2030, 0, 8, 15).toISOString() },
      { at: new Date(2030, 0, 10, 9).toISOString() },
    ];
    const days = byDay(items, (i) => i.at);
    expect([...days.keys()]).toEqual(['2030-01-08', '2030-01-10']);
    expect(days.get('2030-01-08')).toHaveLength(2);
  });
});
