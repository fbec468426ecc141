import { request as httpRequest } from 'node:http';
import { eventually } from '../../helpers/test-platform.js';
import { freePort } from '../../helpers/free-port.js';
import { startAiPlatform, type AiPlatform } from './helpers/ai-platform.js';

const HELLO = [{ role: 'user', content: 'Say hello' }];
const MINUTE = 60_000;

/** Reads an SSE answer into its data payloads. */
const events = (text: string) =>
  text
    .split('\n\n')
    .filter(Boolean)
    .map((e) => e.replace(/^data: /, ''))
    .map((d) => (d === '[DONE]' ? d : JSON.parse(d)));

describe('AI gateway fallback, deadlines, cache, cancellation and usage', () => {
  let ai: AiPlatform;
  let clock = Date.now();
  let serverKey: string;
  let gatewayKey: string;
  let n = 0;

  beforeAll(async () => {
    // Short deadlines so a silent provider fails over quickly; the caches follow the injected clock.
    ai = await startAiPlatform({
      deadlines: { firstByteMs: 1_000, idleMs: 1_000, totalMs: 20_000 },
      cacheTtlMs: 5 * MINUTE,
      now: () => clock,
    });
  });
  afterAll(() => ai.stop());
  beforeEach(async () => {
    ({ serverKey, gatewayKey } = await ai.organization(`rel-${n++}`));
  });

  const chat = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    ai.t.request('POST', '/ai/v1/chat/completions', { key: gatewayKey, body, headers });
  const route = (model: string, targets: [string, string][]) =>
    ai.t.request('PUT', `/ai/v1/routes/${model}`, {
      key: serverKey,
      body: { targets: targets.map(([provider, m]) => ({ provider, model: m })) },
    });
  const noCache = { 'X-Cache-Control': 'no-cache' };

  describe('fallback', () => {
    it('should try the next target on 429 and 5xx, plain and streaming', async () => {
      await route('resilient', [
        ['openai', 'fail-503'],
        ['anthropic', 'fail-429'],
        ['gemini', 'ok'],
      ]);
      const plain = await chat({ model: 'resilient', messages: HELLO }, noCache);
      expect(plain).toMatchObject({ status: 200, body: { choices: [{ message: { content: 'Hello from gemini!' } }] } });
      expect(plain.headers.get('x-provider')).toBe('gemini');
      const streamed = await chat({ model: 'resilient', messages: HELLO, stream: true }, noCache);
      expect(streamed.status).toBe(200);
      expect(streamed.headers.get('x-provider')).toBe('gemini');
      expect(events(streamed.text).at(-1)).toBe('[DONE]');
      expect(ai.fake.calls('fail-503')).toBeGreaterThanOrEqual(2);
      expect(ai.fake.calls('fail-429')).toBeGreaterThanOrEqual(2);
    });

    it('should never fall back on another 4xx', async () => {
      await route('strict', [
        ['openai', 'fail-400'],
        ['gemini', 'never-called'],
      ]);
      expect(await chat({ model: 'strict', messages: HELLO })).toMatchObject({
        status: 500,
        body: { error: { code: 'provider_error' } },
      });
      expect(ai.fake.calls('never-called')).toBe(0);
    });

    it('should answer provider_unavailable (502) when every target failed', async () => {
      await route('doomed', [
        ['openai', 'fail-500'],
        ['anthropic', 'fail-529'],
      ]);
      const res = await chat({ model: 'doomed', messages: HELLO });
      expect(res).toMatchObject({
        status: 502,
        body: {
          error: {
            code: 'provider_unavailable',
            type: 'provider_error',
            message: expect.stringContaining('anthropic'),
          },
        },
      });
    });

    it('should fall back on a refused connection and on a connection that breaks mid-answer', async () => {
      const nobodyListens = await freePort();
      await ai.t.request('PUT', '/ai/v1/providers/openai', {
        key: serverKey,
        body: { apiKey: 'sk-elsewhere', baseUrl: `http://127.0.0.1:${nobodyListens}/v1` },
      });
      await route('sturdy', [
        ['openai', 'gpt-4o-mini'],
        ['anthropic', 'drop'],
        ['gemini', 'ok'],
      ]);
      for (const stream of [false, true]) {
        const res = await chat({ model: 'sturdy', messages: HELLO, stream }, noCache);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-provider')).toBe('gemini');
      }
      expect(ai.fake.calls('drop')).toBe(2);
    });

    it('should fall back on an overload error that opens a 200 stream, before any chunk reached the client', async () => {
      await route('overloaded', [
        ['anthropic', 'overloaded-first'],
        ['openai', 'overloaded-first'],
        ['gemini', 'ok'],
      ]);
      const res = await chat({ model: 'overloaded', messages: HELLO, stream: true }, noCache);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-provider')).toBe('gemini');
      expect(events(res.text).at(-1)).toBe('[DONE]');
      await route('all-overloaded', [
        ['anthropic', 'overloaded-first'],
        ['gemini', 'overloaded-first'],
      ]);
      const failed = await chat({ model: 'all-overloaded', messages: HELLO, stream: true }, noCache);
      expect(failed).toMatchObject({ status: 502, body: { error: { code: 'provider_unavailable' } } });
    });

    it('should fall back when the first byte does not come in time, and close the silent connection', async () => {
      await route('patient', [
        ['openai', 'hang'],
        ['anthropic', 'ok'],
      ]);
      const closed = ai.fake.nextEarlyClose();
      const res = await chat({ model: 'patient', messages: HELLO }, noCache);
      expect(res).toMatchObject({
        status: 200,
        body: { choices: [{ message: { content: 'Hello from anthropic!' } }] },
      });
      expect((await closed).model).toBe('hang');
    });

    it('should not fall back once a chunk reached the client: the failure ends the stream as an error event', async () => {
      await route('no-replay', [
        ['openai', 'midstream-error'],
        ['anthropic', 'never-streamed'],
      ]);
      const res = await chat({ model: 'no-replay', messages: HELLO, stream: true }, noCache);
      expect(res.status).toBe(200);
      const data = events(res.text);
      expect(data[0].choices[0].delta.role).toBe('assistant');
      expect(data.at(-1)).toEqual({
        error: {
          code: 'provider_error',
          type: 'provider_error',
          message: expect.stringContaining('overloaded'),
          provider_error: expect.any(Object),
        },
      });
      expect(data).not.toContain('[DONE]');
      expect(ai.fake.calls('never-streamed')).toBe(0);
    });

    it('should end a stream whose provider falls silent after the idle deadline, and close the upstream connection', async () => {
      const closed = ai.fake.nextEarlyClose();
      const res = await chat({ model: 'anthropic/hang-stream', messages: HELLO, stream: true }, noCache);
      expect(res.status).toBe(200);
      expect(events(res.text).at(-1)).toEqual({
        error: expect.objectContaining({ code: 'provider_unavailable', message: expect.stringContaining('idle') }),
      });
      expect((await closed).model).toBe('hang-stream');
    });
  });

  describe('cache', () => {
    it('should neither read nor write the cache for a request with X-Cache-Control: no-cache', async () => {
      const body = { model: 'openai/uncached', messages: HELLO };
      expect((await chat(body, noCache)).headers.get('x-cache')).toBe('MISS');
      expect((await chat(body)).headers.get('x-cache')).toBe('MISS'); // the no-cache answer was not stored
      expect((await chat(body, noCache)).headers.get('x-cache')).toBe('MISS'); // nor is the stored one read
      expect(ai.fake.calls('uncached')).toBe(3);
    });

    it('should answer a repeated request from the cache, plain and replayed as a stream, per organization', async () => {
      const body = { model: 'openai/cached', messages: HELLO, temperature: 0 };
      const first = await chat(body);
      expect(first.headers.get('x-cache')).toBe('MISS');
      const second = await chat(body);
      expect(second.headers.get('x-cache')).toBe('HIT');
      expect(second.body.choices).toEqual(first.body.choices);
      expect(second.headers.get('x-cost-total')).toBe('0');
      expect(ai.fake.calls('cached')).toBe(1);

      const streamed = await chat({ ...body, stream: true, stream_options: { include_usage: true } });
      expect(streamed.headers.get('x-cache')).toBe('HIT');
      const data = events(streamed.text);
      expect(
        data
          .slice(0, -2)
          .map((c: any) => c.choices[0].delta.content ?? '')
          .join(''),
      ).toBe('Hello from openai!');
      expect(data.at(-3).choices[0].finish_reason).toBe('stop');
      expect(data.at(-2)).toMatchObject({ choices: [], usage: { prompt_tokens: 19, completion_tokens: 10, cost: 0 } });
      expect(ai.fake.calls('cached')).toBe(1);

      // Any parameter is part of the key; no-cache skips it; another organization never sees it; the TTL ends it.
      expect((await chat({ ...body, temperature: 0.5 })).headers.get('x-cache')).toBe('MISS');
      expect((await chat(body, noCache)).headers.get('x-cache')).toBe('MISS');
      const other = await ai.organization(`rel-other-${n}`);
      expect(
        (await ai.t.request('POST', '/ai/v1/chat/completions', { key: other.gatewayKey, body })).headers.get('x-cache'),
      ).toBe('MISS');
      expect(ai.fake.calls('cached')).toBe(4);
      clock += 6 * MINUTE;
      try {
        expect((await chat(body)).headers.get('x-cache')).toBe('MISS');
      } finally {
        clock -= 6 * MINUTE;
      }
    });

    it('should cache a streamed answer and serve it to a plain request', async () => {
      const body = { model: 'anthropic/streamed-first', messages: HELLO };
      expect((await chat({ ...body, stream: true })).headers.get('x-cache')).toBe('MISS');
      const plain = await chat(body);
      expect(plain.headers.get('x-cache')).toBe('HIT');
      expect(plain.body.choices[0]).toMatchObject({
        message: { content: 'Hello from anthropic!' },
        finish_reason: 'stop',
      });
      expect(ai.fake.calls('streamed-first')).toBe(1);
    });
  });

  describe('client disconnect', () => {
    it('should abort the provider stream at once when the client goes away, and still log the tokens used', async () => {
      const closed = ai.fake.nextEarlyClose();
      const controller = new AbortController();
      const res = await fetch(`${ai.t.url}/ai/v1/chat/completions`, {
        method: 'POST',
        signal: controller.signal,
        headers: { authorization: `Bearer ${gatewayKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'openai/hang-stream', messages: HELLO, stream: true }),
      });
      const reader = res.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toContain('"role":"assistant"');
      controller.abort();
      expect((await closed).model).toBe('hang-stream');
      await ai.module.flushUsage();
      const rows = await eventually(async () => {
        await ai.module.flushUsage();
        const found = await ai.t.platform.orm.em
          .getConnection()
          .execute(`select * from ai_gateway.usage_log where model = 'openai/hang-stream' and status = 'ABORTED'`);
        return found.length ? found : null;
      });
      expect(rows[0]).toMatchObject({ provider: 'openai', stream: true, estimated: true });
      expect(rows[0].prompt_tokens).toBeGreaterThan(0);
    });

    it('should abort a plain request too', async () => {
      const closed = ai.fake.nextEarlyClose();
      const req = httpRequest(`${ai.t.url}/ai/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${gatewayKey}`, 'content-type': 'application/json' },
      });
      req.on('error', () => undefined);
      req.end(JSON.stringify({ model: 'gemini/hang', messages: HELLO }));
      await eventually(async () => ai.fake.requests.some((r) => r.model === 'hang' && r.format === 'gemini'));
      req.destroy();
      expect((await closed).format).toBe('gemini');
    });
  });

  describe('usage log and dashboards', () => {
    /** A streamed answer read with node:http, which exposes HTTP trailers (fetch does not). */
    const streamWithTrailers = (body: Record<string, unknown>) =>
      new Promise<{ text: string; trailers: NodeJS.Dict<string> }>((resolve, reject) => {
        const payload = JSON.stringify({ ...body, stream: true });
        const req = httpRequest(
          `${ai.t.url}/ai/v1/chat/completions`,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${gatewayKey}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (piece: string) => (text += piece));
            res.on('end', () => resolve({ text, trailers: res.trailers }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });

    it('should send the cost of every stream as the X-Cost-Total trailer, usage chunk asked for or not, cache hits included', async () => {
      const first = await streamWithTrailers({ model: 'claude-3-5-haiku-latest', messages: HELLO });
      expect(events(first.text).at(-1)).toBe('[DONE]');
      expect(first.trailers['x-cost-total']).toBe('0.00008'); // 25 × $0.80/M + 15 × $4/M
      expect(
        (await streamWithTrailers({ model: 'claude-3-5-haiku-latest', messages: HELLO })).trailers['x-cost-total'],
      ).toBe('0');
    });

    it('should sum tokens past GraphQL Int (2^31) in the dashboards', async () => {
      const requestIds = [];
      for (let i = 0; i < 2; i++)
        requestIds.push((await chat({ model: 'openai/ok', messages: HELLO }, noCache)).headers.get('x-request-id'));
      await ai.module.flushUsage();
      await ai.t.platform.orm.em
        .getConnection()
        .execute(
          `update ai_gateway.usage_log set prompt_tokens = 1500000000, completion_tokens = 0, total_tokens = 1500000000 where request_id in (?, ?)`,
          requestIds,
        );
      const res = await ai.t.graphql(
        serverKey,
        '{ aiUsageDaily { promptTokens totalTokens } aiUsageSummary { totalTokens } }',
      );
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data).toEqual({
        aiUsageDaily: [{ promptTokens: 3_000_000_000, totalTokens: 3_000_000_000 }],
        aiUsageSummary: { totalTokens: 3_000_000_000 },
      });
    });

    it('should give the usage chunk the id and model of the chunks an OpenAI-compatible provider streamed', async () => {
      const streamed = await chat(
        { model: 'openai/ok', messages: HELLO, stream: true, stream_options: { include_usage: true } },
        noCache,
      );
      const chunks = events(streamed.text).filter((e) => e !== '[DONE]');
      expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number) } });
      expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
      expect(new Set(chunks.map((c) => c.model)).size).toBe(1);
    });

    it('should log every request and sum cost and tokens per day and model, with error and cache hit rates', async () => {
      const ok = await chat({ model: 'gpt-4o-mini', messages: HELLO });
      expect(ok.headers.get('x-cost-total')).toBe('0.00000885'); // 19 × $0.15/M + 10 × $0.60/M
      expect((await chat({ model: 'gpt-4o-mini', messages: HELLO })).headers.get('x-cache')).toBe('HIT');
      await chat({ model: 'openai/fail-400', messages: HELLO });
      const streamed = await chat({
        model: 'claude-3-5-haiku-latest',
        messages: HELLO,
        stream: true,
        stream_options: { include_usage: true },
      });
      expect(events(streamed.text).at(-2).usage).toEqual({
        prompt_tokens: 25,
        completion_tokens: 15,
        total_tokens: 40,
        cost: 0.00008,
      }); // 25 × $0.80/M + 15 × $4/M
      await ai.module.flushUsage();

      const res = await ai.t.graphql(
        serverKey,
        `{
        aiUsageDaily { date model requests promptTokens completionTokens totalTokens costUsd }
        aiUsageSummary { requests errors errorRate cacheHits cacheLookups cacheHitRate aborted totalTokens costUsd }
      }`,
      );
      expect(res.body.errors).toBeUndefined();
      const today = new Date().toISOString().slice(0, 10);
      expect(res.body.data.aiUsageDaily).toEqual([
        {
          date: today,
          model: 'claude-3-5-haiku-latest',
          requests: 1,
          promptTokens: 25,
          completionTokens: 15,
          totalTokens: 40,
          costUsd: 0.00008,
        },
        {
          date: today,
          model: 'gpt-4o-mini',
          requests: 2,
          promptTokens: 38,
          completionTokens: 20,
          totalTokens: 58,
          costUsd: 0.00000885,
        },
        {
          date: today,
          model: 'openai/fail-400',
          requests: 1,
          promptTokens: 0,
          completionTokens: 0,
          totalTokens: 0,
          costUsd: 0,
        },
      ]);
      expect(res.body.data.aiUsageSummary).toEqual({
        requests: 4,
        errors: 1,
        errorRate: 0.25,
        cacheHits: 1,
        cacheLookups: 4,
        cacheHitRate: 0.25,
        aborted: 0,
        totalTokens: 98,
        costUsd: 0.00008885,
      });
      const rows = await ai.t.platform.orm.em
        .getConnection()
        .execute(
          `select model, provider, status, cache, error_code, latency_ms from ai_gateway.usage_log where request_id = ?`,
          [ok.headers.get('x-request-id')],
        );
      expect(rows).toEqual([
        {
          model: 'gpt-4o-mini',
          provider: 'openai',
          status: 'SUCCESS',
          cache: 'MISS',
          error_code: null,
          latency_ms: expect.any(Number),
        },
      ]);
      const log = await ai.t.graphql(
        serverKey,
        `{
        all: aiUsageLog(count: 2) { data { model } meta { count offset total hasMore } }
        errors: aiUsageLog(status: "ERROR") { data { requestId model provider status errorCode cache stream promptTokens costUsd latencyMs createdAt } }
      }`,
      );
      expect(log.body.data.all).toEqual({
        data: [{ model: 'claude-3-5-haiku-latest' }, { model: 'openai/fail-400' }],
        meta: { count: 2, offset: 0, total: 4, hasMore: true },
      });
      expect(log.body.data.errors.data).toEqual([
        {
          requestId: expect.stringMatching(/^req_/),
          model: 'openai/fail-400',
          provider: 'openai',
          status: 'ERROR',
          errorCode: 'provider_error',
          cache: 'MISS',
          stream: false,
          promptTokens: 0,
          costUsd: 0,
          latencyMs: expect.any(Number),
          createdAt: expect.any(String),
        },
      ]);
      const badStatus = await ai.t.graphql(serverKey, '{ aiUsageLog(status: "LOST") { meta { total } } }');
      expect(badStatus.body.errors[0].extensions).toMatchObject({
        code: 'INVALID_REQUEST',
        details: { field: 'status' },
      });
      const bad = await ai.t.graphql(serverKey, '{ aiUsageDaily(fromDate: "yesterday") { date } }');
      expect(bad.body.errors[0].extensions).toMatchObject({ code: 'INVALID_REQUEST', details: { field: 'fromDate' } });
    });
  });
});
