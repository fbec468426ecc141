/** What an invite says about one booking. */
export interface InviteEvent {
  uid: string;
  /** Host part of the UID (RFC 5545 recommends a domain). */
  domain: string;
  method: 'REQUEST' | 'CANCEL';
  sequence: number;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  organizer?: { name: string | null; email: string } | null;
  attendee: { name: string; email: string };
}

/** An iCalendar (RFC 5545) invite: CRLF lines folded at 75 octets, text escaped. Pure; ours rather than `ics` (docs/decisions/0330). */
export function buildIcs(e: InviteEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Platform API//Calendar//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}@${e.domain}`,
    `DTSTAMP:${utc(e.stamp)}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SEQUENCE:${e.sequence}`,
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${text(e.summary)}`,
  ];
  if (e.description) lines.push(`DESCRIPTION:${text(e.description)}`);
  if (e.location) lines.push(`LOCATION:${text(e.location)}`);
  if (e.url) lines.push(`URL:${e.url}`);
  if (e.organizer)
    lines.push(`ORGANIZER${e.organizer.name ? `;CN=${param(e.organizer.name)}` : ''}:mailto:${e.organizer.email}`);
  lines.push(
    `ATTENDEE;CN=${param(e.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${e.attendee.email}`,
  );
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}

function utc(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Parameter values are quoted (they may hold , ; :), and cannot contain a double quote. */
function param(value: string): string {
  return `"${value.replace(/["\r\n]/g, '')}"`;
}

/** Lines longer than 75 octets continue on lines starting with a space, never splitting a UTF-8 character. */
function fold(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    const limit = parts.length === 0 ? 75 : 74;
    if (size + n > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
