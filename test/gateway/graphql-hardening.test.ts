import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, specifiedRules, validate } from 'graphql';
import { Supergraph } from '@apollo/federation-internals';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { emailModule } from '../../subgraphs/email/index.js';
import { webhooksModule } from '../../subgraphs/webhooks/index.js';
import { smsModule } from '../../subgraphs/sms/index.js';
import { authModule } from '../../subgraphs/auth/index.js';
import { calendarModule } from '../../subgraphs/calendar/index.js';
import { ShiftedClock } from '../../platform/clock/job-clock.js';
import { InProcessDataSource } from '../../gateway/in-process-data-source.js';
import { projectRoot } from '../../platform/config/project-root.js';
import { loadOperations } from '../../rest-bridge/operations.js';
import { QUERY_LIMITS, queryLimitRules } from '../../platform/graphql/query-limits.js';
import { MONDAY_0750Z, bookingBody, hostWithEventType } from '../subgraphs/calendar/helpers/calendar-fixtures.js';

const US = '+14155550123';
const aliases = (n: number, field: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => `a${i}: ${field(i)}`).join('\n');

/** What an attacker did through /graphql, refused through the real stack. */
describe('GraphQL hardening through the gateway', () => {
  let t: TestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform(
      {},
      {
        modules: [
          emailModule(),
          webhooksModule(),
          smsModule(),
          authModule(),
          calendarModule({ clock: new ShiftedClock(MONDAY_0750Z), contactBookings: false }),
        ],
      },
    );
    key = await t.key('graphql-hardening');
  });
  afterAll(() => t.stop());

  describe('cost: depth, aliases and cost per operation', () => {
    it('should refuse 1,000 aliases of calendarAvailability with QUERY_TOO_COMPLEX before running any of them', async () => {
      const query = `{ ${aliases(1000, () => 'calendarAvailability(eventTypeId: "evt_x", startDate: "2030-01-07", endDate: "2030-01-14") { eventTypeId days { date } }')} }`;
      const res = await t.graphql(key, query);
      expect(res.status).toBe(400);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors).toContainEqual(
        expect.objectContaining({
          extensions: expect.objectContaining({
            code: 'QUERY_TOO_COMPLEX',
            details: { limit: 'aliases', max: QUERY_LIMITS.maxAliases, found: 1000 },
          }),
        }),
      );
      // The process still answers at once.
      expect((await t.request('GET', '/healthz')).status).toBe(200);
    });

    it('should refuse an operation nested deeper than the limit', async () => {
      const nest = (depth: number): string => (depth === 0 ? 'name' : `fields { name type { ${nest(depth - 1)} } }`);
      const res = await t.graphql(key, `{ __type(name: "Query") { ${nest(8)} } }`);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions).toMatchObject({
        code: 'QUERY_TOO_COMPLEX',
        details: { limit: 'depth', max: QUERY_LIMITS.maxDepth },
      });
    });

    it('should refuse a document of more tokens than the limit while parsing', async () => {
      const res = await t.graphql(key, `{ ${'__typename '.repeat(QUERY_LIMITS.maxTokens + 10)} }`);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions.code).toBe('INVALID_REQUEST');
    });

    it('should count aliases of __typename like any other (each is a field of the answer)', async () => {
      const res = await t.graphql(key, `{ ${aliases(1000, () => '__typename')} }`);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors[0].extensions).toMatchObject({
        code: 'QUERY_TOO_COMPLEX',
        details: { limit: 'aliases', found: 1000 },
      });
    });

    it('should refuse the same on a subgraph, whoever sends it the fetch', async () => {
      const schema = await calendarModule({
        clock: new ShiftedClock(MONDAY_0750Z),
        contactBookings: false,
      }).buildSchema(t.platform.deps);
      const source = new InProcessDataSource(schema, t.platform.orm, 'calendar', 'calendar');
      const query = `{ ${aliases(50, () => 'calendarEventTypes { meta { total } }')} }`;
      const result = await source.process({
        request: { query },
        context: { requestId: 'req_test', auth: null },
      } as never);
      expect(result.data).toBeUndefined();
      expect(result.errors?.[0]?.extensions).toMatchObject({
        code: 'QUERY_TOO_COMPLEX',
        details: { limit: 'aliases' },
      });
    });

    it('should keep every operation of the REST bridge within the limits (its operations are fixed)', async () => {
      const supergraph = readFileSync(join(projectRoot(), 'schema', 'supergraph.graphql'), 'utf8');
      const api = Supergraph.build(supergraph).apiSchema().toGraphQLJSSchema();
      const rules = [...specifiedRules, ...queryLimitRules('gateway')];
      const refused = [...loadOperations().values()].flatMap((op) =>
        validate(api, parse(op.query, { maxTokens: QUERY_LIMITS.maxTokens }), rules).map(
          (e) => `${op.name}: ${e.message}`,
        ),
      );
      expect(refused).toEqual([]);
    });
  });

  describe('rate limits through aliases', () => {
    it("should count each aliased sendSms against the SMS send limit: 11 in one operation exceed Starter's 10 per second, and none is sent", async () => {
      const k = await t.key('alias-sms');
      const res = await t.graphql(
        k,
        `mutation { ${aliases(11, () => `sendSms(input: {to: "${US}", templateAlias: "hi"}) { messageId }`)} }`,
      );
      expect(res.status).toBe(429);
      expect(res.body.errors[0].extensions).toMatchObject({
        code: 'RATE_LIMITED',
        details: expect.objectContaining({ field: 'sendSms', count: 11 }),
      });
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await t.request('GET', '/sms/messages', { key: k })).body.totalCount).toBe(0);
    });

    it('should count each aliased sendEmail: 20 in one operation use 20 of the 50 per second', async () => {
      const k = await t.key('alias-email');
      const res = await t.graphql(
        k,
        `mutation { ${aliases(20, (i) => `sendEmail(input: {from: "a@example.com", to: ["b${i}@example.com"], subject: "x", text: "y"}) { messageId }`)} }`,
      );
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data)).toHaveLength(20);
      expect(res.headers.get('x-ratelimit-limit')).toBe('50');
      expect(res.headers.get('x-ratelimit-remaining')).toBe('30');
    });

    it('should count each aliased send against the monthly quota', async () => {
      const k = await t.key('alias-quota');
      const [org] = await t.platform.orm.em
        .getConnection()
        .execute<{ id: string }[]>(`select id from platform.organizations where slug = 'alias-quota'`);
      await t.platform.orm.em
        .getConnection()
        .execute(`insert into platform.usage (organization_id, resource, period, used) values (?, 'emails', ?, 9999)`, [
          org!.id,
          new Date().toISOString().slice(0, 7),
        ]);
      const res = await t.graphql(
        k,
        `mutation { ${aliases(3, (i) => `sendEmail(input: {from: "a@example.com", to: ["q${i}@example.com"], subject: "x", text: "y"}) { messageId }`)} }`,
      );
      // Mutations run in order; the second send exceeds the quota and, its field being non-null, ends the operation.
      expect(res.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual([
        'QUOTA_EXCEEDED',
      ]);
      expect((await t.request('GET', '/emails/messages', { key: k })).body.meta.total).toBe(1);
      const [usage] = await t.platform.orm.em
        .getConnection()
        .execute<{ used: string }[]>(
          `select used from platform.usage where organization_id = ? and resource = 'emails'`,
          [org!.id],
        );
      expect(Number(usage!.used)).toBe(10_000);
    });
  });

  describe('custom email headers', () => {
    it.each(['Sender', 'Return-Path', 'Received'])('should refuse %s with the other identity headers', async (name) => {
      const res = await t.request('POST', '/emails', {
        key,
        body: {
          from: 'a@example.com',
          to: 'b@example.com',
          subject: 'x',
          text: 'y',
          headers: { [name]: 'evil@example.net' },
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', details: { field: `headers.${name}` } });
    });
  });

  describe('keys on /graphql', () => {
    it.each(['SENDING', 'GATEWAY'] as const)(
      'should refuse a %s key before parsing, introspection included',
      async (type) => {
        const k = await t.key(`graphql-${type.toLowerCase()}`, type);
        for (const query of ['{ __schema { types { name } } }', 'this is not GraphQL']) {
          const res = await t.graphql(k, query);
          expect(res.status).toBe(403);
          expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
          expect(res.body.data).toBeUndefined();
        }
      },
    );
  });

  describe('scopes across federation', () => {
    let hostId: string;
    let uid: string;

    beforeAll(async () => {
      hostId = (
        await t.request('POST', '/auth/users', { key, body: { email: 'hana@example.com', emailVerified: true } })
      ).body.data.id;
      const eventTypeId = await hostWithEventType(t, key, hostId);
      uid = (
        await t.request('POST', '/calendar/bookings', { key, body: bookingBody(eventTypeId, '2030-01-08T09:00:00Z') })
      ).body.data.uid;
    });

    const query = '{ calendarBookings { data { uid host { id email status } } } }';

    it('should let a key with calendar and auth read the host through Booking.host', async () => {
      const res = await t.graphql(await t.key('graphql-hardening', 'SERVER', ['calendar', 'auth']), query);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.calendarBookings.data).toEqual([
        { uid, host: { id: hostId, email: 'hana@example.com', status: 'ACTIVE' } },
      ]);
    });

    it('should not let a calendar-only key read auth users through Booking.host: the host is null with FORBIDDEN, the list stays', async () => {
      const calendarOnly = await t.key('graphql-hardening', 'SERVER', ['calendar']);
      expect((await t.request('GET', `/auth/users/${hostId}`, { key: calendarOnly })).status).toBe(403);
      const res = await t.graphql(calendarOnly, query);
      expect(res.text).not.toContain('hana@example.com');
      expect(res.body.data.calendarBookings.data).toEqual([{ uid, host: null }]);
      expect(res.body.errors).toContainEqual(
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'FORBIDDEN' }) }),
      );
    });

    it('should keep a calendarBookings list whose host cannot be resolved (deleted user), with that host null', async () => {
      await t.platform.orm.em.getConnection().execute('delete from auth.users where id = ?', [hostId]);
      const res = await t.graphql(key, query);
      expect(res.body.data.calendarBookings.data).toEqual([{ uid, host: null }]);
    });
  });
});
