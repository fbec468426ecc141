import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { calendarModule } from '../../../subgraphs/calendar/index.js';
import { ShiftedClock } from '../../../platform/clock/job-clock.js';
import { fromIp, newVisitorIp } from '../forms/helpers/public-client.js';
import { MONDAY_0750Z, bookingBody, createEventType, hostWithEventType } from './helpers/calendar-fixtures.js';

const ORG = 'cal-questions';
const HOST = 'user_askhost';

const QUESTIONS = [
  { name: 'company', label: 'Company <b>name</b>', type: 'TEXT', required: true, placeholder: 'Acme' },
  { name: 'topic', label: 'Topic', type: 'SELECT', required: true, options: ['Sales', 'Support'] },
  { name: 'channels', label: 'Channels', type: 'MULTISELECT', options: ['Email', 'Phone', 'Chat'] },
  { name: 'size', label: 'Team size', type: 'NUMBER' },
  { name: 'backup', label: 'Backup email', type: 'EMAIL' },
  { name: 'mobile', label: 'Mobile', type: 'PHONE' },
  { name: 'agree', label: 'I agree', type: 'CHECKBOX', required: true },
  { name: 'when', label: 'Preferred part of day', type: 'RADIO', options: ['Morning', 'Afternoon'] },
  { name: 'notes', label: 'Anything else', type: 'TEXTAREA' },
];

/** The answers that satisfy QUESTIONS. */
const GOOD = {
  company: 'Initech',
  topic: 'Support',
  channels: ['Chat', 'Email'],
  size: 12,
  backup: 'ops@initech.example',
  mobile: '+14155550100',
  agree: true,
  when: 'Morning',
  notes: 'Line one\nLine two',
};

