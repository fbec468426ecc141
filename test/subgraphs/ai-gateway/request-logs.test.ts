import type OpenAI from 'openai';
import { startAiPlatform, type AiPlatform } from './helpers/ai-platform.js';
import { pruneRequestLogs } from '../../../subgraphs/ai-gateway/request-logs/request-log.writer.js';

const NO_CACHE = { headers: { 'X-Cache-Control': 'no-cache' } };
const SECRET_TEXT = 'Mail ada@example.com about Project FALCON with key sk-abcdefghijklmnopqrstuvwx please';
const LOGS =
  '{ aiRequestLogs(count: 50) { data { requestId endpoint model request response createdAt } meta { total } } }';

describe('request and response logging per organization (off by default)', () => {
  let ai: AiPlatform;
  let client: OpenAI;
  let serverKey: string;

  beforeAll(async () => {
    ai = await startAiPlatform();
    ({ client, serverKey } = await ai.organization('logging'));
  });
  afterAll(() => ai.stop());

  const logs = async (key = serverKey) => {
    await ai.module.flushUsage();
    const res = await ai.t.graphql(key, LOGS);
    return res.body.data.aiRequestLogs as {
      data: { requestId: string; endpoint: string; model: string; request: any; response: any }[];
      meta: { total: number };
    };
  };

  it('should keep no bodies until the organization turns logging on', async () => {
    expect((await ai.t.request('GET', '/ai/v1/logging', { key: serverKey })).body).toEqual({
      enabled: false,
      retention_days: 7,
      redact: ['email', 'api_key'],
      redact_strings: [],
    });
    await client.chat.completions.create(
      { model: 'sandbox/echo', messages: [{ role: 'user', content: 'not kept' }] },
      NO_CACHE,
    );
    expect((await logs()).meta.total).toBe(0);
  });

  it('should keep redacted requests and answers, plain, streamed and from the Responses API, viewable over GraphQL', async () => {
    const put = await ai.t.request('PUT', '/ai/v1/logging', {
      key: serverKey,
      body: { enabled: true, retentionDays: 3, redactStrings: ['project falcon'] },
    });
    expect(put.body).toEqual({
      enabled: true,
      retention_days: 3,
      redact: ['email', 'api_key'],
      redact_strings: ['project falcon'],
    });
    const { response } = await client.chat.completions
      .create({ model: 'sandbox/echo', messages: [{ role: 'user', content: SECRET_TEXT }] }, NO_CACHE)
      .withResponse();
    const stream = await client.chat.completions.create(
      { model: 'sandbox/echo', messages: [{ role: 'user', content: 'streamed words' }], stream: true },
      NO_CACHE,
    );
    for await (const chunk of stream) void chunk;
    await client.responses.create({ model: 'sandbox/echo', input: 'from responses' }, NO_CACHE);

    const { data } = await logs();
    expect(data.map((d) => d.endpoint)).toEqual(['responses', 'chat', 'chat']);
    const plain = data.find((d) => d.requestId === response.headers.get('x-request-id'))!;
    const redacted = 'Mail [REDACTED] about [REDACTED] with key [REDACTED] please';
    expect(plain.request.messages[0].content).toBe(redacted);
    expect(plain.response.choices[0].message.content).toBe(redacted);
    expect(JSON.stringify(data)).not.toMatch(/ada@example|FALCON|sk-abcdef/i);
    expect(data[1]!.response.choices[0].message.content).toBe('streamed words');
    expect(data[0]!.request.messages).toEqual([{ role: 'user', content: 'from responses' }]);
  });

  it('should show an organization its own bodies only, and drop them after its retention', async () => {
    const other = await ai.organization('logging-other');
    expect((await logs(other.serverKey)).meta.total).toBe(0);
    const before = (await logs()).meta.total;
    await ai.t.platform.orm.em
      .fork()
      .getConnection()
      .execute(
        `update ai_gateway.request_logs set created_at = now() - interval '4 days' where model = 'sandbox/echo' and endpoint = 'responses'`,
      );
    await pruneRequestLogs(ai.t.platform.orm);
    expect((await logs()).meta.total).toBe(before - 1);
  });

  it('should refuse bad settings with a 400 naming the field, and stop logging when turned off', async () => {
    for (const [body, param] of [
      [{ enabled: true, retentionDays: 0 }, 'retentionDays'],
      [{ enabled: true, redact: ['ssn'] }, 'redact'],
      [{ enabled: true, redactStrings: ['x'] }, 'redactStrings'],
    ] as const) {
      const res = await ai.t.request('PUT', '/ai/v1/logging', { key: serverKey, body });
      expect({ status: res.status, param: res.body.error.param }).toEqual({ status: 400, param });
    }
    const before = (await logs()).meta.total;
    await ai.t.request('PUT', '/ai/v1/logging', { key: serverKey, body: { enabled: false } });
    await client.chat.completions.create(
      { model: 'sandbox/echo', messages: [{ role: 'user', content: 'off again' }] },
      NO_CACHE,
    );
    expect((await logs()).meta.total).toBe(before);
  });
});
