import OpenAI from 'openai';
import { startAiPlatform, type AiPlatform } from './helpers/ai-platform.js';

describe('GET /ai/v1/models/{id} and GET /ai/v1/usage', () => {
  let ai: AiPlatform;
  let client: OpenAI;
  let serverKey: string;
  let gatewayKey: string;

  beforeAll(async () => {
    ai = await startAiPlatform();
    ({ client, serverKey, gatewayKey } = await ai.organization('usage'));
  });
  afterAll(() => ai.stop());

  it('should retrieve a listed model, a provider/model one and refuse an unreachable one with 404', async () => {
    expect(await client.models.retrieve('sandbox/echo')).toMatchObject({
      id: 'sandbox/echo',
      object: 'model',
      owned_by: 'sandbox',
    });
    expect(await client.models.retrieve('gpt-4o-mini')).toMatchObject({ id: 'gpt-4o-mini', owned_by: 'openai' });
    expect(await client.models.retrieve('openai/any-model')).toMatchObject({
      id: 'openai/any-model',
      owned_by: 'openai',
    });
    const missing = await client.models.retrieve('nosuch/model').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect((missing as InstanceType<typeof OpenAI.NotFoundError>).code).toBe('not_found');
    expect(await client.models.retrieve('sandbox/nothing').catch((e: unknown) => e)).toBeInstanceOf(
      OpenAI.NotFoundError,
    );
    // The slash may also come unencoded.
    const raw = await ai.t.request('GET', '/ai/v1/models/gemini/gemini-2.5-pro', { key: gatewayKey });
    expect(raw.status).toBe(200);
    expect(raw.body).toMatchObject({ id: 'gemini/gemini-2.5-pro', owned_by: 'gemini' });
  });

  it('should total usage per model, key and day with the numbers of the GraphQL dashboards', async () => {
    const ask = (model: string) =>
      client.chat.completions.create(
        { model, messages: [{ role: 'user', content: 'count me in' }] },
        { headers: { 'X-Cache-Control': 'no-cache' } },
      );
    await ask('sandbox/echo');
    await ask('sandbox/echo');
    await ask('gpt-4o-mini');
    await client.embeddings.create({ model: 'openai/text-embedding-3-small', input: ['a', 'b'] });
    await ask('openai/fail-400').catch(() => undefined);
    await ai.module.flushUsage();

    const byModel = await ai.t.request('GET', '/ai/v1/usage?groupBy=model', { key: serverKey });
    expect(byModel.status).toBe(200);
    expect(byModel.body.object).toBe('list');
    const rows = byModel.body.data as {
      group: string;
      requests: number;
      errors: number;
      total_tokens: number;
      cost_usd: number;
    }[];
    expect(rows.find((r) => r.group === 'sandbox/echo')).toMatchObject({ requests: 2, errors: 0, cost_usd: 0 });
    expect(rows.find((r) => r.group === 'openai/fail-400')).toMatchObject({ requests: 1, errors: 1 });
    expect(rows.find((r) => r.group === 'openai/text-embedding-3-small')).toMatchObject({
      requests: 1,
      total_tokens: 14,
    });

    const dashboards = await ai.t.graphql(
      serverKey,
      '{ aiUsageDaily { model requests totalTokens costUsd } aiUsageSummary { requests totalTokens costUsd } }',
    );
    const daily = dashboards.body.data.aiUsageDaily as {
      model: string;
      requests: number;
      totalTokens: number;
      costUsd: number;
    }[];
    for (const row of rows) {
      const same = daily.filter((d) => d.model === row.group);
      expect({ model: row.group, requests: row.requests, tokens: row.total_tokens }).toEqual({
        model: row.group,
        requests: same.reduce((n, d) => n + d.requests, 0),
        tokens: same.reduce((n, d) => n + d.totalTokens, 0),
      });
    }
    const summary = dashboards.body.data.aiUsageSummary as { requests: number; totalTokens: number; costUsd: number };
    expect(rows.reduce((n, r) => n + r.requests, 0)).toBe(summary.requests);
    expect(rows.reduce((n, r) => n + r.cost_usd, 0)).toBeCloseTo(summary.costUsd, 10);
    expect(summary.costUsd).toBeGreaterThan(0);

    const byDay = await ai.t.request('GET', '/ai/v1/usage?groupBy=day', { key: serverKey });
    expect(byDay.body.data).toEqual([
      expect.objectContaining({
        group: new Date().toISOString().slice(0, 10),
        requests: summary.requests,
        total_tokens: summary.totalTokens,
      }),
    ]);

    const keys = await ai.t.request('GET', '/ai/v1/keys', { key: serverKey });
    const byKey = await ai.t.request('GET', '/ai/v1/usage?groupBy=key', { key: serverKey });
    expect(byKey.body.data).toEqual([
      expect.objectContaining({ group: keys.body.data[0].id, requests: summary.requests }),
    ]);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const empty = await ai.t.request('GET', `/ai/v1/usage?from=${yesterday}&to=${yesterday}`, { key: serverKey });
    expect(empty.body.data).toEqual([]);
  });

  it('should refuse a bad groupBy or range with a 400, and gateway keys with a 403', async () => {
    const bad = await ai.t.request('GET', '/ai/v1/usage?groupBy=provider', { key: serverKey });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_request', param: 'groupBy' });
    const range = await ai.t.request('GET', '/ai/v1/usage?from=2026-12-01&to=2026-01-01', { key: serverKey });
    expect(range.status).toBe(400);
    const gateway = await ai.t.request('GET', '/ai/v1/usage', { key: gatewayKey });
    expect(gateway.status).toBe(403);
  });
});
