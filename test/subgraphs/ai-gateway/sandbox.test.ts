import OpenAI from 'openai';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { aiGatewayModule, type AiGatewayModule } from '../../../subgraphs/ai-gateway/index.js';

/** An organization with a gateway key and no provider credential at all. */
async function bareOrganization(t: TestPlatform, slug: string) {
  const serverKey = await t.key(slug, 'SERVER');
  const created = await t.request('POST', '/ai/v1/keys', { key: serverKey, body: { name: 'sandbox' } });
  expect(created.status).toBe(201);
  const client = new OpenAI({ apiKey: created.body.key, baseURL: `${t.url}/ai/v1`, maxRetries: 0 });
  return { serverKey, client };
}

const NO_CACHE = { headers: { 'X-Cache-Control': 'no-cache' } };

describe('the built-in sandbox provider', () => {
  let t: TestPlatform;
  let module: AiGatewayModule;
  let client: OpenAI;
  let serverKey: string;

  beforeAll(async () => {
    module = aiGatewayModule({ deadlines: { firstByteMs: 400 } });
    t = await startTestPlatform({}, { modules: [module] });
    ({ client, serverKey } = await bareOrganization(t, 'sandboxed'));
  });
  afterAll(() => t.stop());

  it('should echo the last user message without any credential, plain and streamed', async () => {
    const messages = [
      { role: 'system' as const, content: 'ignored' },
      { role: 'user' as const, content: 'first' },
      { role: 'assistant' as const, content: 'ok' },
      { role: 'user' as const, content: 'Hello sandbox, how are you?' },
    ];
    const { data, response } = await client.chat.completions
      .create({ model: 'sandbox/echo', messages }, NO_CACHE)
      .withResponse();
    expect(data.choices[0]!.message.content).toBe('Hello sandbox, how are you?');
    expect(data.choices[0]!.finish_reason).toBe('stop');
    expect(data.usage).toMatchObject({ completion_tokens: 5 });
    expect(response.headers.get('x-provider')).toBe('sandbox');

    const stream = await client.chat.completions.create(
      { model: 'sandbox/echo', messages, stream: true, stream_options: { include_usage: true } },
      NO_CACHE,
    );
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Hello sandbox, how are you?');
    // One chunk per word, like a provider's token stream: role, five words, finish, usage.
    expect(chunks).toHaveLength(8);
    expect(chunks.at(-2)!.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(chunks.at(-1)!.usage).toMatchObject({ completion_tokens: 5, cost: 0 });
  });

  it('should write max_tokens words of lorem ipsum, the same every time', async () => {
    const first = await client.chat.completions.create(
      { model: 'sandbox/lorem', messages: [{ role: 'user', content: 'anything' }], max_tokens: 5 },
      NO_CACHE,
    );
    const second = await client.chat.completions.create(
      { model: 'sandbox/lorem', messages: [{ role: 'user', content: 'something else' }], max_tokens: 5 },
      NO_CACHE,
    );
    expect(first.choices[0]!.message.content).toBe('lorem ipsum dolor sit amet.');
    expect(second.choices[0]!.message.content).toBe(first.choices[0]!.message.content);
    expect(first.usage!.completion_tokens).toBe(5);
  });

  it('should answer 429 from sandbox/error-429, so a route falls back to the next target', async () => {
    const alone = await client.chat.completions
      .create({ model: 'sandbox/error-429', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(alone).toBeInstanceOf(OpenAI.APIError);
    expect((alone as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
    expect((alone as InstanceType<typeof OpenAI.APIError>).code).toBe('provider_unavailable');

    const route = await t.request('PUT', '/ai/v1/routes/resilient', {
      key: serverKey,
      body: {
        targets: [
          { provider: 'sandbox', model: 'error-429' },
          { provider: 'sandbox', model: 'echo' },
        ],
      },
    });
    expect(route.status).toBe(200);
    const answered = await client.chat.completions.create(
      { model: 'resilient', messages: [{ role: 'user', content: 'fell back' }] },
      NO_CACHE,
    );
    expect(answered.choices[0]!.message.content).toBe('fell back');
  });

  it('should stay silent past the first-byte deadline with sandbox/slow, so the deadline falls back', async () => {
    await t.request('PUT', '/ai/v1/routes/patient', {
      key: serverKey,
      body: {
        targets: [
          { provider: 'sandbox', model: 'slow' },
          { provider: 'sandbox', model: 'lorem' },
        ],
      },
    });
    const started = Date.now();
    const stream = await client.chat.completions.create(
      { model: 'patient', messages: [{ role: 'user', content: 'hi' }], max_tokens: 2, stream: true },
      NO_CACHE,
    );
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('lorem ipsum.');
    expect(Date.now() - started).toBeLessThan(4_000);
    const slow = await client.chat.completions
      .create({ model: 'sandbox/slow', messages: [{ role: 'user', content: 'hi' }] }, NO_CACHE)
      .catch((e: unknown) => e);
    expect((slow as InstanceType<typeof OpenAI.APIError>).message).toMatch(/first byte deadline/);
  });

  it('should refuse unknown sandbox models and a stored sandbox credential', async () => {
    const unknown = await client.chat.completions
      .create({ model: 'sandbox/gpt-9', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect((unknown as InstanceType<typeof OpenAI.APIError>).status).toBe(400);
    expect((unknown as InstanceType<typeof OpenAI.APIError>).code).toBe('model_not_found');
    const put = await t.request('PUT', '/ai/v1/providers/sandbox', {
      key: serverKey,
      body: { apiKey: 'x', baseUrl: 'https://example.com/v1' },
    });
    expect(put.status).toBe(400);
    expect(put.body.error).toMatchObject({ code: 'invalid_request', param: 'provider' });
  });

  it('should list the sandbox models and mark sandbox requests in the usage log', async () => {
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toEqual(
      expect.arrayContaining(['sandbox/echo', 'sandbox/lorem', 'sandbox/error-429', 'sandbox/slow', 'sandbox/embed']),
    );
    await module.flushUsage();
    const res = await t.graphql(
      serverKey,
      '{ aiUsageLog(count: 100) { data { model provider sandbox costUsd status } } aiUsageSummary { requests sandboxRequests } }',
    );
    const rows = res.body.data.aiUsageLog.data as {
      model: string;
      provider: string;
      sandbox: boolean;
      costUsd: number;
      status: string;
    }[];
    const echo = rows.find((r) => r.model === 'sandbox/echo' && r.status === 'SUCCESS')!;
    expect(echo).toMatchObject({ provider: 'sandbox', sandbox: true, costUsd: 0 });
    expect(res.body.data.aiUsageSummary.sandboxRequests).toBe(rows.filter((r) => r.sandbox).length);
    expect(res.body.data.aiUsageSummary.sandboxRequests).toBeGreaterThan(0);
  });
});

describe('the sandbox switched off by the operator', () => {
  let t: TestPlatform;
  let client: OpenAI;

  beforeAll(async () => {
    t = await startTestPlatform({ AI_SANDBOX_ENABLED: 'false' }, { modules: [aiGatewayModule()] });
    ({ client } = await bareOrganization(t, 'no-sandbox'));
  });
  afterAll(() => t.stop());

  it('should answer provider_not_configured and list no sandbox model', async () => {
    const error = await client.chat.completions
      .create({ model: 'sandbox/echo', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(400);
    expect((error as InstanceType<typeof OpenAI.APIError>).code).toBe('provider_not_configured');
    const models = await client.models.list();
    expect(models.data.some((m) => m.id.startsWith('sandbox/'))).toBe(false);
  });
});