describe('calendar booking questions through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let otherKey: string;
  let askingId: string;
  const ip = newVisitorIp();
  const post = (path: string, body: unknown, k = key) => t.request('POST', path, { key: k, body });
  const bookings = async (eventTypeId: string) =>
    (await t.request('GET', `/calendar/bookings?eventTypeId=${eventTypeId}`, { key })).body.meta.total as number;
  const refusal = (field: string) => ({
    success: false,
    error: { code: 'INVALID_REQUEST', message: expect.any(String), details: expect.objectContaining({ field }) },
  });

  beforeAll(async () => {
    t = await startTestPlatform(
      {},
      { modules: [calendarModule({ clock: new ShiftedClock(MONDAY_0750Z), contactBookings: false })] },
    );
    key = await t.key(ORG);
    otherKey = await t.key('cal-questions-other');
    askingId = await hostWithEventType(t, key, HOST, {
      title: 'Discovery',
      slug: 'discovery',
      public: true,
      bookingQuestions: QUESTIONS,
    });
  });
  afterAll(() => t.stop());

  it('should keep the questions in order on the record, with defaults for required, options and placeholder', async () => {
    const res = await t.request('GET', `/calendar/event-types/${askingId}`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data.bookingQuestions).toHaveLength(QUESTIONS.length);
    expect(res.body.data.bookingQuestions.map((q: { name: string }) => q.name)).toEqual(QUESTIONS.map((q) => q.name));
    expect(res.body.data.bookingQuestions[0]).toEqual({
      name: 'company',
      label: 'Company <b>name</b>',
      type: 'TEXT',
      required: true,
      options: [],
      placeholder: 'Acme',
    });
    expect(res.body.data.bookingQuestions[2]).toEqual({
      name: 'channels',
      label: 'Channels',
      type: 'MULTISELECT',
      required: false,
      options: ['Email', 'Phone', 'Chat'],
      placeholder: null,
    });
    const plain = await post('/calendar/event-types', { hostId: HOST, title: 'Plain', duration: 30 });
    expect(plain.body.data.bookingQuestions).toEqual([]);
  });

  it('should replace the questions on PATCH, clear them with [], and take them as typed GraphQL input', async () => {
    const id = await createEventType(t, key, HOST, {
      title: 'Changing',
      bookingQuestions: [{ name: 'a', label: 'A', type: 'TEXT' }],
    });
    const patched = await t.request('PATCH', `/calendar/event-types/${id}`, {
      key,
      body: { bookingQuestions: [{ name: 'b', label: 'B', type: 'RADIO', options: ['x', 'y'], required: true }] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.bookingQuestions).toEqual([
      { name: 'b', label: 'B', type: 'RADIO', required: true, options: ['x', 'y'], placeholder: null },
    ]);
    const untouched = await t.request('PATCH', `/calendar/event-types/${id}`, { key, body: { title: 'Renamed' } });
    expect(untouched.body.data.bookingQuestions).toHaveLength(1);
    const cleared = await t.request('PATCH', `/calendar/event-types/${id}`, { key, body: { bookingQuestions: [] } });
    expect(cleared.body.data.bookingQuestions).toEqual([]);

    const mutation =
      'mutation($input: CreateCalendarEventTypeInput!) { createCalendarEventType(input: $input) { id bookingQuestions { name type required options } } }';
    const gql = await t.graphql(key, mutation, {
      input: {
        hostId: HOST,
        title: 'Typed',
        duration: 30,
        bookingQuestions: [{ name: 'pick', label: 'Pick', type: 'SELECT', options: ['1', '2'] }],
      },
    });
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.createCalendarEventType.bookingQuestions).toEqual([
      { name: 'pick', type: 'SELECT', required: false, options: ['1', '2'] },
    ]);
    const badGql = await t.graphql(key, mutation, {
      input: {
        hostId: HOST,
        title: 'Typed',
        duration: 30,
        bookingQuestions: [{ name: 'pick', label: 'Pick', type: 'SELECT' }],
      },
    });
    expect(badGql.body.errors[0].extensions).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'bookingQuestions[0].options' },
    });
  });

  it.each([
    [
      'two questions of one name',
      [
        { name: 'dup', label: 'A', type: 'TEXT' },
        { name: 'dup', label: 'B', type: 'EMAIL' },
      ],
      'bookingQuestions[1].name',
    ],
    ['a SELECT without options', [{ name: 'pick', label: 'Pick', type: 'SELECT' }], 'bookingQuestions[0].options'],
    [
      'a RADIO with an empty list',
      [{ name: 'pick', label: 'Pick', type: 'RADIO', options: [] }],
      'bookingQuestions[0].options',
    ],
    [
      'options on a TEXT question',
      [{ name: 'text', label: 'Text', type: 'TEXT', options: ['a'] }],
      'bookingQuestions[0].options',
    ],
    [
      'repeated options',
      [{ name: 'pick', label: 'Pick', type: 'SELECT', options: ['a', 'a'] }],
      'bookingQuestions[0].options',
    ],
    ['an unknown type', [{ name: 'when', label: 'When', type: 'DATE' }], 'bookingQuestions[0].type'],
    ['a name that is no identifier', [{ name: 'my name', label: 'Name', type: 'TEXT' }], 'bookingQuestions[0].name'],
    ['an empty label', [{ name: 'x', label: '', type: 'TEXT' }], 'bookingQuestions[0].label'],
    [
      '21 questions',
      Array.from({ length: 21 }, (_, i) => ({ name: `q${i}`, label: `Q${i}`, type: 'TEXT' })),
      'bookingQuestions',
    ],
  ])('should refuse %s with 400 naming the field, creating nothing', async (_what, bookingQuestions, field) => {
    const before = (await t.request('GET', '/calendar/event-types', { key })).body.meta.total;
    const res = await post('/calendar/event-types', {
      hostId: HOST,
      title: 'Bad questions',
      duration: 30,
      bookingQuestions,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(field));
    expect((await t.request('GET', '/calendar/event-types', { key })).body.meta.total).toBe(before);
    const patched = await t.request('PATCH', `/calendar/event-types/${askingId}`, { key, body: { bookingQuestions } });
    expect(patched.status).toBe(400);
    expect(
      (await t.request('GET', `/calendar/event-types/${askingId}`, { key })).body.data.bookingQuestions,
    ).toHaveLength(QUESTIONS.length);
  });

  it.each([
    ['a required question left out', { ...GOOD, company: undefined }, 'responses.company'],
    ['a required question answered blank', { ...GOOD, company: '   ' }, 'responses.company'],
    ['a choice not among the options', { ...GOOD, topic: 'Billing' }, 'responses.topic'],
    ['a multiple choice with one unknown option', { ...GOOD, channels: ['Email', 'Fax'] }, 'responses.channels'],
    ['a key that is no question', { ...GOOD, budget: 1000 }, 'responses.budget'],
    ['a malformed email', { ...GOOD, backup: 'not-an-email' }, 'responses.backup'],
    ['a phone number not in E.164', { ...GOOD, mobile: '0415 555 0100' }, 'responses.mobile'],
    ['a number given as text', { ...GOOD, size: 'twelve' }, 'responses.size'],
    ['a required checkbox left unchecked', { ...GOOD, agree: false }, 'responses.agree'],
  ])(
    'should refuse a booking with %s: 400 naming responses.<name>, nothing booked',
    async (_what, responses, field) => {
      const res = await post('/calendar/bookings', bookingBody(askingId, '2030-01-08T10:00:00+01:00', { responses }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refusal(field));
      expect(await bookings(askingId)).toBe(0);
    },
  );

  it('should store the answers given, leaving unanswered optional questions out', async () => {
    const responses = { company: 'Initech', topic: 'Sales', agree: true, notes: '' };
    const res = await post('/calendar/bookings', bookingBody(askingId, '2030-01-08T11:00:00+01:00', { responses }));
    expect(res.status).toBe(201);
    expect(res.body.data.responses).toEqual({ company: 'Initech', topic: 'Sales', agree: true });
    const stored = await t.request('GET', `/calendar/bookings/${res.body.data.uid}`, { key });
    expect(stored.body.data.responses).toEqual({ company: 'Initech', topic: 'Sales', agree: true });
  });

  it('should keep responses free-form for an event type without questions', async () => {
    const id = await createEventType(t, key, HOST, { title: 'Free form' });
    const res = await post(
      '/calendar/bookings',
      bookingBody(id, '2030-01-09T10:00:00+01:00', { responses: { anything: ['goes', 1] } }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.responses).toEqual({ anything: ['goes', 1] });
  });

  it('should show the questions on the public JSON and check public bookings the same way', async () => {
    const base = `/calendar/public/${ORG}/discovery`;
    const page = await fromIp(t.url, ip, 'GET', base);
    expect(page.status).toBe(200);
    expect(page.body.data.bookingQuestions[1]).toEqual({
      name: 'topic',
      label: 'Topic',
      type: 'SELECT',
      required: true,
      options: ['Sales', 'Support'],
      placeholder: null,
    });
    const booker = {
      start: '2030-01-10T10:00:00+01:00',
      timeZone: 'Europe/Berlin',
      name: 'Pat Public',
      email: 'pat@example.com',
    };
    const missing = await fromIp(t.url, ip, 'POST', `${base}/bookings`, { body: booker });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(refusal('responses.company'));
    const wrong = await fromIp(t.url, ip, 'POST', `${base}/bookings`, {
      body: { ...booker, responses: { ...GOOD, when: 'Night' } },
    });
    expect(wrong.body).toEqual(refusal('responses.when'));
    const before = await bookings(askingId);
    const ok = await fromIp(t.url, ip, 'POST', `${base}/bookings`, { body: { ...booker, responses: GOOD } });
    expect(ok.status).toBe(201);
    expect(ok.body.data.responses).toEqual(GOOD);
    const listed = (await t.request('GET', `/calendar/bookings/${ok.body.data.uid}`, { key })).body.data;
    expect(listed.responses).toEqual(GOOD);
    expect(await bookings(askingId)).toBe(before + 1);
  });

  it('should not let another organization see or use the questions', async () => {
    expect((await t.request('GET', `/calendar/event-types/${askingId}`, { key: otherKey })).status).toBe(404);
    expect((await t.request('GET', '/calendar/event-types', { key: otherKey })).body.data).toEqual([]);
    const gql = await t.graphql(
      otherKey,
      'query($id: ID!) { calendarEventType(id: $id) { bookingQuestions { name label } } }',
      { id: askingId },
    );
    expect(gql.body.data).toBeNull();
    expect(gql.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const booked = await post(
      '/calendar/bookings',
      bookingBody(askingId, '2030-01-08T12:00:00+01:00', { responses: GOOD }),
      otherKey,
    );
    expect(booked.status).toBe(404);
    const patched = await t.request('PATCH', `/calendar/event-types/${askingId}`, {
      key: otherKey,
      body: { bookingQuestions: [] },
    });
    expect(patched.status).toBe(404);
    expect(
      (await t.request('GET', `/calendar/event-types/${askingId}`, { key })).body.data.bookingQuestions,
    ).toHaveLength(QUESTIONS.length);
  });
});
