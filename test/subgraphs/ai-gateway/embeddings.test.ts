import type OpenAI from 'openai';
import { startAiPlatform, type AiPlatform } from './helpers/ai-platform.js';
import { fakeVector, spelledFloatsAnswer } from './fakes/fake-provider.js';

describe('POST /ai/v1/embeddings with the official openai SDK', () => {
  let ai: AiPlatform;
  let client: OpenAI;
  let serverKey: string;
  let key: string;

  beforeAll(async () => {
    ai = await startAiPlatform();
    ({ client, serverKey, gatewayKey: key } = await ai.organization('embed'));
  });
  afterAll(() => ai.stop());

  it('should embed a string at an OpenAI-compatible provider, the SDK decoding its default base64', async () => {
    const { data, response } = await client.embeddings
      .create({ model: 'openai/text-embedding-3-small', input: 'hello' })
      .withResponse();
    const sent = ai.fake.requests.at(-1)!;
    expect(sent).toMatchObject({
      format: 'openai',
      path: '/openai/v1/embeddings',
      body: { model: 'text-embedding-3-small', input: 'hello', encoding_format: 'float' },
    });
    expect(data.data).toHaveLength(1);
    // The SDK asked for base64 (its default) and decoded float32s: the fake's values as float32 round them.
    expect(data.data[0]!.embedding).toEqual(Array.from(new Float32Array(fakeVector(0))));
    expect(data.usage).toEqual({ prompt_tokens: 7, total_tokens: 7 });
    expect(response.headers.get('x-provider')).toBe('openai');
    expect(response.headers.get('x-cost-total')).toBe('0.00000014');
  });

  it('should keep the order of an array input and pass dimensions, as floats when asked', async () => {
    const res = await client.embeddings.create({
      model: 'openai/text-embedding-3-small',
      input: ['a', 'b', 'c'],
      dimensions: 4,
      encoding_format: 'float',
    });
    expect(ai.fake.requests.at(-1)!.body).toMatchObject({ input: ['a', 'b', 'c'], dimensions: 4 });
    expect(res.data.map((d) => d.index)).toEqual([0, 1, 2]);
    expect(res.data.map((d) => d.embedding)).toEqual([fakeVector(0, 4), fakeVector(1, 4), fakeVector(2, 4)]);
  });

  it("should send an OpenAI-compatible provider's float answer as received, still logging its tokens and cost", async () => {
    await ai.t.request('PUT', '/ai/v1/prices', {
      key: serverKey,
      body: { provider: 'openai', model: 'spelled-floats', inputPerMTok: 1, outputPerMTok: 0 },
    });
    for (const input of ['one', ['one', 'two']]) {
      const res = await ai.t.request('POST', '/ai/v1/embeddings', {
        key,
        body: { model: 'openai/spelled-floats', input, encoding_format: 'float' },
      });
      expect(res.status).toBe(200);
      expect(res.text).toBe(spelledFloatsAnswer(typeof input === 'string' ? 1 : 2));
      expect(res.headers.get('x-cost-total')).toBe('0.000003');
    }
    // What the parsing path writes instead, for a client that asks for base64: the same floats, re-encoded.
    const encoded = await client.embeddings.create({ model: 'openai/spelled-floats', input: 'one' });
    expect(encoded.data[0]!.embedding).toEqual([1, 0.25, -1]);
    await ai.module.flushUsage();
    const res = await ai.t.graphql(
      serverKey,
      '{ aiUsageLog(count: 100, model: "openai/spelled-floats") { data { endpoint provider promptTokens costUsd status } } }',
    );
    expect(res.body.data.aiUsageLog.data).toEqual(
      Array.from({ length: 3 }, () => ({
        endpoint: 'embeddings',
        provider: 'openai',
        promptTokens: 3,
        costUsd: 0.000003,
        status: 'SUCCESS',
      })),
    );
  });

  it('should answer base64 of little-endian float32s when the client asks for it', async () => {
    const res = await ai.t.request('POST', '/ai/v1/embeddings', {
      key,
      body: { model: 'openai/text-embedding-3-small', input: 'x', encoding_format: 'base64' },
    });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(res.body.data[0].embedding as string, 'base64');
    expect(Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4))).toEqual(
      Array.from(new Float32Array(fakeVector(0))),
    );
  });

  it('should call Gemini embedContent for one input and batchEmbedContents for several', async () => {
    const one = await client.embeddings.create({
      model: 'gemini/gemini-embedding-001',
      input: 'one',
      dimensions: 2,
      encoding_format: 'float',
    });
    expect(ai.fake.requests.at(-1)).toMatchObject({
      path: '/gemini/v1beta/models/gemini-embedding-001:embedContent',
      body: { content: { parts: [{ text: 'one' }] }, outputDimensionality: 2 },
    });
    expect(one.data[0]!.embedding).toEqual(fakeVector(0, 2));
    expect(one.usage.prompt_tokens).toBe(1); // Gemini reports none: four characters a token

    const many = await client.embeddings.create({
      model: 'gemini/gemini-embedding-001',
      input: ['one', 'two'],
      encoding_format: 'float',
    });
    expect(ai.fake.requests.at(-1)).toMatchObject({
      path: '/gemini/v1beta/models/gemini-embedding-001:batchEmbedContents',
      body: {
        requests: [
          { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'one' }] } },
          { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'two' }] } },
        ],
      },
    });
    expect(many.data.map((d) => d.embedding)).toEqual([fakeVector(0), fakeVector(1)]);
    expect(ai.fake.requests.at(-1)!.headers['x-goog-api-key']).toBe('gemini-secret-key-1234');
  });

  it('should fall back on a 503 to the next target of a route', async () => {
    await ai.t.request('PUT', '/ai/v1/routes/embedder', {
      key: serverKey,
      body: {
        targets: [
          { provider: 'openai', model: 'fail-503' },
          { provider: 'gemini', model: 'gemini-embedding-001' },
        ],
      },
    });
    const { data, response } = await client.embeddings
      .create({ model: 'embedder', input: 'x', encoding_format: 'float' })
      .withResponse();
    expect(response.headers.get('x-provider')).toBe('gemini');
    expect(data.data[0]!.embedding).toEqual(fakeVector(0));
  });

  it('should refuse bad input with a 400 naming the parameter, and Anthropic, which has no embeddings', async () => {
    const cases: [unknown, string][] = [
      [{ model: 'openai/x', input: [] }, 'input'],
      [{ model: 'openai/x', input: [1, 2] }, 'input[0]'],
      [{ model: 'openai/x', input: 'a', dimensions: 0 }, 'dimensions'],
      [{ model: 'openai/x', input: 'a', encoding_format: 'int8' }, 'encoding_format'],
      [{ model: 'openai/x', input: 'a', extra: true }, 'extra'],
      [{ input: 'a' }, 'model'],
      [{ model: 'anthropic/claude-sonnet-4-0', input: 'a' }, 'model'],
    ];
    const before = ai.fake.requests.length;
    for (const [body, param] of cases) {
      const res = await ai.t.request('POST', '/ai/v1/embeddings', { key, body });
      expect({ status: res.status, param: res.body.error.param, type: res.body.error.type }).toEqual({
        status: 400,
        param,
        type: 'invalid_request_error',
      });
    }
    expect(ai.fake.requests.length).toBe(before);
  });

  it('should embed with sandbox/embed deterministically, and log every embedding request with its cost', async () => {
    const a = await client.embeddings.create({ model: 'sandbox/embed', input: ['same', 'other'], dimensions: 8 });
    const b = await client.embeddings.create({ model: 'sandbox/embed', input: 'same', dimensions: 8 });
    expect(a.data[0]!.embedding).toHaveLength(8);
    expect(b.data[0]!.embedding).toEqual(a.data[0]!.embedding);
    expect(a.data[1]!.embedding).not.toEqual(a.data[0]!.embedding);
    await ai.module.flushUsage();
    const res = await ai.t.graphql(
      serverKey,
      '{ aiUsageLog(count: 100) { data { endpoint model provider promptTokens costUsd status } } }',
    );
    const rows = (
      res.body.data.aiUsageLog.data as {
        endpoint: string;
        model: string;
        provider: string;
        promptTokens: number;
        costUsd: number;
        status: string;
      }[]
    ).filter((r) => r.endpoint === 'embeddings');
    expect(rows.find((r) => r.model === 'openai/text-embedding-3-small' && r.promptTokens === 7)).toMatchObject({
      provider: 'openai',
      costUsd: 0.00000014,
      status: 'SUCCESS',
    });
    expect(rows.find((r) => r.model === 'embedder')).toMatchObject({ provider: 'gemini', status: 'SUCCESS' });
    expect(rows.filter((r) => r.model === 'sandbox/embed')).toHaveLength(2);
  });
});
