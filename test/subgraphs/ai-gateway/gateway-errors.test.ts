import { startAiPlatform, type AiPlatform } from './helpers/ai-platform.js';

const HELLO = [{ role: 'user', content: 'Say hello' }];
const HOUR = 3_600_000;

describe('AI gateway keys, errors and management through the stack', () => {
  let ai: AiPlatform;
  let clock = Date.now();
  let serverKey: string;
  let gatewayKey: string;
  let n = 0;

  beforeAll(async () => {
    // The injected clock lets a key expire without waiting.
    ai = await startAiPlatform({ now: () => clock });
  });
  afterAll(() => ai.stop());
  beforeEach(async () => {
    ({ serverKey, gatewayKey } = await ai.organization(`errors-${n++}`));
  });

  const chat = (body: unknown, key: string = gatewayKey, headers: Record<string, string> = {}) =>
    ai.t.request('POST', '/ai/v1/chat/completions', { key, body, headers });
  const manage = (method: string, path: string, body?: unknown, key = serverKey) =>
    ai.t.request(method, path, { key, body });
  const error = (code: string, type: string, extra: object = {}) => ({
    error: { code, type, message: expect.any(String), ...extra },
  });

  describe('keys', () => {
    it('should answer 401 for a missing, malformed or unknown key, and 403 without permission', async () => {
      expect(await chat({ model: 'openai/ok', messages: HELLO }, '')).toMatchObject({
        status: 401,
        body: error('unauthorized', 'authentication_error'),
      });
      expect(await chat({ model: 'openai/ok', messages: HELLO }, serverKey)).toMatchObject({
        status: 401,
        body: error('unauthorized', 'authentication_error'),
      });
      expect(await chat({ model: 'openai/ok', messages: HELLO }, 'gw_sk_thisKeyDoesNotExist000000000')).toMatchObject({
        status: 401,
      });
      const noScope = await ai.t.key(`errors-scope-${n}`, 'GATEWAY', ['email']);
      expect(await chat({ model: 'openai/ok', messages: HELLO }, noScope)).toMatchObject({
        status: 403,
        body: error('forbidden', 'authentication_error'),
      });
      // Gateway keys open /ai/v1 chat only: not the management paths, nor the rest of the platform.
      expect(await manage('GET', '/ai/v1/keys', undefined, gatewayKey)).toMatchObject({
        status: 403,
        body: error('forbidden', 'authentication_error'),
      });
      // A SERVER key without the ai scope may not manage the gateway either.
      const serverWithoutAi = await ai.t.key(`errors-server-scope-${n}`, 'SERVER', ['email']);
      for (const path of ['/ai/v1/keys', '/ai/v1/providers', '/ai/v1/routes']) {
        expect(await manage('GET', path, undefined, serverWithoutAi)).toMatchObject({
          status: 403,
          body: error('forbidden', 'authentication_error'),
        });
      }
      expect((await ai.t.graphql(gatewayKey, '{ aiRoutes { data { model } } }')).body.errors[0].extensions.code).toBe(
        'FORBIDDEN',
      );
    });

    it('should create a key shown once, list it without the key, and refuse it from the moment it is revoked', async () => {
      const created = await manage('POST', '/ai/v1/keys', { name: 'ci' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        object: 'gateway_key',
        key: expect.stringMatching(/^gw_sk_/),
        name: 'ci',
        prefix: created.body.key.slice(0, 12),
        created_at: expect.any(String),
        expires_at: null,
        revoked_at: null,
        allowed_models: null,
        requests_per_minute: null,
        tokens_per_minute: null,
      });
      expect((await chat({ model: 'openai/ok', messages: HELLO }, created.body.key)).status).toBe(200);
      const list = await manage('GET', '/ai/v1/keys');
      expect(list.body.object).toBe('list');
      expect(list.body.data.map((k: { name: string }) => k.name)).toEqual(['ci', 'tests']);
      expect(list.text).not.toContain(created.body.key);

      expect(await manage('DELETE', `/ai/v1/keys/${created.body.id}`)).toMatchObject({
        status: 200,
        body: { id: created.body.id, object: 'gateway_key', deleted: true },
      });
      expect(await chat({ model: 'openai/ok', messages: HELLO }, created.body.key)).toMatchObject({
        status: 401,
        body: error('unauthorized', 'authentication_error'),
      });
      expect((await manage('GET', '/ai/v1/keys')).body.data[0].revoked_at).toEqual(expect.any(String));
      expect(await manage('DELETE', '/ai/v1/keys/00000000-0000-0000-0000-000000000000')).toMatchObject({
        status: 404,
        body: error('not_found', 'invalid_request_error'),
      });
    });

    it('should refuse a key after its expiry', async () => {
      const created = await manage('POST', '/ai/v1/keys', {
        name: 'short',
        expiresAt: new Date(Date.now() + HOUR).toISOString(),
      });
      expect(created.body.expires_at).toEqual(expect.any(String));
      expect((await chat({ model: 'openai/ok', messages: HELLO }, created.body.key)).status).toBe(200);
      clock += 2 * HOUR;
      try {
        expect(await chat({ model: 'openai/ok', messages: HELLO }, created.body.key)).toMatchObject({
          status: 401,
          body: { error: { code: 'unauthorized', message: expect.stringContaining('expired') } },
        });
      } finally {
        clock -= 2 * HOUR;
      }
      expect(await manage('POST', '/ai/v1/keys', { expiresAt: '2001-01-01T00:00:00Z' })).toMatchObject({
        status: 400,
        body: error('invalid_request', 'invalid_request_error', { param: 'expiresAt' }),
      });
    });
  });

  describe('chat request errors', () => {
    it.each([
      [{ messages: HELLO }, 'model'],
      [{ model: 'openai/ok' }, 'messages'],
      [{ model: 'openai/ok', messages: [] }, 'messages'],
      [{ model: 'openai/ok', messages: HELLO, temperature: 2.5 }, 'temperature'],
      [{ model: 'openai/ok', messages: HELLO, temperature: -0.1 }, 'temperature'],
      [{ model: 'openai/ok', messages: HELLO, top_p: 1.5 }, 'top_p'],
      [{ model: 'openai/ok', messages: HELLO, frequency_penalty: -3 }, 'frequency_penalty'],
      [{ model: 'openai/ok', messages: HELLO, presence_penalty: 2.1 }, 'presence_penalty'],
      [{ model: 'openai/ok', messages: HELLO, max_tokens: 0 }, 'max_tokens'],
      [{ model: 'openai/ok', messages: [{ role: 'robot', content: 'hi' }] }, 'messages[0].role'],
      [{ model: 'openai/ok', messages: [{ role: 'tool', content: 'x' }] }, 'messages[0].tool_call_id'],
      [{ model: 'openai/ok', messages: HELLO, stream: 'yes' }, 'stream'],
      [{ model: 'openai/ok', messages: HELLO, tools: [{ type: 'function' }] }, 'tools[0]'],
      [{ model: 'openai/ok', messages: HELLO, tool_choice: 'always' }, 'tool_choice'],
      [{ model: 'openai/ok', messages: HELLO, stop: ['a', 'b', 'c', 'd', 'e'] }, 'stop'],
      [{ model: 'openai/ok', messages: HELLO, frobnicate: true }, 'frobnicate'],
      [[1, 2], 'body'],
    ])('should answer 400 invalid_request naming the parameter for %j', async (body, param) => {
      expect(await chat(body)).toMatchObject({
        status: 400,
        body: error('invalid_request', 'invalid_request_error', { param }),
      });
    });

    it('should answer 400 for malformed JSON and another content type, 405 for another method', async () => {
      const raw = await ai.t.request('POST', '/ai/v1/chat/completions', {
        key: gatewayKey,
        rawBody: '{"model":',
        headers: { 'content-type': 'application/json' },
      });
      expect(raw).toMatchObject({
        status: 400,
        body: error('invalid_request', 'invalid_request_error', { param: 'body' }),
      });
      const form = await ai.t.request('POST', '/ai/v1/chat/completions', {
        key: gatewayKey,
        rawBody: 'a=b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form).toMatchObject({ status: 415, body: error('unsupported_media_type', 'invalid_request_error') });
      const get = await ai.t.request('GET', '/ai/v1/chat/completions', { key: gatewayKey });
      expect(get).toMatchObject({ status: 405, body: error('method_not_allowed', 'invalid_request_error') });
      expect(get.headers.get('allow')).toBe('POST');
      expect(await ai.t.request('GET', '/ai/v1/nothing-here', { key: serverKey })).toMatchObject({
        status: 404,
        body: error('not_found', 'invalid_request_error'),
      });
    });

    it('should answer model_not_found for an unknown bare model and provider_not_configured without a credential', async () => {
      expect(await chat({ model: 'no-such-model', messages: HELLO })).toMatchObject({
        status: 400,
        body: error('model_not_found', 'invalid_request_error', { param: 'model' }),
      });
      expect(await manage('DELETE', '/ai/v1/providers/openai')).toMatchObject({
        status: 200,
        body: { id: 'openai', object: 'provider', deleted: true },
      });
      expect(await chat({ model: 'gpt-4o-mini', messages: HELLO })).toMatchObject({
        status: 400,
        body: error('provider_not_configured', 'configuration_error'),
      });
      expect(await chat({ model: 'mistral/mistral-small', messages: HELLO })).toMatchObject({
        status: 400,
        body: error('provider_not_configured', 'configuration_error'),
      });
      expect(await manage('DELETE', '/ai/v1/providers/openai')).toMatchObject({
        status: 404,
        body: error('not_found', 'invalid_request_error'),
      });
    });

    it('should answer provider_error (500) with the provider error for a 4xx, and provider_unavailable (502) for a 5xx', async () => {
      const rejected = await chat({ model: 'openai/fail-400', messages: HELLO });
      expect(rejected).toMatchObject({
        status: 500,
        body: error('provider_error', 'provider_error', {
          provider_error: { message: "Invalid value for 'messages'", type: 'invalid_request_error', param: 'messages' },
        }),
      });
      const down = await chat({ model: 'anthropic/fail-503', messages: HELLO, stream: true });
      expect(down).toMatchObject({
        status: 502,
        body: error('provider_unavailable', 'provider_error', {
          provider_error: { message: 'The server is overloaded', type: 'server_error' },
        }),
      });
    });

    it('should answer 429 rate_limit_exceeded with Retry-After once the plan rate is spent', async () => {
      // Bursts of 120 until one is refused: on a loaded machine one burst can outlast the one-second window.
      const answers: Awaited<ReturnType<typeof chat>>[] = [];
      for (let burst = 0; burst < 10 && !answers.some((a) => a.status === 429); burst++) {
        answers.push(...(await Promise.all(Array.from({ length: 120 }, () => chat({ model: 'openai/ok' })))));
      }
      const limited = answers.filter((a) => a.status === 429);
      expect(limited.length).toBeGreaterThan(0);
      expect(limited[0]!.body).toEqual(error('rate_limit_exceeded', 'rate_limit_error'));
      expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(limited[0]!.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(answers.filter((a) => a.status === 400).length + limited.length).toBe(answers.length);
    });
  });

  describe('provider credentials and routes', () => {
    it('should never return a credential in plain text, and store it sealed', async () => {
      const list = await manage('GET', '/ai/v1/providers');
      expect(list.body).toEqual({ object: 'list', data: expect.any(Array) });
      expect(list.body.data.find((p: { provider: string }) => p.provider === 'openai')).toEqual({
        provider: 'openai',
        base_url: `${ai.fake.url}/openai/v1`,
        format: 'openai',
        api_key_hint: '...1234',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(list.text).not.toContain('secret-key');
      const rows = await ai.t.platform.orm.em
        .getConnection()
        .execute('select sealed_api_key from ai_gateway.provider_credentials');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.sealed_api_key).toMatch(/^v1\./);
      expect(JSON.stringify(rows)).not.toContain('secret-key');
      const gql = await ai.t.graphql(serverKey, '{ aiProviders { data { provider apiKeyHint } } }');
      expect(gql.text).not.toContain('secret-key');
    });

    it('should validate credentials and routes with the parameter named', async () => {
      expect(await manage('PUT', '/ai/v1/providers/Bad_Name', { apiKey: 'x' })).toMatchObject({
        status: 400,
        body: error('invalid_request', 'invalid_request_error', { param: 'provider' }),
      });
      expect(await manage('PUT', '/ai/v1/providers/vllm', { apiKey: 'x' })).toMatchObject({
        status: 400,
        body: { error: { param: 'baseUrl' } },
      });
      expect(await manage('PUT', '/ai/v1/providers/vllm', { apiKey: 'x', baseUrl: 'ftp://host' })).toMatchObject({
        status: 400,
        body: { error: { param: 'baseUrl' } },
      });
      expect(await manage('PUT', '/ai/v1/providers/openai', { apiKey: '' })).toMatchObject({
        status: 400,
        body: { error: { param: 'apiKey' } },
      });
      expect(await manage('PUT', '/ai/v1/providers/openai', { apiKey: 42 })).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid_request' } },
      });
      expect(await manage('PUT', '/ai/v1/routes/fast', { targets: [] })).toMatchObject({
        status: 400,
        body: { error: { param: 'targets' } },
      });
      expect(await manage('PUT', '/ai/v1/routes/fast', { targets: [{ provider: 'openai' }] })).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid_request' } },
      });
      expect(await manage('PUT', '/ai/v1/routes/fast')).toMatchObject({
        status: 400,
        body: { error: { param: 'body' } },
      });
    });

    it('should route a bare name through an organization route, and let an OpenAI-compatible provider point anywhere', async () => {
      expect(
        await manage('PUT', '/ai/v1/providers/vllm', { apiKey: 'local-key-9876', baseUrl: `${ai.fake.url}/openai/v1` }),
      ).toMatchObject({ status: 200, body: { provider: 'vllm', format: 'openai', api_key_hint: '...9876' } });
      const put = await manage('PUT', '/ai/v1/routes/house-model', { targets: [{ provider: 'vllm', model: 'ok' }] });
      expect(put).toMatchObject({
        status: 200,
        body: { model: 'house-model', targets: [{ provider: 'vllm', model: 'ok' }] },
      });
      const res = await chat({ model: 'house-model', messages: HELLO });
      expect(res).toMatchObject({ status: 200, body: { choices: [{ message: { content: 'Hello from openai!' } }] } });
      expect(res.headers.get('x-provider')).toBe('vllm');
      expect(ai.fake.requests[ai.fake.requests.length - 1]!.headers.authorization).toBe('Bearer local-key-9876');
      expect((await manage('GET', '/ai/v1/routes')).body.data.map((r: { model: string }) => r.model)).toEqual([
        'house-model',
      ]);
      // A route none of whose providers has a credential is not a model the organization can use.
      await manage('PUT', '/ai/v1/routes/orphan', { targets: [{ provider: 'mistral', model: 'mistral-small' }] });
      const models = await ai.t.request('GET', '/ai/v1/models', { key: gatewayKey });
      expect(models.body.data[0]).toEqual({
        id: 'house-model',
        object: 'model',
        created: expect.any(Number),
        owned_by: 'vllm',
      });
      expect(models.body.data.map((m: { id: string }) => m.id)).not.toContain('orphan');
      expect(await ai.t.request('GET', '/ai/v1/models', { key: '' })).toMatchObject({
        status: 401,
        body: error('unauthorized', 'authentication_error'),
      });
      await manage('DELETE', '/ai/v1/routes/orphan');
      expect(await manage('DELETE', '/ai/v1/routes/house-model')).toMatchObject({
        status: 200,
        body: { id: 'house-model', deleted: true },
      });
      expect(await chat({ model: 'house-model', messages: HELLO })).toMatchObject({
        status: 400,
        body: { error: { code: 'model_not_found' } },
      });
    });

    it('should keep organizations apart', async () => {
      const other = await ai.organization(`errors-other-${n}`);
      await manage('PUT', '/ai/v1/routes/mine', { targets: [{ provider: 'openai', model: 'ok' }] });
      expect((await manage('GET', '/ai/v1/routes', undefined, other.serverKey)).body.data).toEqual([]);
      expect(await chat({ model: 'mine', messages: HELLO }, other.gatewayKey)).toMatchObject({
        status: 400,
        body: { error: { code: 'model_not_found' } },
      });
      const mine = (await manage('GET', '/ai/v1/keys')).body.data[0].id;
      expect((await manage('DELETE', `/ai/v1/keys/${mine}`, undefined, other.serverKey)).status).toBe(404);
      expect((await chat({ model: 'openai/ok', messages: HELLO })).status).toBe(200);
      expect(
        (await manage('GET', '/ai/v1/keys', undefined, other.serverKey)).body.data.map((k: { id: string }) => k.id),
      ).not.toContain(mine);
    });
  });
});
