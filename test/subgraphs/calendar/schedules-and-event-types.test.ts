import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { calendarModule } from '../../../subgraphs/calendar/index.js';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const HOST = 'user_schedules1';

describe('calendar schedules, overrides and event types through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [calendarModule({ contactBookings: false })] });
    key = await t.key('cal-sched');
    other = await t.key('cal-sched-other');
  });
  afterAll(() => t.stop());

  const post = (path: string, body: unknown, k = key) => t.request('POST', path, { key: k, body });

  it("should create a schedule (201) that is the host's default, with Monday–Friday 09:00–17:00 unless given", async () => {
    const res = await post('/calendar/schedules', { hostId: HOST, name: 'Work', timezone: 'Europe/Berlin' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(/^sched_/),
        hostId: HOST,
        name: 'Work',
        timezone: 'Europe/Berlin',
        isDefault: true,
        availability: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map((day) => ({
          day,
          startTime: '09:00',
          endTime: '17:00',
        })),
        overrides: [],
        createdAt: ISO,
        updatedAt: ISO,
      },
    });
  });

  it('should keep one default per host: a new isDefault schedule takes it over', async () => {
    const host = 'user_defaults';
    const a = await post('/calendar/schedules', { hostId: host, name: 'A', timezone: 'UTC' });
    const b = await post('/calendar/schedules', { hostId: host, name: 'B', timezone: 'UTC' });
    expect(a.body.data.isDefault).toBe(true);
    expect(b.body.data.isDefault).toBe(false);
    const c = await post('/calendar/schedules', { hostId: host, name: 'C', timezone: 'UTC', isDefault: true });
    expect(c.body.data.isDefault).toBe(true);
    const list = await t.request('GET', `/calendar/schedules?hostId=${host}`, { key });
    expect(list.body.data.map((s: any) => [s.name, s.isDefault])).toEqual([
      ['A', false],
      ['B', false],
      ['C', true],
    ]);
    expect(list.body.meta).toEqual({ count: 3, offset: 0, total: 3, hasMore: false });
    const patched = await t.request('PATCH', `/calendar/schedules/${b.body.data.id}`, {
      key,
      body: { isDefault: true, availability: [{ day: 'SUNDAY', startTime: '10:00', endTime: '24:00' }] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      isDefault: true,
      availability: [{ day: 'SUNDAY', startTime: '10:00', endTime: '24:00' }],
    });
    expect((await t.request('GET', `/calendar/schedules/${c.body.data.id}`, { key })).body.data.isDefault).toBe(false);
  });

  it.each([
    [
      'an unknown zone',
      { timezone: 'Mars/Olympus' },
      'INVALID_TIMEZONE',
      { field: 'timezone', received: 'Mars/Olympus' },
    ],
    [
      'a bad day',
      { availability: [{ day: 'MONDAYS', startTime: '09:00', endTime: '10:00' }] },
      'INVALID_REQUEST',
      { field: 'availability[0].day', received: 'MONDAYS' },
    ],
    [
      'a bad time',
      { availability: [{ day: 'MONDAY', startTime: '9:00', endTime: '10:00' }] },
      'INVALID_REQUEST',
      { field: 'availability[0].startTime', received: '9:00' },
    ],
    [
      'an end before the start',
      { availability: [{ day: 'MONDAY', startTime: '11:00', endTime: '10:00' }] },
      'INVALID_REQUEST',
      { field: 'availability[0].endTime', received: '10:00' },
    ],
    ['no host', { hostId: undefined }, 'INVALID_REQUEST', { field: 'hostId', received: null }],
    ['an unknown key', { colour: 'red' }, 'INVALID_REQUEST', { field: 'colour', received: 'colour' }],
  ])('should refuse a schedule with %s', async (_name, change, code, details) => {
    const res = await post('/calendar/schedules', { hostId: HOST, name: 'x', timezone: 'UTC', ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: { code, message: expect.any(String), details: expect.objectContaining(details) },
    });
  });

  it('should offer GraphQL users a typed input, refused as over REST with the field named', async () => {
    const mutation =
      'mutation($input: CreateCalendarScheduleInput!) { createCalendarSchedule(input: $input) { id availability { day } } }';
    const ok = await t.graphql(key, mutation, {
      input: {
        hostId: 'user_gql',
        name: 'G',
        timezone: 'UTC',
        availability: [{ day: 'MONDAY', startTime: '09:00', endTime: '10:00' }],
      },
    });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.createCalendarSchedule.availability).toEqual([{ day: 'MONDAY' }]);
    const bad = await t.graphql(key, mutation, {
      input: {
        hostId: 'user_gql',
        name: 'G',
        timezone: 'UTC',
        availability: [{ day: 'MONDAY', startTime: '09:00', endTime: 10 }],
      },
    });
    expect(bad.body.errors[0].extensions).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'availability[0].endTime', received: 10 },
    });
  });

  it('should add and delete date overrides; a second one for the same date is a 409', async () => {
    const s = await post('/calendar/schedules', { hostId: 'user_ovr', name: 'O', timezone: 'UTC' });
    const id = s.body.data.id;
    const off = await post(`/calendar/schedules/${id}/overrides`, {
      date: '2030-01-01',
      isAvailable: false,
      reason: 'Holiday',
    });
    expect(off.status).toBe(201);
    expect(off.body.data).toEqual({
      id: expect.stringMatching(/^ovr_/),
      scheduleId: id,
      date: '2030-01-01',
      isAvailable: false,
      startTime: null,
      endTime: null,
      reason: 'Holiday',
      createdAt: ISO,
    });
    const open = await post(`/calendar/schedules/${id}/overrides`, {
      date: '2030-01-05',
      isAvailable: true,
      startTime: '10:00',
      endTime: '12:00',
    });
    expect(open.status).toBe(201);
    expect((await post(`/calendar/schedules/${id}/overrides`, { date: '2030-01-01', isAvailable: false })).status).toBe(
      409,
    );
    expect(
      (await post(`/calendar/schedules/${id}/overrides`, { date: '2030-02-30', isAvailable: false })).body.error
        .details,
    ).toMatchObject({ field: 'date', received: '2030-02-30' });
    expect(
      (await post(`/calendar/schedules/${id}/overrides`, { date: '2030-02-03', isAvailable: true })).body.error.details,
    ).toMatchObject({ field: 'startTime' });
    const got = await t.request('GET', `/calendar/schedules/${id}`, { key });
    expect(got.body.data.overrides.map((o: any) => o.date)).toEqual(['2030-01-01', '2030-01-05']);
    const del = await t.request('DELETE', `/calendar/schedules/${id}/overrides/${off.body.data.id}`, { key });
    expect(del.body).toEqual({ success: true, data: { id: off.body.data.id, deleted: true } });
    expect((await t.request('DELETE', `/calendar/schedules/${id}/overrides/${off.body.data.id}`, { key })).status).toBe(
      404,
    );
  });

  it('should create an event type with defaults, a generated slug unique per host, and minutes as the unit', async () => {
    const res = await post('/calendar/event-types', { hostId: HOST, title: 'Intro Call', duration: 30 });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^et_/),
      hostId: HOST,
      hostName: null,
      hostEmail: null,
      title: 'Intro Call',
      slug: 'intro-call',
      description: null,
      duration: 30,
      durations: [],
      location: { type: 'VIDEO', url: null, phone: null, address: null },
      scheduleId: null,
      bufferBefore: 0,
      bufferAfter: 0,
      minimumNotice: 0,
      maximumAdvance: null,
      requiresConfirmation: false,
      dailyLimit: null,
      slotInterval: null,
      active: true,
      public: false,
      bookingUrl: null,
      bookingEmbed: null,
      reminderOffsets: [],
      bookingQuestions: [],
      createdAt: ISO,
      updatedAt: ISO,
    });
    const again = await post('/calendar/event-types', { hostId: HOST, title: 'Intro call', duration: 30 });
    expect(again.body.data.slug).toBe('intro-call-2');
    const taken = await post('/calendar/event-types', { hostId: HOST, title: 'x', slug: 'intro-call', duration: 30 });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'CONFLICT', details: { field: 'slug', received: 'intro-call' } });
    // Another host may use the slug.
    expect(
      (
        await post('/calendar/event-types', {
          hostId: 'user_someoneelse',
          title: 'x',
          slug: 'intro-call',
          duration: 30,
        })
      ).status,
    ).toBe(201);
  });

  it('should update only the given keys and keep the type consistent', async () => {
    const s = await post('/calendar/schedules', { hostId: 'user_et2', name: 'S', timezone: 'UTC' });
    const et = await post('/calendar/event-types', {
      hostId: 'user_et2',
      hostName: 'Ada',
      hostEmail: 'ada@example.com',
      title: 'Consult',
      duration: 60,
      durations: [30, 60, 90],
      location: { type: 'PHONE', phone: '+49 30 123456' },
      scheduleId: s.body.data.id,
      bufferBefore: 10,
      bufferAfter: 5,
      minimumNotice: 120,
      maximumAdvance: 43200,
      requiresConfirmation: true,
      dailyLimit: 3,
      slotInterval: 15,
      reminderOffsets: [1440, 60],
    });
    expect(et.status).toBe(201);
    expect(et.body.data).toMatchObject({
      durations: [30, 60, 90],
      reminderOffsets: [60, 1440],
      location: { type: 'PHONE', phone: '+49 30 123456' },
    });
    const patched = await t.request('PATCH', `/calendar/event-types/${et.body.data.id}`, {
      key,
      body: { active: false, title: 'Consultation' },
    });
    expect(patched.body.data).toMatchObject({ active: false, title: 'Consultation', duration: 60, dailyLimit: 3 });
    const bad = await t.request('PATCH', `/calendar/event-types/${et.body.data.id}`, { key, body: { duration: 45 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatchObject({ field: 'durations' });
    const hostless = await t.request('PATCH', `/calendar/event-types/${et.body.data.id}`, {
      key,
      body: { hostId: 'user_x' },
    });
    expect(hostless.body.error.details).toMatchObject({ field: 'hostId' });
  });

  it.each([
    ['a zero duration', { duration: 0 }, { field: 'duration', received: 0 }],
    ['a fractional buffer', { bufferBefore: 1.5 }, { field: 'bufferBefore', received: 1.5 }],
    [
      'an unknown location kind',
      { location: { type: 'TELEPATHY' } },
      { field: 'location.type', received: 'TELEPATHY' },
    ],
    ['a LINK without url', { location: { type: 'LINK' } }, { field: 'location.url', received: null }],
    ['a bad slug', { slug: 'Not OK' }, { field: 'slug', received: 'Not OK' }],
    ['a bad host id', { hostId: 'bob' }, { field: 'hostId', received: 'bob' }],
    ['an unknown schedule', { scheduleId: 'sched_nope' }, { field: 'scheduleId', received: 'sched_nope' }],
    ['a string dailyLimit', { dailyLimit: '3' }, { field: 'dailyLimit', received: '3' }],
  ])('should refuse an event type with %s', async (_name, change, details) => {
    const res = await post('/calendar/event-types', { hostId: HOST, title: 'Bad', duration: 30, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: { code: 'INVALID_REQUEST', message: expect.any(String), details: expect.objectContaining(details) },
    });
  });

  it('should refuse a schedule of another host and soft-delete event types', async () => {
    const s = await post('/calendar/schedules', { hostId: 'user_owner', name: 'S', timezone: 'UTC' });
    const res = await post('/calendar/event-types', {
      hostId: 'user_notowner',
      title: 'x',
      duration: 30,
      scheduleId: s.body.data.id,
    });
    expect(res.body.error.details).toMatchObject({ field: 'scheduleId' });
    const et = await post('/calendar/event-types', { hostId: 'user_owner', title: 'Gone', duration: 30 });
    const del = await t.request('DELETE', `/calendar/event-types/${et.body.data.id}`, { key });
    expect(del.body).toEqual({ success: true, data: { id: et.body.data.id, deleted: true } });
    expect((await t.request('GET', `/calendar/event-types/${et.body.data.id}`, { key })).status).toBe(404);
    // Its slug is free again.
    expect(
      (await post('/calendar/event-types', { hostId: 'user_owner', title: 'Gone', duration: 30 })).body.data.slug,
    ).toBe('gone');
  });

  it('should list event types with the spec limits (default 50, max 100) and filters', async () => {
    const list = await t.request('GET', `/calendar/event-types?hostId=${HOST}&count=1`, { key });
    expect(list.body.meta).toEqual({ count: 1, offset: 0, total: 2, hasMore: true });
    expect((await t.request('GET', '/calendar/event-types?count=101', { key })).body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'count', received: 101 },
    });
    expect(
      (await t.request('GET', '/calendar/event-types?active=false', { key })).body.data.every(
        (e: any) => e.active === false,
      ),
    ).toBe(true);
  });

  it('should keep organizations apart and answer 401/403 for missing keys or scopes', async () => {
    const mine = await post('/calendar/event-types', { hostId: HOST, title: 'Private', duration: 30 });
    expect((await t.request('GET', `/calendar/event-types/${mine.body.data.id}`, { key: other })).status).toBe(404);
    expect((await t.request('GET', '/calendar/schedules', { key: other })).body.meta.total).toBe(0);
    expect(
      (await t.request('PATCH', `/calendar/event-types/${mine.body.data.id}`, { key: other, body: { title: 'x' } }))
        .status,
    ).toBe(404);
    expect((await t.request('GET', '/calendar/event-types')).status).toBe(401);
    const emailOnly = await t.key('cal-email-only', 'SERVER', ['email']);
    expect((await t.request('GET', '/calendar/event-types', { key: emailOnly })).status).toBe(403);
  });
});
