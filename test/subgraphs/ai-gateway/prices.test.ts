import type OpenAI from 'openai';
import { startAiPlatform, type AiPlatform } from './helpers/ai-platform.js';
import { LITELLM_PRICES, LITELLM_PRICES_SOURCE } from '../../../subgraphs/ai-gateway/catalog/litellm-prices.data.js';
import { priceOf } from '../../../subgraphs/ai-gateway/catalog/model-catalog.js';

const HELLO = [{ role: 'user' as const, content: 'Say hello' }];
const NO_CACHE = { headers: { 'X-Cache-Control': 'no-cache' } };

describe('prices: the vendored LiteLLM list, organization overrides, unknown cost', () => {
  let ai: AiPlatform;
  let client: OpenAI;
  let serverKey: string;

  beforeAll(async () => {
    ai = await startAiPlatform();
    ({ client, serverKey } = await ai.organization('prices'));
  });
  afterAll(() => ai.stop());

  it('should carry its source, date and licence, and price models by LiteLLM key with or without the provider prefix', () => {
    expect(LITELLM_PRICES_SOURCE).toMatchObject({
      published: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      licence: expect.stringContaining('MIT'),
    });
    expect(LITELLM_PRICES.length).toBeGreaterThan(300);
    expect(priceOf('openai', 'gpt-4o-mini')).toEqual({ inputPerMTok: 0.15, outputPerMTok: 0.6 });
    expect(priceOf('gemini', 'gemini-1.5-flash')).toEqual({ inputPerMTok: 0.35, outputPerMTok: 1.05 });
    expect(priceOf('groq', 'llama3-8b-8192')).toEqual({ inputPerMTok: 0.05, outputPerMTok: 0.08 });
    // A model of one provider is not priced as served by another.
    expect(priceOf('groq', 'gpt-4o-mini')).toBeUndefined();
    expect(priceOf('vllm', 'my-finetune')).toBeUndefined();
  });

  it('should cost a priced model from the list in X-Cost-Total and the usage log', async () => {
    const { response } = await client.chat.completions
      .create({ model: 'openai/gpt-4o-mini', messages: HELLO }, NO_CACHE)
      .withResponse();
    // 19 prompt tokens at 0.15 and 10 completion tokens at 0.6 per million.
    expect(response.headers.get('x-cost-total')).toBe('0.00000885');
    const gemini = await client.chat.completions
      .create({ model: 'gemini/gemini-1.5-flash', messages: HELLO }, NO_CACHE)
      .withResponse();
    expect(gemini.response.headers.get('x-cost-total')).toBe('0.0000154');
  });

  it('should report an unknown model as unknown cost: no header, no cost in the usage chunk, null in the log', async () => {
    const { response } = await client.chat.completions
      .create({ model: 'openai/ok', messages: HELLO }, NO_CACHE)
      .withResponse();
    expect(response.headers.get('x-cost-total')).toBeNull();
    const stream = await client.chat.completions.create(
      { model: 'openai/ok', messages: HELLO, stream: true, stream_options: { include_usage: true } },
      NO_CACHE,
    );
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.at(-1)!.usage).toMatchObject({ prompt_tokens: 19, completion_tokens: 10 });
    expect(chunks.at(-1)!.usage).not.toHaveProperty('cost');
    await ai.module.flushUsage();
    const res = await ai.t.graphql(
      serverKey,
      '{ aiUsageLog(model: "openai/ok") { data { costUsd } } aiUsageSummary { unpricedRequests } }',
    );
    expect(res.body.data.aiUsageLog.data).toEqual([{ costUsd: null }, { costUsd: null }]);
    expect(res.body.data.aiUsageSummary.unpricedRequests).toBe(2);
  });

  it('should let the organization price a model itself, winning over the list, until it deletes the override', async () => {
    const put = await ai.t.request('PUT', '/ai/v1/prices', {
      key: serverKey,
      body: { provider: 'openai', model: 'ok', inputPerMTok: 1, outputPerMTok: 2 },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      id: expect.stringMatching(/^aiprice_/),
      provider: 'openai',
      model: 'ok',
      input_per_mtok: 1,
      output_per_mtok: 2,
    });
    const priced = await client.chat.completions
      .create({ model: 'openai/ok', messages: HELLO }, NO_CACHE)
      .withResponse();
    expect(priced.response.headers.get('x-cost-total')).toBe('0.000039');

    await ai.t.request('PUT', '/ai/v1/prices', {
      key: serverKey,
      body: { provider: 'openai', model: 'gpt-4o-mini', inputPerMTok: 0, outputPerMTok: 0 },
    });
    const negotiated = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: HELLO }, NO_CACHE)
      .withResponse();
    expect(negotiated.response.headers.get('x-cost-total')).toBe('0');
    const listed = await ai.t.request('GET', '/ai/v1/prices', { key: serverKey });
    expect(listed.body.data.map((p: { model: string }) => p.model)).toEqual(['gpt-4o-mini', 'ok']);

    const removed = await ai.t.request('DELETE', `/ai/v1/prices/${put.body.id}`, { key: serverKey });
    expect(removed.body).toEqual({ id: put.body.id, object: 'model_price', deleted: true });
    const unknown = await client.chat.completions
      .create({ model: 'openai/ok', messages: HELLO }, NO_CACHE)
      .withResponse();
    expect(unknown.response.headers.get('x-cost-total')).toBeNull();
  });

  it('should refuse a bad price, and keep overrides to their organization', async () => {
    for (const [body, param] of [
      [{ provider: 'openai', model: 'x', inputPerMTok: -1, outputPerMTok: 0 }, 'inputPerMTok'],
      [{ provider: 'Bad Name', model: 'x', inputPerMTok: 1, outputPerMTok: 0 }, 'provider'],
      [{ provider: 'openai', model: '', inputPerMTok: 1, outputPerMTok: 0 }, 'model'],
    ] as const) {
      const res = await ai.t.request('PUT', '/ai/v1/prices', { key: serverKey, body });
      expect({ status: res.status, param: res.body.error.param }).toEqual({ status: 400, param });
    }
    const other = await ai.organization('prices-other');
    expect((await ai.t.request('GET', '/ai/v1/prices', { key: other.serverKey })).body.data).toEqual([]);
    const mine = (await ai.t.request('GET', '/ai/v1/prices', { key: serverKey })).body.data[0].id as string;
    expect((await ai.t.request('DELETE', `/ai/v1/prices/${mine}`, { key: other.serverKey })).status).toBe(404);
    const theirs = await other.client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: HELLO }, NO_CACHE)
      .withResponse();
    expect(theirs.response.headers.get('x-cost-total')).toBe('0.00000885');
  });
});
