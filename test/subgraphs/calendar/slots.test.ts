import { computeSlots, groupByDay, type SlotQuery } from '../../../subgraphs/calendar/availability/slots.js';
import { DateTime } from 'luxon';
import { localInstant, withinWorkingHours } from '../../../subgraphs/calendar/availability/working-ranges.js';
import { WEEKDAYS, type ScheduleRules } from '../../../subgraphs/calendar/availability/schedule-rules.js';

const ms = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString().replace('.000Z', 'Z');
const everyDay = (startTime: string, endTime: string) => WEEKDAYS.map((day) => ({ day, startTime, endTime }));

function query(rules: ScheduleRules, from: string, to: string, over: Partial<SlotQuery> = {}): SlotQuery {
  return {
    rules,
    from: ms(from),
    to: ms(to),
    duration: 60,
    interval: 60,
    bufferBefore: 0,
    bufferAfter: 0,
    busy: [],
    now: ms('2020-01-01T00:00:00Z'),
    minimumNotice: 0,
    maximumAdvance: null,
    dailyLimit: null,
    bookingsPerDay: new Map(),
    ...over,
  };
}
const starts = (q: SlotQuery) => computeSlots(q).map((s) => iso(s.start));

describe('slot computation (pure)', () => {
  describe('Europe/Berlin around its 2026 switches (CET +01:00 ↔ CEST +02:00)', () => {
    const berlin: ScheduleRules = {
      timezone: 'Europe/Berlin',
      availability: everyDay('09:00', '11:00'),
      overrides: [],
    };

    it('should keep 09:00 local across the spring switch (29 March): 08:00Z the day before, 07:00Z on the day', () => {
      expect(starts(query(berlin, '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z'))).toEqual([
        '2026-03-28T08:00:00Z',
        '2026-03-28T09:00:00Z',
        '2026-03-29T07:00:00Z',
        '2026-03-29T08:00:00Z',
      ]);
    });

    it('should keep 09:00 local across the autumn switch (25 October): 07:00Z the day before, 08:00Z on the day', () => {
      expect(starts(query(berlin, '2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z'))).toEqual([
        '2026-10-24T07:00:00Z',
        '2026-10-24T08:00:00Z',
        '2026-10-25T08:00:00Z',
        '2026-10-25T09:00:00Z',
      ]);
    });

    it('should give only two hours for 01:00–04:00 on the spring-forward night (02:00–03:00 does not exist)', () => {
      const night: ScheduleRules = {
        timezone: 'Europe/Berlin',
        availability: [{ day: 'SUNDAY', startTime: '01:00', endTime: '04:00' }],
        overrides: [],
      };
      // 01:00 CET = 00:00Z; 04:00 CEST = 02:00Z.
      expect(starts(query(night, '2026-03-29T00:00:00Z', '2026-03-30T00:00:00Z'))).toEqual([
        '2026-03-29T00:00:00Z',
        '2026-03-29T01:00:00Z',
      ]);
    });
  });

  describe('America/New_York around its 2026 switches (EST −05:00 ↔ EDT −04:00)', () => {
    const ny: ScheduleRules = { timezone: 'America/New_York', availability: everyDay('09:00', '10:00'), overrides: [] };

    it('should move 09:00 local from 14:00Z to 13:00Z on 8 March', () => {
      expect(starts(query(ny, '2026-03-07T00:00:00Z', '2026-03-09T00:00:00Z'))).toEqual([
        '2026-03-07T14:00:00Z',
        '2026-03-08T13:00:00Z',
      ]);
    });

    it('should move 09:00 local from 13:00Z to 14:00Z on 1 November', () => {
      expect(starts(query(ny, '2026-10-31T00:00:00Z', '2026-11-02T00:00:00Z'))).toEqual([
        '2026-10-31T13:00:00Z',
        '2026-11-01T14:00:00Z',
      ]);
    });

    it('should give five hours for 00:00–04:00 on the fall-back night, 01:00 local twice', () => {
      const night: ScheduleRules = {
        timezone: 'America/New_York',
        availability: [{ day: 'SUNDAY', startTime: '00:00', endTime: '04:00' }],
        overrides: [],
      };
      // 00:00 EDT = 04:00Z; 04:00 EST = 09:00Z.
      const q = query(night, '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z');
      expect(starts(q)).toEqual([
        '2026-11-01T04:00:00Z',
        '2026-11-01T05:00:00Z',
        '2026-11-01T06:00:00Z',
        '2026-11-01T07:00:00Z',
        '2026-11-01T08:00:00Z',
      ]);
      const [day] = groupByDay(computeSlots(q), 'America/New_York', '2026-11-01', '2026-11-01');
      expect(day!.slots.map((s) => s.startTime)).toEqual(['00:00', '01:00', '01:00', '02:00', '03:00']);
      // The ISO start tells the two 01:00 apart.
      expect(day!.slots.map((s) => s.start)).toEqual([
        '2026-11-01T00:00:00-04:00',
        '2026-11-01T01:00:00-04:00',
        '2026-11-01T01:00:00-05:00',
        '2026-11-01T02:00:00-05:00',
        '2026-11-01T03:00:00-05:00',
      ]);
    });
  });

  describe('across zones', () => {
    const berlin: ScheduleRules = {
      timezone: 'Europe/Berlin',
      availability: [{ day: 'MONDAY', startTime: '09:00', endTime: '10:00' }],
      overrides: [],
    };

    it('should show a Berlin 09:00 as 03:00 in New York in January but 04:00 between the US and EU switches', () => {
      const jan = groupByDay(
        computeSlots(query(berlin, '2026-01-12T00:00:00Z', '2026-01-13T00:00:00Z')),
        'America/New_York',
        '2026-01-12',
        '2026-01-12',
      );
      expect(jan).toEqual([
        {
          date: '2026-01-12',
          slots: [
            {
              startTime: '03:00',
              endTime: '04:00',
              start: '2026-01-12T03:00:00-05:00',
              end: '2026-01-12T04:00:00-05:00',
            },
          ],
        },
      ]);
      const march = groupByDay(
        computeSlots(query(berlin, '2026-03-16T00:00:00Z', '2026-03-17T00:00:00Z')),
        'America/New_York',
        '2026-03-16',
        '2026-03-16',
      );
      expect(march[0]!.slots[0]).toEqual({
        startTime: '04:00',
        endTime: '05:00',
        start: '2026-03-16T04:00:00-04:00',
        end: '2026-03-16T05:00:00-04:00',
      });
    });

    it("should put a slot on the viewer's date: Tokyo sees Monday 09:00 Berlin as Monday 17:00", () => {
      const days = groupByDay(
        computeSlots(query(berlin, '2026-01-12T00:00:00Z', '2026-01-13T00:00:00Z')),
        'Asia/Tokyo',
        '2026-01-11',
        '2026-01-13',
      );
      expect(days).toEqual([
        { date: '2026-01-11', slots: [] },
        {
          date: '2026-01-12',
          slots: [
            {
              startTime: '17:00',
              endTime: '18:00',
              start: '2026-01-12T17:00:00+09:00',
              end: '2026-01-12T18:00:00+09:00',
            },
          ],
        },
        { date: '2026-01-13', slots: [] },
      ]);
    });
  });

  describe('overrides', () => {
    const utc: ScheduleRules = {
      timezone: 'UTC',
      availability: everyDay('09:00', '12:00'),
      overrides: [
        { date: '2026-02-03', isAvailable: false },
        { date: '2026-02-04', isAvailable: true, startTime: '14:00', endTime: '16:00' },
      ],
    };

    it("should block a day with isAvailable false and replace a day's hours with the override's", () => {
      expect(starts(query(utc, '2026-02-02T00:00:00Z', '2026-02-05T00:00:00Z'))).toEqual([
        '2026-02-02T09:00:00Z',
        '2026-02-02T10:00:00Z',
        '2026-02-02T11:00:00Z',
        '2026-02-04T14:00:00Z',
        '2026-02-04T15:00:00Z',
      ]);
    });

    it('should open a day with no weekly hours through an override (a Saturday)', () => {
      const weekdays: ScheduleRules = {
        timezone: 'UTC',
        availability: [{ day: 'MONDAY', startTime: '09:00', endTime: '10:00' }],
        overrides: [{ date: '2026-02-07', isAvailable: true, startTime: '10:00', endTime: '11:00' }],
      };
      expect(starts(query(weekdays, '2026-02-07T00:00:00Z', '2026-02-08T00:00:00Z'))).toEqual(['2026-02-07T10:00:00Z']);
    });

    it('should treat 24:00 as the end of the day', () => {
      const late: ScheduleRules = {
        timezone: 'UTC',
        availability: [{ day: 'MONDAY', startTime: '22:00', endTime: '24:00' }],
        overrides: [],
      };
      expect(starts(query(late, '2026-02-02T00:00:00Z', '2026-02-03T00:00:00Z'))).toEqual([
        '2026-02-02T22:00:00Z',
        '2026-02-02T23:00:00Z',
      ]);
    });
  });

  describe('bookings and buffers', () => {
    const utc: ScheduleRules = { timezone: 'UTC', availability: everyDay('09:00', '13:00'), overrides: [] };
    const day = ['2026-02-02T00:00:00Z', '2026-02-03T00:00:00Z'] as const;

    it('should remove the slot a booking takes and keep its neighbours (no buffers)', () => {
      const busy = [
        { start: ms('2026-02-02T10:00:00Z'), end: ms('2026-02-02T11:00:00Z'), bufferBefore: 0, bufferAfter: 0 },
      ];
      expect(starts(query(utc, ...day, { busy }))).toEqual([
        '2026-02-02T09:00:00Z',
        '2026-02-02T11:00:00Z',
        '2026-02-02T12:00:00Z',
      ]);
    });

    it('should block [start − (its before + new after), end + (its after + new before)) with 30-minute steps', () => {
      // Existing 10:00–11:00 with 15 after; the new type has 15 before: blocked 10:00−0 … 11:00+15+15 = 11:30.
      const busy = [
        { start: ms('2026-02-02T10:00:00Z'), end: ms('2026-02-02T11:00:00Z'), bufferBefore: 0, bufferAfter: 15 },
      ];
      expect(starts(query(utc, ...day, { busy, interval: 30, bufferBefore: 15 }))).toEqual([
        '2026-02-02T09:00:00Z',
        '2026-02-02T11:30:00Z',
        '2026-02-02T12:00:00Z',
      ]);
      // The new type's after-buffer of 30 pushes into the booking from the left: 09:00–10:00 + 30 > 10:00 − 0.
      expect(starts(query(utc, ...day, { busy, interval: 30, bufferAfter: 30 }))).toEqual([
        '2026-02-02T11:30:00Z',
        '2026-02-02T12:00:00Z',
      ]);
    });

    it('should handle overlapping bookings that end out of order', () => {
      const busy = [
        { start: ms('2026-02-02T09:00:00Z'), end: ms('2026-02-02T12:00:00Z'), bufferBefore: 0, bufferAfter: 0 },
        { start: ms('2026-02-02T09:30:00Z'), end: ms('2026-02-02T10:00:00Z'), bufferBefore: 0, bufferAfter: 0 },
      ];
      expect(starts(query(utc, ...day, { busy }))).toEqual(['2026-02-02T12:00:00Z']);
    });
  });

  describe('notice, advance and the daily limit', () => {
    const utc: ScheduleRules = { timezone: 'UTC', availability: everyDay('09:00', '12:00'), overrides: [] };

    it('should drop slots before now + minimum notice', () => {
      const q = query(utc, '2026-02-02T00:00:00Z', '2026-02-03T00:00:00Z', {
        now: ms('2026-02-02T08:10:00Z'),
        minimumNotice: 120,
      });
      expect(starts(q)).toEqual(['2026-02-02T11:00:00Z']); // earliest 10:10
    });

    it('should drop slots after now + maximum advance', () => {
      const q = query(utc, '2026-02-02T00:00:00Z', '2026-02-05T00:00:00Z', {
        now: ms('2026-02-02T09:00:00Z'),
        maximumAdvance: 24 * 60,
      });
      expect(starts(q)).toEqual([
        '2026-02-02T09:00:00Z',
        '2026-02-02T10:00:00Z',
        '2026-02-02T11:00:00Z',
        '2026-02-03T09:00:00Z',
      ]);
    });

    it("should drop whole days that reached the daily limit, counted on the schedule's local date", () => {
      const berlin: ScheduleRules = {
        timezone: 'Europe/Berlin',
        availability: everyDay('00:00', '02:00'),
        overrides: [],
      };
      // 00:00 Berlin on 3 February is 23:00Z on the 2nd: the full day is the Berlin date.
      const q = query(berlin, '2026-02-02T00:00:00Z', '2026-02-04T00:00:00Z', {
        dailyLimit: 1,
        bookingsPerDay: new Map([['2026-02-03', 1]]),
      });
      // Berlin 3 February is 2 Feb 23:00Z – 3 Feb 01:00Z: both its slots go; 2 and 4 February keep theirs.
      expect(starts(q)).toEqual(['2026-02-02T00:00:00Z', '2026-02-03T23:00:00Z']);
      expect(starts({ ...q, bookingsPerDay: new Map() })).toEqual([
        '2026-02-02T00:00:00Z',
        '2026-02-02T23:00:00Z',
        '2026-02-03T00:00:00Z',
        '2026-02-03T23:00:00Z',
      ]);
    });
  });

  it('should tell whether a booking fits the working hours', () => {
    const berlin: ScheduleRules = {
      timezone: 'Europe/Berlin',
      availability: [{ day: 'MONDAY', startTime: '09:00', endTime: '17:00' }],
      overrides: [],
    };
    expect(withinWorkingHours(berlin, ms('2026-01-12T08:00:00Z'), ms('2026-01-12T09:00:00Z'))).toBe(true);
    expect(withinWorkingHours(berlin, ms('2026-01-12T15:30:00Z'), ms('2026-01-12T16:30:00Z'))).toBe(false);
    expect(withinWorkingHours(berlin, ms('2026-01-13T08:00:00Z'), ms('2026-01-13T09:00:00Z'))).toBe(false);
  });

  it('should map local wall times to instants as luxon does, gaps moved forward, a repeated time its first occurrence (every 15 minutes of switch days)', () => {
    const days: [string, string][] = [
      ['Europe/Berlin', '2026-03-29'],
      ['Europe/Berlin', '2026-10-25'],
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
      ['Australia/Lord_Howe', '2026-04-05'],
      ['Asia/Kathmandu', '2026-06-01'],
      ['UTC', '2026-06-01'],
    ];
    for (const [zone, date] of days) {
      for (let minutes = 0; minutes < 1440; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const luxon = DateTime.fromISO(`${date}T${time}`, { zone }).toMillis();
        // luxon resolves a repeated (fall-back) time with today's offset as its first guess; we always take the first one.
        const same = [-60, -30, 0, 30, 60]
          .map((m) => luxon + m * 60_000)
          .filter((ms) => DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm") === `${date}T${time}`);
        const expected = same.length > 0 ? Math.min(...same) : luxon;
        expect([zone, date, time, localInstant(date, time, zone)]).toEqual([zone, date, time, expected]);
      }
    }
  });
});
