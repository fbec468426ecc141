import { describe, expect, it } from 'vitest';
import { hoursKey, hoursText, refusedScheduleField, weekForm, weekRules, dayName } from './weekly-hours';

const rules = [
  { day: 'TUESDAY', startTime: '13:00', endTime: '17:00' },
  { day: 'MONDAY', startTime: '09:00', endTime: '17:00' },
  { day: 'TUESDAY', startTime: '08:30', endTime: '12:00' },
  { day: 'SUNDAY', startTime: '20:00', endTime: '24:00' },
];

describe('a schedule’s weekly hours', () => {
  it('groups the rules per day, Monday first, each day in the order its hours start', () => {
    const week = weekForm(rules);
    expect(Object.keys(week)).toEqual(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);
    expect(week.TUESDAY).toEqual([
      { startTime: '08:30', endTime: '12:00' },
      { startTime: '13:00', endTime: '17:00' },
    ]);
    expect(week.WEDNESDAY).toEqual([]);
  });

  it('writes a day as one line, or Closed', () => {
    const week = weekForm(rules);
    expect(hoursText(week.TUESDAY)).toBe('08:30–12:00, 13:00–17:00');
    expect(hoursText(week.SUNDAY)).toBe('20:00–24:00');
    expect(hoursText(week.WEDNESDAY)).toBe('Closed');
    expect(dayName('WEDNESDAY')).toBe('Wednesday');
  });

  it('sends the rules Monday first and trimmed', () => {
    const week = weekForm(rules);
    week.MONDAY[0] = { startTime: ' 10:00', endTime: '16:00 ' };
    expect(weekRules(week)).toEqual([
      { day: 'MONDAY', startTime: '10:00', endTime: '16:00' },
      { day: 'TUESDAY', startTime: '08:30', endTime: '12:00' },
      { day: 'TUESDAY', startTime: '13:00', endTime: '17:00' },
      { day: 'SUNDAY', startTime: '20:00', endTime: '24:00' },
    ]);
  });

  it('puts a refusal of one rule on the interval it came from', () => {
    const week = weekForm(rules);
    expect(refusedScheduleField('availability[0].endTime', week)).toBe(hoursKey('MONDAY', 0, 'endTime'));
    expect(refusedScheduleField('input.availability[2].startTime', week)).toBe('TUESDAY.1.startTime');
    expect(refusedScheduleField('availability[3].endTime', week)).toBe('SUNDAY.0.endTime');
    expect(refusedScheduleField('availability[4].endTime', week)).toBeNull();
    expect(refusedScheduleField('timezone', week)).toBe('timezone');
    expect(refusedScheduleField('hostId', week)).toBeNull();
    expect(refusedScheduleField(undefined, week)).toBeNull();
  });
});
