import { eventually, startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { emailModule } from '../../subgraphs/email/index.js';
import { webhooksModule } from '../../subgraphs/webhooks/index.js';
import { formsModule } from '../../subgraphs/forms/index.js';
import { crmModule } from '../../subgraphs/crm/index.js';
import { authModule } from '../../subgraphs/auth/index.js';
import { calendarModule } from '../../subgraphs/calendar/index.js';
import { ShiftedClock } from '../../platform/clock/job-clock.js';
import { fromIp, newVisitorIp } from '../subgraphs/forms/helpers/public-client.js';
import { MONDAY_0750Z, bookingBody, hostWithEventType } from '../subgraphs/calendar/helpers/calendar-fixtures.js';

/**
 * The question users ask in one query: a CRM contact with its calendar bookings (each with its host, an auth user)
 * and its form submissions. Four subgraphs, every one real, through the gateway.
 */
describe('one query across CRM, calendar, auth and forms', () => {
  let t: TestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform(
      {},
      {
        modules: [
          emailModule(),
          webhooksModule(),
          formsModule(),
          crmModule(),
          authModule(),
          calendarModule({ clock: new ShiftedClock(MONDAY_0750Z) }),
        ],
      },
    );
    key = await t.key('cross-module');
  });
  afterAll(() => t.stop());

  it('should answer contact → bookings → host and contact → formSubmissions together', async () => {
    const host = await t.request('POST', '/auth/users', {
      key,
      body: { email: 'hana@example.com', emailVerified: true, profile: { firstName: 'Hana', lastName: 'Host' } },
    });
    expect(host.status).toBe(201);
    const hostId = host.body.data.id as string;

    const accepted = await t.request('POST', '/crm/contacts', { key, body: { email: 'ada@example.com', name: 'Ada' } });
    expect(accepted.status).toBe(202);
    await eventually(async () => (await t.request('GET', '/crm/contacts/ada@example.com', { key })).status === 200);

    const eventTypeId = await hostWithEventType(t, key, hostId);
    const booking = await t.request('POST', '/calendar/bookings', {
      key,
      body: {
        ...bookingBody(eventTypeId, '2030-01-08T09:00:00Z'),
        attendee: { name: 'Ada', email: 'Ada@Example.com', timezone: 'UTC' },
      },
    });
    expect(booking.status).toBe(201);

    const form = (
      await t.request('POST', '/forms', {
        key,
        body: { title: 'Feedback', fields: [{ type: 'NPS', label: 'Score', ref: 'score' }] },
      })
    ).body.data;
    await t.request('POST', `/forms/${form.id}/publish`, { key });
    const submitted = await fromIp(t.url, newVisitorIp(), 'POST', `/f/${form.uuid}/submit`, {
      body: { data: { score: 9 }, respondentEmail: 'ada@example.com' },
    });
    expect(submitted.status).toBe(201);

    const res = await t.graphql(
      key,
      `query($id: ID!) {
      contact(id: $id) {
        email
        bookings { uid status startTime host { id email profile { firstName } } }
        formSubmissions { submissionId formId answers }
      }
    }`,
      { id: 'ada@example.com' },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.contact).toEqual({
      email: 'ada@example.com',
      bookings: [
        {
          uid: booking.body.data.uid,
          status: 'CONFIRMED',
          startTime: '2030-01-08T09:00:00.000Z',
          host: { id: hostId, email: 'hana@example.com', profile: { firstName: 'Hana' } },
        },
      ],
      formSubmissions: [{ submissionId: submitted.body.data.submissionId, formId: form.id, answers: { score: 9 } }],
    });
  });
});
