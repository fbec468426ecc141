import { jest } from '@jest/globals';
import { ApolloServer } from '@apollo/server';
import { eventually, startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { postGraphql, unplannedCopies } from './helpers/graphql-post.js';
import { formsModule } from '../../subgraphs/forms/index.js';
import { crmModule } from '../../subgraphs/crm/index.js';
import { calendarModule } from '../../subgraphs/calendar/index.js';
import { ShiftedClock } from '../../platform/clock/job-clock.js';
import { fromIp, newVisitorIp } from '../subgraphs/forms/helpers/public-client.js';
import { MONDAY_0750Z, bookingBody, hostWithEventType } from '../subgraphs/calendar/helpers/calendar-fixtures.js';

// /graphql queries the gateway plans as several fetches (crm, then calendar and forms through `_entities`) go to
// ApolloGateway's executor without Apollo Server's request pipeline once planned (gateway/single-fetch-gateway.ts).
// Whatever road a request takes, its answer must be the gateway's: each organization its own rows, the same bytes and
// content type, the same errors for a missing scope or bad variables.
describe('/graphql queries planned as several fetches answer as the gateway does', () => {
  let t: TestPlatform;
  let acme: string;
  let globex: string;
  let crmOnly: string;

  const CARD =
    'query Card($id: ID!) { contact(id: $id) { email name bookings { uid status startTime } formSubmissions { submissionId answers } } }';
  const unplannedCopy = unplannedCopies();
  const unplanned = () => unplannedCopy(CARD);
  const post = (key: string, body: Record<string, unknown>) => postGraphql(t, key, body);

  /** A contact of `key`'s organization with one booking and one submission. */
  const seed = async (key: string, name: string, hostId: string, startTime: string) => {
    expect((await t.request('POST', '/crm/contacts', { key, body: { email: 'ada@example.com', name } })).status).toBe(
      202,
    );
    await eventually(async () => (await t.request('GET', '/crm/contacts/ada@example.com', { key })).status === 200);
    const eventTypeId = await hostWithEventType(t, key, hostId);
    const booking = await t.request('POST', '/calendar/bookings', {
      key,
      body: { ...bookingBody(eventTypeId, startTime), attendee: { name, email: 'ada@example.com', timezone: 'UTC' } },
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
      body: { data: { score: name.length }, respondentEmail: 'ada@example.com' },
    });
    expect(submitted.status).toBe(201);
  };

  beforeAll(async () => {
    t = await startTestPlatform(
      {},
      { modules: [formsModule(), crmModule(), calendarModule({ clock: new ShiftedClock(MONDAY_0750Z) })] },
    );
    acme = await t.key('planned-acme');
    globex = await t.key('planned-globex');
    crmOnly = await t.key('planned-acme', 'SERVER', ['crm']);
    await seed(acme, 'Ada Acme', 'user_planned_acme', '2030-01-08T09:00:00Z');
    await seed(globex, 'Ada Globex', 'user_planned_globex', '2030-01-09T09:00:00Z');
  });
  afterAll(() => t.stop());

  it("should answer each organization its own contact card with the whole road's bytes, on every repeat, without the pipeline", async () => {
    const expected = {
      acme: await post(acme, { query: unplanned(), variables: { id: 'ada@example.com' } }),
      globex: await post(globex, { query: unplanned(), variables: { id: 'ada@example.com' } }),
    };
    expect(expected.acme).toMatchObject({ status: 200, contentType: 'application/json; charset=utf-8' });
    expect(JSON.parse(expected.acme.text).data.contact).toMatchObject({
      name: 'Ada Acme',
      bookings: [{ status: 'CONFIRMED', startTime: '2030-01-08T09:00:00.000Z' }],
      formSubmissions: [{ answers: { score: 8 } }],
    });
    expect(JSON.parse(expected.globex.text).data.contact).toMatchObject({
      name: 'Ada Globex',
      bookings: [{ startTime: '2030-01-09T09:00:00.000Z' }],
      formSubmissions: [{ answers: { score: 10 } }],
    });
    // Planned now, with and without its operation name (each a decision of its own).
    expect((await post(acme, { query: CARD, variables: { id: 'ada@example.com' } })).status).toBe(200);
    expect(
      (await post(acme, { query: CARD, operationName: 'Card', variables: { id: 'ada@example.com' } })).status,
    ).toBe(200);

    const pipeline = jest.spyOn(ApolloServer.prototype, 'executeHTTPGraphQLRequest');
    try {
      for (let i = 0; i < 3; i++) {
        expect(await post(acme, { query: CARD, variables: { id: 'ada@example.com' } })).toEqual(expected.acme);
        expect(
          await post(globex, { query: CARD, operationName: 'Card', variables: { id: 'ada@example.com' } }),
        ).toEqual(expected.globex);
      }
      expect(pipeline).not.toHaveBeenCalled();
    } finally {
      pipeline.mockRestore();
    }
  });

  it("should refuse a key without the calendar and forms scopes with the gateway's errors, on every repeat", async () => {
    expect((await post(acme, { query: CARD, variables: { id: 'ada@example.com' } })).status).toBe(200);
    const expected = await post(crmOnly, { query: unplanned(), variables: { id: 'ada@example.com' } });
    expect(JSON.parse(expected.text).errors[0].extensions.code).toBe('FORBIDDEN');
    for (let i = 0; i < 2; i++)
      expect(await post(crmOnly, { query: CARD, variables: { id: 'ada@example.com' } })).toEqual(expected);
  });

  it('should answer bad variables and a contact that does not exist as the gateway does, on every repeat', async () => {
    expect((await post(acme, { query: CARD, variables: { id: 'ada@example.com' } })).status).toBe(200);
    for (const variables of [{ id: 42.5 }, {}, { id: 'nobody@example.com' }, { id: 'not an id' }]) {
      const expected = await post(acme, { query: unplanned(), variables });
      expect(JSON.parse(expected.text).errors?.length).toBeGreaterThan(0);
      for (let i = 0; i < 2; i++) expect(await post(acme, { query: CARD, variables })).toEqual(expected);
    }
  });

  it('should keep answering after a migration adds a column to every table the query reads (its statements are prepared)', async () => {
    const card = async () => JSON.parse((await post(acme, { query: CARD, variables: { id: 'ada@example.com' } })).text);
    const before = await card();
    const connection = t.platform.orm.em.getConnection();
    for (const table of ['crm.contacts', 'calendar.bookings', 'forms.submissions'])
      await connection.execute(`alter table ${table} add column added_later text`);
    try {
      // More requests than the pool has connections: every connection that prepared the statements is used again.
      for (let i = 0; i < 12; i++) expect(await card()).toEqual(before);
    } finally {
      for (const table of ['crm.contacts', 'calendar.bookings', 'forms.submissions'])
        await connection.execute(`alter table ${table} drop column added_later`);
    }
  });
});
