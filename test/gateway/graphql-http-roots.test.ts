import { buildClientSchema, getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';

describe('/graphql over HTTP: subscriptions pointed at graphql-ws, introspection with every root', () => {
  let t: TestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('graphql-roots');
  });
  afterAll(() => t.stop());

  it('should answer a subscription sent over POST with a 400 naming graphql-ws on the same path', async () => {
    const res = await t.graphql(key, 'subscription Live { events { id type } }');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('INVALID_REQUEST');
    expect(res.body.errors[0].message).toMatch(/graphql-ws/);
    expect(res.body.errors[0].message).toContain('/graphql');
    // A document holding a subscription is refused whichever operation it names: the gateway could not validate it.
    const both = 'subscription Live { events { id } } query Name { __typename }';
    expect((await t.graphql(key, both)).status).toBe(400);
    const named = await t.request('POST', '/graphql', { key, body: { query: both, operationName: 'Name' } });
    expect(named.status).toBe(400);
    expect(named.body.errors[0].message).toMatch(/graphql-ws/);
    // The word alone (a field, a string) is no subscription.
    const word = await t.graphql(key, 'query subscription { __typename }');
    expect(word.status).toBe(200);
    const viaGet = await fetch(`${t.url}/graphql?query=${encodeURIComponent('subscription { events { id } }')}`, {
      headers: { authorization: `Bearer ${key}`, 'apollo-require-preflight': 'true' },
    });
    expect(viaGet.status).toBe(400);
  });

  it('should include the Subscription root and its fields in introspection, with the queries and mutations of every module', async () => {
    const res = await t.graphql(key, getIntrospectionQuery());
    expect(res.status).toBe(200);
    const schema = buildClientSchema(res.body.data as IntrospectionQuery);
    const subscription = schema.getSubscriptionType();
    expect(subscription?.name).toBe('Subscription');
    expect(Object.keys(subscription!.getFields())).toEqual(expect.arrayContaining(['events', 'chatCompletion']));
    expect(String(subscription!.getFields().events!.type)).toBe('Event!');
    expect(Object.keys(schema.getQueryType()!.getFields())).toEqual(
      expect.arrayContaining(['contact', 'emailMessages']),
    );
    expect(schema.getMutationType()?.getFields().sendEmail).toBeDefined();
  });

  it('should still refuse introspection without a key', async () => {
    const res = await t.graphql(undefined, '{ __schema { queryType { name } } }');
    expect(res.status).toBe(401);
  });

  it('should serve /favicon.ico as an icon', async () => {
    const res = await fetch(`${t.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes.subarray(22, 26).toString('latin1')).toBe('\x89PNG');
  });

  it('should serve a /docs bundle that asks no other host for an image', async () => {
    const bundle = await (await fetch(`${t.url}/docs/redoc.js`)).text();
    expect(bundle).not.toContain('cdn.redoc.ly');
  });
});
