import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestPlatform, eventually, type TestPlatform } from '../helpers/test-platform.js';
import { SUBSCRIPTION_LIMITS } from '../../gateway/subscription-limits.js';

/** One operation on a graphql-ws client: its events and errors as they come. */
interface Operation {
  events: unknown[];
  errors: any[];
  unsubscribe(): void;
}

/** Subscriptions get the /graphql query limits, and a cap per connection and per key. */
describe('graphql-ws subscriptions under the query limits and caps', () => {
  let t: TestPlatform;
  let key: string;
  let organizationId: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('subscription-limits');
    organizationId = (await t.platform.apiKeys.authenticate(key))!.organizationId;
  });
  afterAll(async () => {
    for (const c of clients) await c.dispose();
    await t.stop();
  });

  const connect = () => {
    const client = createClient({
      url: t.url.replace(/^http/, 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { apiKey: key },
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: () => undefined,
    });
    clients.push(client);
    return client;
  };
  const run = (client: Client, query: string): Operation => {
    const op: Operation = { events: [], errors: [], unsubscribe: () => undefined };
    op.unsubscribe = client.subscribe(
      { query },
      {
        next: (result) => (result.errors ? op.errors.push(...result.errors) : op.events.push(result.data)),
        error: (error) => op.errors.push(...(Array.isArray(error) ? error : [error])),
        complete: () => undefined,
      },
    );
    return op;
  };
  const EVENTS = 'subscription { events { id type } }';
  let probe = 0;
  /** Raises one event of the organization: every live `events` subscription receives it. */
  const raise = () =>
    t.platform.orm.em
      .getConnection()
      .execute(
        "insert into platform.events (id, organization_id, type, data, created_at) values (?, ?, 'form.partial', '{}'::jsonb, now()); select pg_notify('platform_events', '')",
        [`evt_limit_probe_${probe++}`, organizationId],
      );
  /** Until every operation has received an event (raising a new one now and then): they are all live. */
  const allLive = (ops: Operation[]) =>
    eventually(
      async () => {
        if (ops.every((o) => o.events.length > 0)) return true;
        await raise();
        return false;
      },
      20_000,
      100,
    );

  it('should refuse too many aliases with QUERY_TOO_COMPLEX before subscribing, keeping the connection open', async () => {
    const client = connect();
    const aliases = Array.from({ length: 21 }, (_, i) => `a${i}: id`).join(' ');
    const refused = run(client, `subscription { events { ${aliases} } }`);
    await eventually(async () => refused.errors.length > 0);
    expect(refused.errors[0]).toMatchObject({
      extensions: { code: 'QUERY_TOO_COMPLEX', details: { limit: 'aliases', max: 20, found: 21 } },
    });
    const fine = run(client, EVENTS);
    await allLive([fine]);
    expect(fine.errors).toEqual([]);
    fine.unsubscribe();
  });

  it('should refuse a document over the token limit with INVALID_REQUEST', async () => {
    const client = connect();
    const refused = run(client, `subscription { events { ${'id '.repeat(50_001)} } }`);
    await eventually(async () => refused.errors.length > 0);
    expect(refused.errors[0]).toMatchObject({
      message: expect.stringContaining('50000 tokens'),
      extensions: { code: 'INVALID_REQUEST' },
    });
  });

  it(`should cap subscriptions per connection at ${SUBSCRIPTION_LIMITS.perConnection}, and free a place when one completes`, async () => {
    const client = connect();
    const ops = Array.from({ length: SUBSCRIPTION_LIMITS.perConnection }, () => run(client, EVENTS));
    const over = run(client, EVENTS);
    await eventually(async () => over.errors.length > 0);
    expect(over.errors[0]).toMatchObject({
      extensions: {
        code: 'RATE_LIMITED',
        details: { limit: 'subscriptionsPerConnection', max: SUBSCRIPTION_LIMITS.perConnection },
      },
    });
    await allLive(ops);
    expect(ops.flatMap((o) => o.errors)).toEqual([]);
    ops[0]!.unsubscribe();
    const again = await eventually(async () => {
      const op = run(client, EVENTS);
      await eventually(async () => op.errors.length > 0 || op.events.length > 0 || (await raise(), false));
      return op.errors.length === 0 ? op : null;
    });
    expect(again.events.length).toBeGreaterThan(0);
    for (const o of [...ops, again]) o.unsubscribe();
  });

  it(`should cap subscriptions per key at ${SUBSCRIPTION_LIMITS.perKey} over all its connections`, async () => {
    const full = Array.from({ length: SUBSCRIPTION_LIMITS.perKey / SUBSCRIPTION_LIMITS.perConnection }, () =>
      connect(),
    );
    const ops = full.flatMap((client) =>
      Array.from({ length: SUBSCRIPTION_LIMITS.perConnection }, () => run(client, EVENTS)),
    );
    await allLive(ops);
    const other = connect();
    const over = run(other, EVENTS);
    await eventually(async () => over.errors.length > 0);
    expect(over.errors[0]).toMatchObject({
      extensions: { code: 'RATE_LIMITED', details: { limit: 'subscriptionsPerKey', max: SUBSCRIPTION_LIMITS.perKey } },
    });
    await full[0]!.dispose();
    const after = await eventually(async () => {
      const op = run(other, EVENTS);
      await eventually(async () => op.errors.length > 0 || op.events.length > 0 || (await raise(), false));
      return op.errors.length === 0 ? op : null;
    });
    expect(after.events.length).toBeGreaterThan(0);
  });
});
