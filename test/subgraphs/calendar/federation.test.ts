import { composeServices } from '@apollo/composition';
import { printSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { recordStatements } from '../../helpers/sent-statements.js';
import { calendarModule } from '../../../subgraphs/calendar/index.js';
import { crmModule } from '../../../subgraphs/crm/index.js';
import { ShiftedClock } from '../../../platform/clock/job-clock.js';
import { loadConfig } from '../../../gateway/module-manifests.js';
import { createLogger } from '../../../platform/logging/logger.js';
import type { PlatformDeps } from '../../../platform/federation/subgraph-module.js';
import { MONDAY_0750Z, bookingBody, hostWithEventType } from './helpers/calendar-fixtures.js';

describe('calendar across subgraphs: Contact.bookings (with the real CRM module) and Booking.host', () => {
  let t: TestPlatform;
  let key: string;
  let eventTypeId: string;
  const uids: string[] = [];

  beforeAll(async () => {
    t = await startTestPlatform(
      {},
      { modules: [crmModule(), calendarModule({ clock: new ShiftedClock(MONDAY_0750Z) })] },
    );
    key = await t.key('cal-fed');
    eventTypeId = await hostWithEventType(t, key, 'user_fedhost');
    for (const email of ['ada@example.com', 'bob@example.com', 'cyd@example.com']) {
      expect(
        (await t.request('POST', '/crm/contacts', { key, body: { email, name: email.split('@')[0] } })).status,
      ).toBe(202);
    }
    await eventually(async () => (await t.request('GET', '/crm/contacts/cyd@example.com', { key })).status === 200);
    for (const [start, email] of [
      ['2030-01-08T10:00:00Z', 'ADA@example.com'],
      ['2030-01-08T09:00:00Z', 'ada@example.com'],
      ['2030-01-08T11:00:00Z', 'bob@example.com'],
    ]) {
      const res = await t.request('POST', '/calendar/bookings', {
        key,
        body: { ...bookingBody(eventTypeId, start!), attendee: { name: 'x', email, timezone: 'UTC' } },
      });
      expect(res.status).toBe(201);
      uids.push(res.body.data.uid);
    }
  });
  afterAll(() => t.stop());

  it('should answer { contact(id) { email bookings { uid status startTime endTime } } } through the gateway', async () => {
    const res = await t.graphql(
      key,
      'query($id: ID!) { contact(id: $id) { email bookings { uid status startTime endTime } } }',
      { id: 'ada@example.com' },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.contact).toEqual({
      email: 'ada@example.com',
      bookings: [
        {
          uid: uids[1],
          status: 'CONFIRMED',
          startTime: '2030-01-08T09:00:00.000Z',
          endTime: '2030-01-08T09:30:00.000Z',
        },
        {
          uid: uids[0],
          status: 'CONFIRMED',
          startTime: '2030-01-08T10:00:00.000Z',
          endTime: '2030-01-08T10:30:00.000Z',
        },
      ],
    });
    const cyd = await t.graphql(key, '{ contact(id: "cyd@example.com") { email bookings { uid } } }');
    expect(cyd.body.data.contact).toEqual({ email: 'cyd@example.com', bookings: [] });
  });

  it("should look up every contact's bookings of one request in one query (DataLoader), not one per contact", async () => {
    const statements = recordStatements();
    try {
      const res = await t.graphql(key, '{ contacts(limit: 10) { data { email bookings { uid } } } }');
      expect(res.body.errors).toBeUndefined();
      const byEmail = Object.fromEntries(res.body.data.contacts.data.map((c: any) => [c.email, c.bookings.length]));
      expect(byEmail).toEqual({ 'ada@example.com': 2, 'bob@example.com': 1, 'cyd@example.com': 0 });
      const bookingQueries = statements.texts().filter((text) => text.includes('"calendar"."bookings"'));
      expect(bookingQueries).toHaveLength(1);
    } finally {
      statements.stop();
    }
  });

  it("should resolve Booking.host to the auth module's User key", async () => {
    const res = await t.graphql(
      key,
      'query($uid: ID!) { calendarBooking(uid: $uid) { uid host { id } hostProfile { id name email } } }',
      { uid: uids[2] },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.calendarBooking).toEqual({
      uid: uids[2],
      host: { id: 'user_fedhost' },
      hostProfile: { id: 'user_fedhost', name: 'Hana Host', email: 'hana@example.com' },
    });
  });

  it("should need the calendar scope for Contact.bookings, and keep other organizations' bookings out", async () => {
    const crmOnly = await t.key('cal-fed', 'SERVER', ['crm']);
    const res = await t.graphql(crmOnly, '{ contact(id: "ada@example.com") { email bookings { uid } } }');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const other = await t.key('cal-fed-other');
    await t.request('POST', '/crm/contacts', { key: other, body: { email: 'ada@example.com' } });
    await eventually(
      async () => (await t.request('GET', '/crm/contacts/ada@example.com', { key: other })).status === 200,
    );
    const theirs = await t.graphql(other, '{ contact(id: "ada@example.com") { email bookings { uid } } }');
    expect(theirs.body.data.contact).toEqual({ email: 'ada@example.com', bookings: [] });
  });

  it('should compose Booking.host with a subgraph that owns User (as auth does): User { id } resolvable there', async () => {
    const deps = {
      config: loadConfig({}),
      logger: createLogger('silent'),
      orm: null,
      jobs: null,
    } as unknown as PlatformDeps;
    const calendar = printSubgraphSchema(await calendarModule().buildSchema(deps));
    const auth = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
      type Query { user(id: ID!): User }
      type User @key(fields: "id") { id: ID! email: String! }`;
    const crm = printSubgraphSchema(await crmModule().buildSchema(deps));
    const result = composeServices([
      { name: 'crm', typeDefs: parse(crm), url: 'http://crm' },
      { name: 'calendar', typeDefs: parse(calendar), url: 'http://calendar' },
      { name: 'auth', typeDefs: parse(auth), url: 'http://auth' },
    ]);
    expect(result.errors).toBeUndefined();
    expect(result.supergraphSdl).toMatch(
      /type User\s+@join__type\(graph: AUTH, key: "id"\)\s+@join__type\(graph: CALENDAR, key: "id", resolvable: false\)/,
    );
  });
});
