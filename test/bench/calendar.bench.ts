// Calendar section of `npm run bench` (a report, never a test): availability for 30 days with 500 existing bookings
// (REST, sequential, p50), the pure slot computation alone, and bookings created per second on one host.
import 'reflect-metadata';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DateTime } from 'luxon';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { calendarModule } from '../../subgraphs/calendar/index.js';
import { ShiftedClock } from '../../platform/clock/job-clock.js';
import { computeSlots } from '../../subgraphs/calendar/availability/slots.js';
import { WEEKDAYS } from '../../subgraphs/calendar/availability/schedule-rules.js';
import { projectRoot } from '../../platform/config/project-root.js';
import { percentile } from './load.js';
import { writeSection } from './report.js';

/** The target on this machine. */
export const CALENDAR_TARGETS = { availabilityP50Ms: 30 } as const;

const BOOKINGS = 500;
const DAYS = 30;
const SLOTS_PER_DAY = 24; // 08:00–20:00 Berlin, 30 minutes
const CONCURRENCY = 8;
const WARMUP = 30;
const SAMPLES = 200;
const FIRST_DAY = '2030-01-08';

const log = (line: string) => process.stderr.write(`[bench:calendar] ${line}\n`);

/** Measures the calendar and returns a Markdown section for BENCHMARKS.md. */
export async function benchCalendar(): Promise<string> {
  const loadAtStart = loadavg()[0]!.toFixed(1);
  const t = await startTestPlatform(
    { LOG_LEVEL: 'silent' },
    {
      modules: [calendarModule({ clock: new ShiftedClock(new Date('2030-01-07T07:50:00Z')), contactBookings: false })],
    },
  );
  try {
    const key = await t.key('bench-cal');
    // Thousands of calls in a few seconds: more than the Starter plan allows.
    await t.platform.orm.em
      .getConnection()
      .execute("update platform.organizations set plan = 'ENTERPRISE' where slug = 'bench-cal'");
    const availability = WEEKDAYS.map((day) => ({ day, startTime: '08:00', endTime: '20:00' }));
    await must(t, 'POST', '/calendar/schedules', key, {
      hostId: 'user_bench',
      name: 'Bench',
      timezone: 'Europe/Berlin',
      availability,
    });
    const eventTypeId = (
      await must(t, 'POST', '/calendar/event-types', key, {
        hostId: 'user_bench',
        title: 'Bench',
        duration: 30,
        bufferAfter: 0,
      })
    ).data.id as string;

    // 17 bookings on each of 30 days, spread over the day: 510 slots, the first 500 taken.
    const starts = Array.from({ length: BOOKINGS }, (_, n) => {
      const day = n % DAYS;
      const slot = Math.floor((Math.floor(n / DAYS) * SLOTS_PER_DAY) / 17);
      return DateTime.fromISO(`${FIRST_DAY}T08:00`, { zone: 'Europe/Berlin' })
        .plus({ days: day, minutes: slot * 30 })
        .toUTC()
        .toISO()!;
    });
    log(`creating ${BOOKINGS} bookings on one host, ${CONCURRENCY} at a time`);
    let next = 0;
    const latencies: number[] = [];
    const bookingCpuBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < starts.length) {
          const start = starts[next++]!;
          const t0 = performance.now();
          await must(
            t,
            'POST',
            '/calendar/bookings',
            key,
            { eventTypeId, startTime: start, attendee: { name: 'B', email: 'b@example.com', timezone: 'UTC' } },
            201,
          );
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const bookingsPerSec = BOOKINGS / ((performance.now() - started) / 1000);
    const bookingCpu = process.cpuUsage(bookingCpuBefore);
    const cpuPerBooking = (bookingCpu.user + bookingCpu.system) / 1000 / BOOKINGS;
    latencies.sort((a, b) => a - b);

    const path = `/calendar/availability?eventTypeId=${eventTypeId}&startDate=${FIRST_DAY}&endDate=${DateTime.fromISO(
      FIRST_DAY,
    )
      .plus({ days: DAYS - 1 })
      .toISODate()}&timezone=America/New_York`;
    const check = await must(t, 'GET', path, key);
    const slots = (check.data.days as { slots: unknown[] }[]).reduce((n, d) => n + d.slots.length, 0);
    if (slots !== DAYS * SLOTS_PER_DAY - BOOKINGS)
      throw new Error(`expected ${DAYS * SLOTS_PER_DAY - BOOKINGS} free slots, got ${slots}`);
    log(`availability for ${DAYS} days: ${WARMUP} warm-ups, then ${SAMPLES} sequential requests`);
    for (let i = 0; i < WARMUP; i++) await must(t, 'GET', path, key);
    const times: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      await must(t, 'GET', path, key);
      times.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const cpuPerRequest = (cpu.user + cpu.system) / 1000 / SAMPLES;
    times.sort((a, b) => a - b);

    // The pure computation with the same inputs, for the share of the request it is.
    const from = Date.parse('2030-01-08T05:00:00Z');
    const busy = starts.map((s) => ({
      start: Date.parse(s),
      end: Date.parse(s) + 30 * 60_000,
      bufferBefore: 0,
      bufferAfter: 0,
    }));
    const pure: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t0 = performance.now();
      computeSlots({
        rules: { timezone: 'Europe/Berlin', availability, overrides: [] },
        from,
        to: from + DAYS * 86_400_000,
        duration: 30,
        interval: 30,
        bufferBefore: 0,
        bufferAfter: 0,
        busy,
        now: Date.parse('2030-01-07T07:50:00Z'),
        minimumNotice: 0,
        maximumAdvance: null,
        dailyLimit: null,
        bookingsPerDay: new Map(),
      });
      pure.push(performance.now() - t0);
    }
    pure.sort((a, b) => a - b);

    const p50 = percentile(times, 50);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    return [
      '## Calendar: availability and bookings',
      '',
      `Command: \`npm run bench\` (section \`benchCalendar\`, test/bench/calendar.bench.ts; alone: \`node dist/test/bench/calendar.bench.js\`). Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}, NODE_ENV=${process.env.NODE_ENV ?? 'unset'}.`,
      'The one-process platform (calendar module) on its own database, called over HTTP on loopback. One host, a Berlin schedule',
      `08:00–20:00 every day, a 30-minute event type; ${BOOKINGS} bookings spread over ${DAYS} days (17 a day). Load average when`,
      `the run started: ${loadAtStart} (other processes share the ${cpus().length} cores; on a busy machine latencies stretch accordingly).`,
      '',
      '| measure | value | target | verdict |',
      '|---|---|---|---|',
      `| GET /calendar/availability, ${DAYS} days, ${BOOKINGS} existing bookings, viewer in New York: p50 (${SAMPLES} sequential requests) | ${ms(p50)} | < ${CALENDAR_TARGETS.availabilityP50Ms} ms | ${p50 < CALENDAR_TARGETS.availabilityP50Ms ? 'met' : '**missed**'} |`,
      `| same, p95 / p99 | ${ms(percentile(times, 95))} / ${ms(percentile(times, 99))} | | |`,
      `| same, CPU of the process per request (server and the HTTP client in one process; PostgreSQL not included) | ${ms(cpuPerRequest)} | | |`,
      `| of which the pure slot computation (computeSlots, ${DAYS * SLOTS_PER_DAY} candidate slots, ${BOOKINGS} busy): p50 | ${ms(percentile(pure, 50))} | | |`,
      `| POST /calendar/bookings on one host, ${CONCURRENCY} concurrent clients, ${BOOKINGS} distinct slots | ${Math.round(bookingsPerSec)} bookings/s | | |`,
      `| same, latency p50 / p95 | ${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} | | |`,
      `| same, CPU of the process per booking (server and client; PostgreSQL not included) | ${ms(cpuPerBooking)} | | |`,
      '',
      'Each booking is one transaction: the insert checked by the exclusion constraint (GiST over host and buffered range),',
      'the `booking.created` outbox row, and the reminder jobs of the event type (none here).',
      '',
    ].join('\n');
  } finally {
    await t.stop();
  }
}

async function must(
  t: TestPlatform,
  method: string,
  path: string,
  key: string,
  body?: unknown,
  status = method === 'POST' ? 201 : 200,
) {
  const res = await t.request(method, path, { key, body });
  if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.body;
}

// `node dist/test/bench/calendar.bench.js` measures and writes this section alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchCalendar().then(
    (section) => {
      process.stdout.write(section + '\n');
      writeSection(join(projectRoot(), 'BENCHMARKS.md'), 'calendar', section);
      process.exit(0);
    },
    (error) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
