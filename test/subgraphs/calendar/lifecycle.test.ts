import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';
import { calendarModule } from '../../../subgraphs/calendar/index.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { ShiftedClock } from '../../../platform/clock/job-clock.js';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver.js';
import { MONDAY_0750Z, bookingBody, createEventType, hostWithEventType } from './helpers/calendar-fixtures.js';

describe('booking lifecycle: cancel, reschedule, confirm, reject, with events, webhooks and emails', () => {
  let t: TestPlatform;
  let key: string;
  let eventTypeId: string;
  let pendingTypeId: string;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestPlatform(
      { WEBHOOK_ALLOW_PRIVATE: 'true', PUBLIC_URL: 'https://cal.example.com' },
      {
        modules: [
          emailModule(),
          webhooksModule(),
          calendarModule({ clock: new ShiftedClock(MONDAY_0750Z), contactBookings: false }),
        ],
      },
    );
    key = await t.key('cal-life');
    eventTypeId = await hostWithEventType(t, key, 'user_life');
    pendingTypeId = await createEventType(t, key, 'user_life', {
      title: 'Approval needed',
      requiresConfirmation: true,
    });
  });
  afterAll(async () => {
    await t.stop();
    await receiver.close();
  });

  const book = (body: unknown) => t.request('POST', '/calendar/bookings', { key, body });
  const act = (uid: string, action: string, body?: unknown) =>
    t.request('POST', `/calendar/bookings/${uid}/${action}`, { key, body });
  const events = async (uid: string) => {
    const rows = await t.platform.orm.em
      .getConnection()
      .execute(`select type, data from platform.events where data->>'uid' = ? order by seq`, [uid]);
    return rows as { type: string; data: any }[];
  };
  const emailsTo = async (to: string) => {
    const list = await t.request('GET', '/emails/messages?count=100', { key });
    return (list.body.data as any[]).filter((m) => m.to.includes(to)).reverse();
  };
  const inviteOf = async (messageId: string) => {
    const rows = await t.platform.orm.em
      .getConnection()
      .execute('select attachments from email.messages where id = ?', [messageId]);
    return Buffer.from(rows[0].attachments[0].content, 'base64').toString('utf8');
  };

  it("should deliver booking.created and booking.cancelled to a calendar webhook, and refuse other modules' events there", async () => {
    const wrong = await t.request('POST', '/calendar/webhooks', {
      key,
      body: { url: receiver.url, events: ['email.sent'] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.expected).toEqual(expect.arrayContaining(['booking.created', 'booking.reminder']));
    const hook = await t.request('POST', '/calendar/webhooks', {
      key,
      body: { url: receiver.url, events: ['booking.created', 'booking.cancelled'] },
    });
    expect(hook.status).toBe(201);
    expect((await t.request('GET', '/calendar/webhooks', { key })).body.data.map((w: any) => w.id)).toEqual([
      hook.body.data.id,
    ]);

    const created = await book(bookingBody(eventTypeId, '2030-01-08T09:00:00Z'));
    const uid = created.body.data.uid;
    await act(uid, 'cancel', { reason: 'Conflict', cancelledBy: 'attendee' });
    const got = await receiver.waitFor((rs) => rs.filter((r) => r.json?.data?.uid === uid).length >= 2);
    const mine = got.filter((r) => r.json.data.uid === uid).map((r) => r.json);
    expect(mine.map((e) => e.type).sort()).toEqual(['booking.cancelled', 'booking.created']);
    expect(mine.find((e) => e.type === 'booking.created')).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      data: {
        uid,
        eventTypeId,
        status: 'CONFIRMED',
        startTime: '2030-01-08T09:00:00.000Z',
        endTime: '2030-01-08T09:30:00.000Z',
        attendee: { name: 'Ada Attendee', email: 'ada@example.com', timezone: 'America/New_York' },
        host: { id: 'user_life', name: 'Hana Host', email: 'hana@example.com' },
      },
    });
    expect(mine.find((e) => e.type === 'booking.cancelled').data).toMatchObject({
      status: 'CANCELLED',
      reason: 'Conflict',
      cancelledBy: 'attendee',
    });
    const deliveries = await t.request('GET', `/calendar/webhooks/${hook.body.data.id}/deliveries`, { key });
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.data.length).toBeGreaterThanOrEqual(2);
    const id = hook.body.data.id;
    expect((await t.request('GET', `/calendar/webhooks/${id}`, { key })).body.data).toMatchObject({
      id,
      events: ['booking.created', 'booking.cancelled'],
      active: true,
    });
    const patched = await t.request('PATCH', `/calendar/webhooks/${id}`, {
      key,
      body: { events: ['booking.created', 'booking.cancelled', 'booking.rescheduled', 'booking.reminder'] },
    });
    expect(patched.body.data.events).toHaveLength(4);
    // Calendar webhooks need the calendar scope and live in their own namespace.
    const webhooksOnly = await t.key('cal-life', 'SERVER', ['webhooks']);
    expect((await t.request('GET', '/calendar/webhooks', { key: webhooksOnly })).status).toBe(403);
    expect((await t.request('GET', '/webhooks', { key })).body.data.map((w: any) => w.id)).not.toContain(id);
  });

  it('should cancel once: the slot is free again, a second cancel is a 400 naming the status', async () => {
    const created = await book(bookingBody(eventTypeId, '2030-01-08T10:00:00Z'));
    const uid = created.body.data.uid;
    const cancelled = await act(uid, 'cancel', { reason: 'Sick', notifyHost: true });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      uid,
      status: 'CANCELLED',
      cancellationReason: 'Sick',
      cancelledBy: 'host',
    });
    const again = await act(uid, 'cancel');
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'status', received: 'CANCELLED', expected: ['PENDING', 'CONFIRMED'] },
    });
    expect((await book(bookingBody(eventTypeId, '2030-01-08T10:00:00Z'))).status).toBe(201);
    expect((await act(uid, 'cancel', { cancelledBy: 'robot' })).body.error.details).toMatchObject({
      field: 'cancelledBy',
      received: 'robot',
    });
    // notifyHost: the host gets a cancellation too.
    const hostMail = await eventually(async () =>
      (await emailsTo('hana@example.com')).find((m) => m.subject.startsWith('Cancelled')),
    );
    expect(hostMail.subject).toContain('Ada Attendee');
  });

  it('should reschedule: new times checked like a new booking, the old slot freed, booking.rescheduled with the previous times', async () => {
    const created = await book(bookingBody(eventTypeId, '2030-01-08T11:00:00Z'));
    const uid = created.body.data.uid;
    const moved = await act(uid, 'reschedule', { startTime: '2030-01-09T13:00:00+01:00', reason: 'Later suits' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      uid,
      status: 'CONFIRMED',
      startTime: '2030-01-09T12:00:00.000Z',
      endTime: '2030-01-09T12:30:00.000Z',
      rescheduleReason: 'Later suits',
    });
    const types = (await events(uid)).map((e) => e.type);
    expect(types).toEqual(['booking.created', 'booking.rescheduled']);
    expect((await events(uid))[1]!.data).toMatchObject({
      previousStartTime: '2030-01-08T11:00:00.000Z',
      previousEndTime: '2030-01-08T11:30:00.000Z',
      reason: 'Later suits',
      startTime: '2030-01-09T12:00:00.000Z',
    });
    expect((await book(bookingBody(eventTypeId, '2030-01-08T11:00:00Z'))).status).toBe(201);
    const clash = await act(uid, 'reschedule', { startTime: '2030-01-08T11:15:00Z' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('SLOT_UNAVAILABLE');
    expect((await act(uid, 'reschedule', { startTime: '2030-01-07T06:00:00Z' })).body.error.code).toBe('PAST_BOOKING');
    expect((await act(uid, 'reschedule', { startTime: '2030-01-12T10:00:00Z' })).body.error.code).toBe(
      'HOST_UNAVAILABLE',
    );
    expect((await act(uid, 'reschedule', {})).body.error.details).toMatchObject({ field: 'startTime' });
    // Moving within its own old slot is fine (it does not clash with itself).
    expect((await act(uid, 'reschedule', { startTime: '2030-01-09T12:15:00Z' })).status).toBe(200);
    await act(uid, 'cancel');
    expect((await act(uid, 'reschedule', { startTime: '2030-01-09T14:00:00Z' })).body.error.details).toMatchObject({
      field: 'status',
      received: 'CANCELLED',
    });
  });

  it('should hold PENDING bookings of a requiresConfirmation type until confirmed or rejected', async () => {
    const pending = await book(bookingBody(pendingTypeId, '2030-01-10T09:00:00Z'));
    expect(pending.status).toBe(201);
    expect(pending.body.data.status).toBe('PENDING');
    // A pending booking holds its slot.
    expect((await book(bookingBody(eventTypeId, '2030-01-10T09:00:00Z'))).body.error.code).toBe('SLOT_UNAVAILABLE');
    const confirmed = await act(pending.body.data.uid, 'confirm');
    expect(confirmed.body.data.status).toBe('CONFIRMED');
    expect((await act(pending.body.data.uid, 'confirm')).body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { received: 'CONFIRMED', expected: ['PENDING'] },
    });
    expect((await act(pending.body.data.uid, 'reject', { reason: 'x' })).status).toBe(400);

    const other = await book(bookingBody(pendingTypeId, '2030-01-10T10:00:00Z'));
    const rejected = await act(other.body.data.uid, 'reject', { reason: 'Fully booked' });
    expect(rejected.body.data).toMatchObject({ status: 'REJECTED', rejectionReason: 'Fully booked' });
    expect((await book(bookingBody(eventTypeId, '2030-01-10T10:00:00Z'))).status).toBe(201);
    expect((await events(pending.body.data.uid)).map((e) => e.type)).toEqual(['booking.created', 'booking.confirmed']);
    expect((await events(other.body.data.uid)).map((e) => e.type)).toEqual(['booking.created', 'booking.rejected']);
    expect((await act(other.body.data.uid, 'confirm', { extra: 1 })).body.error.details).toMatchObject({
      field: 'extra',
    });
    // A disabled event type's bookings cannot move (a reschedule is checked like a new booking), but can be cancelled.
    await t.request('PATCH', `/calendar/event-types/${pendingTypeId}`, { key, body: { active: false } });
    const frozen = await act(pending.body.data.uid, 'reschedule', { startTime: '2030-01-10T11:00:00Z' });
    expect(frozen.status).toBe(409);
    expect(frozen.body.error.code).toBe('EVENT_TYPE_INACTIVE');
    expect((await act(pending.body.data.uid, 'cancel')).body.data.status).toBe('CANCELLED');
    await t.request('PATCH', `/calendar/event-types/${pendingTypeId}`, { key, body: { active: true } });
  });

  it('should email the attendee a confirmation with invite.ics, and a cancellation with METHOD:CANCEL', async () => {
    const created = await book({
      ...bookingBody(eventTypeId, '2030-01-11T09:00:00Z'),
      attendee: { name: 'Ics Person', email: 'ics@example.com', timezone: 'Europe/Berlin' },
    });
    const uid = created.body.data.uid;
    const confirmation = await eventually(async () => (await emailsTo('ics@example.com'))[0]);
    expect(confirmation.subject).toBe(
      'Confirmed: Meeting with Hana Host on Friday 11 January 2030, 10:00 (Europe/Berlin)',
    );
    const detail = await t.request('GET', `/emails/messages/${confirmation.messageId}`, { key });
    expect(detail.body.data.attachments).toEqual([
      { filename: 'invite.ics', contentType: 'text/calendar', size: expect.any(Number) },
    ]);
    expect(detail.body.data.tags).toEqual(expect.arrayContaining([{ name: 'notice', value: 'booking-confirmation' }]));
    const folded = await inviteOf(confirmation.messageId);
    // RFC 5545: lines of at most 75 octets, longer ones folded with CRLF + space.
    expect(folded.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const ics = folded.replace(/\r\n /g, '');
    expect(ics).toContain('METHOD:REQUEST\r\n');
    expect(ics).toContain(`UID:${uid}@cal.example.com\r\n`);
    expect(ics).toContain('DTSTART:20300111T090000Z\r\nDTEND:20300111T093000Z\r\n');
    expect(ics).toContain('ORGANIZER;CN="Hana Host":mailto:hana@example.com');
    expect(ics).toContain(
      'ATTENDEE;CN="Ics Person";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:ics@example.com',
    );

    await act(uid, 'reschedule', { startTime: '2030-01-11T10:00:00Z' });
    await act(uid, 'cancel', { reason: 'No longer needed' });
    const mails = await eventually(async () => {
      const all = await emailsTo('ics@example.com');
      return all.length >= 3 ? all : null;
    });
    expect(mails.map((m) => m.subject.split(':')[0])).toEqual(['Confirmed', 'Rescheduled', 'Cancelled']);
    const rescheduleIcs = await inviteOf(mails[1].messageId);
    expect(rescheduleIcs).toContain('SEQUENCE:1\r\n');
    expect(rescheduleIcs).toContain('DTSTART:20300111T100000Z');
    const cancelIcs = await inviteOf(mails[2].messageId);
    expect(cancelIcs).toContain('METHOD:CANCEL\r\n');
    expect(cancelIcs).toContain('STATUS:CANCELLED\r\n');
    expect(cancelIcs).toContain('SEQUENCE:2\r\n');

    // The emails really go out (local capture in tests): the message reaches DELIVERED.
    await eventually(
      async () =>
        (await t.request('GET', `/emails/messages/${confirmation.messageId}`, { key })).body.data.status ===
        'DELIVERED',
    );

    // notifyAttendee: false sends nothing.
    const quiet = await book({
      ...bookingBody(eventTypeId, '2030-01-11T12:00:00Z'),
      attendee: { name: 'Q', email: 'quiet@example.com', timezone: 'UTC' },
    });
    await act(quiet.body.data.uid, 'reschedule', { startTime: '2030-01-11T13:00:00Z', notifyAttendee: false });
    expect((await emailsTo('quiet@example.com')).map((m) => m.subject.split(':')[0])).toEqual(['Confirmed']);
  });

  it('should tell a PENDING attendee their request was received, without an invite', async () => {
    await book({
      ...bookingBody(pendingTypeId, '2030-01-11T14:00:00Z'),
      attendee: { name: 'P', email: 'pending@example.com', timezone: 'UTC' },
    });
    const mail = await eventually(async () => (await emailsTo('pending@example.com'))[0]);
    expect(mail.subject.startsWith('Booking request received: Approval needed')).toBe(true);
    const detail = await t.request('GET', `/emails/messages/${mail.messageId}`, { key });
    expect(detail.body.data.attachments).toEqual([]);
  });
});
