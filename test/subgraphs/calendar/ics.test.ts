import { buildIcs } from '../../../subgraphs/calendar/bookings/ics.js';

describe('iCalendar invite (pure)', () => {
  const base = {
    uid: 'booking_1',
    domain: 'api.example.com',
    method: 'REQUEST' as const,
    sequence: 0,
    start: new Date('2030-01-07T09:00:00Z'),
    end: new Date('2030-01-07T09:30:00Z'),
    stamp: new Date('2030-01-01T00:00:00Z'),
    summary: 'Intro; call, with \\ backslash',
    attendee: { name: 'Zoë', email: 'zoe@example.com' },
  };

  it('should write CRLF lines with UTC times and escaped text', () => {
    const ics = buildIcs({ ...base, description: 'Line one\nLine two' });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('\r\nDTSTAMP:20300101T000000Z\r\nDTSTART:20300107T090000Z\r\nDTEND:20300107T093000Z\r\n');
    expect(ics).toContain('\r\nSUMMARY:Intro\\; call\\, with \\\\ backslash\r\n');
    expect(ics).toContain('\r\nDESCRIPTION:Line one\\nLine two\r\n');
    expect(ics).not.toContain('ORGANIZER');
  });

  it('should fold long lines at 75 octets without splitting a UTF-8 character', () => {
    const ics = buildIcs({ ...base, summary: 'é'.repeat(100) });
    const lines = ics.split('\r\n');
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    const summary = ics
      .replace(/\r\n /g, '')
      .split('\r\n')
      .find((l) => l.startsWith('SUMMARY:'));
    expect(summary).toBe(`SUMMARY:${'é'.repeat(100)}`);
  });

  it('should mark a cancellation', () => {
    const ics = buildIcs({ ...base, method: 'CANCEL', sequence: 2 });
    expect(ics).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(ics).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(ics).toContain('\r\nSEQUENCE:2\r\n');
  });
});
