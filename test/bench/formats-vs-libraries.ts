// `npx tsc -p tsconfig.json && node dist/test/bench/formats-vs-libraries.js`: the hand-written iCalendar and CSV writers
// beside the libraries that would replace them (`ics`, `csv-stringify`), the same records in one run, interleaved.
// A report for the decision record on keeping them (docs/decisions/0330-own-ics-and-csv-writers.md), never a test.
import { performance } from 'node:perf_hooks';
import { cpus } from 'node:os';
import { createEvent } from 'ics';
import { stringify } from 'csv-stringify/sync';
import { buildIcs, type InviteEvent } from '../../subgraphs/calendar/bookings/ics.js';
import { csvCell } from '../../subgraphs/forms/submissions/export-format.js';

const INVITES = 10_000;
const ROWS = 50_000;
const COLUMNS = 20;
const ROUNDS = 5;

const invites: InviteEvent[] = Array.from({ length: INVITES }, (_, i) => ({
  uid: `booking_${i}`,
  domain: 'api.example.com',
  method: 'REQUEST',
  sequence: 0,
  start: new Date(Date.UTC(2030, 0, 7, 9, i % 60)),
  end: new Date(Date.UTC(2030, 0, 7, 10, i % 60)),
  stamp: new Date(Date.UTC(2030, 0, 1)),
  summary: `Intro call ${i}, with notes; and more`,
  description: 'Agenda:\nthe plan',
  location: 'Video call',
  organizer: { name: 'Host Person', email: 'host@example.com' },
  attendee: { name: `Zoë ${i}`, email: `z${i}@example.com` },
}));

const utcParts = (d: Date): [number, number, number, number, number] => [
  d.getUTCFullYear(),
  d.getUTCMonth() + 1,
  d.getUTCDate(),
  d.getUTCHours(),
  d.getUTCMinutes(),
];

function viaIcs(e: InviteEvent): string {
  const { value, error } = createEvent({
    uid: `${e.uid}@${e.domain}`,
    method: e.method,
    sequence: e.sequence,
    productId: '-//Platform API//Calendar//EN',
    start: utcParts(e.start),
    end: utcParts(e.end),
    startInputType: 'utc',
    startOutputType: 'utc',
    endInputType: 'utc',
    endOutputType: 'utc',
    title: e.summary,
    description: e.description ?? undefined,
    location: e.location ?? undefined,
    status: 'CONFIRMED',
    organizer: e.organizer ? { name: e.organizer.name ?? undefined, email: e.organizer.email } : undefined,
    attendees: [
      { name: e.attendee.name, email: e.attendee.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' },
    ],
  });
  if (error || !value) throw error ?? new Error('ics produced nothing');
  return value;
}

const rows: unknown[][] = Array.from({ length: ROWS }, (_, i) =>
  Array.from({ length: COLUMNS }, (_, c) => {
    switch (c % 5) {
      case 0:
        return `answer ${i}-${c}`;
      case 1:
        return i * c;
      case 2:
        return c === 2 && i % 100 === 0 ? '=HYPERLINK("x")' : `said "hi", then left`;
      case 3:
        return ['a', 'b'];
      default:
        return null;
    }
  }),
);

// csv-stringify with the same cell rules as ours: formula guard, arrays joined, CRLF.
const FORMULA_START = /^[=+\-@\t\r]/;
const guarded = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
const viaCsvStringify = (page: unknown[][]) =>
  stringify(page, {
    record_delimiter: '\r\n',
    cast: {
      string: guarded,
      object: (value) => (Array.isArray(value) ? guarded(value.join('; ')) : guarded(JSON.stringify(value))),
      boolean: String,
    },
  });
const viaOurs = (page: unknown[][]) => page.map((row) => row.map(csvCell).join(',') + '\r\n').join('');

function time(label: string, run: () => number): { label: string; ms: number; bytes: number } {
  const started = performance.now();
  const bytes = run();
  return { label, ms: performance.now() - started, bytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const candidates = [
  ['iCalendar: buildIcs (ours)', () => invites.reduce((n, e) => n + buildIcs(e).length, 0)],
  ['iCalendar: ics.createEvent', () => invites.reduce((n, e) => n + viaIcs(e).length, 0)],
  ['CSV: csvCell (ours), pages of 500', () => pages().reduce((n, page) => n + viaOurs(page).length, 0)],
  ['CSV: csv-stringify/sync, pages of 500', () => pages().reduce((n, page) => n + viaCsvStringify(page).length, 0)],
] as const;

function pages(): unknown[][][] {
  const out: unknown[][][] = [];
  for (let i = 0; i < rows.length; i += 500) out.push(rows.slice(i, i + 500));
  return out;
}

// The CSV writers must agree byte for byte, or the comparison compares different work.
if (viaOurs(rows.slice(0, 500)) !== viaCsvStringify(rows.slice(0, 500)))
  throw new Error('csv-stringify and csvCell disagree on the same rows');

const results = new Map<string, { ms: number[]; bytes: number }>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [label, run] of candidates) {
    const r = time(label, run);
    const entry = results.get(label) ?? { ms: [], bytes: r.bytes };
    entry.ms.push(r.ms);
    results.set(label, entry);
  }
}
process.stdout.write(
  `${new Date().toISOString().slice(0, 16)} UTC, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; median of ${ROUNDS} interleaved rounds\n\n`,
);
process.stdout.write('| writer | work | median ms | output bytes |\n|---|---|---:|---:|\n');
for (const [label, entry] of results) {
  const work = label.startsWith('iCalendar')
    ? `${INVITES.toLocaleString('en-US')} invites`
    : `${ROWS.toLocaleString('en-US')} rows × ${COLUMNS}`;
  process.stdout.write(
    `| ${label} | ${work} | ${median(entry.ms).toFixed(1)} | ${entry.bytes.toLocaleString('en-US')} |\n`,
  );
}
