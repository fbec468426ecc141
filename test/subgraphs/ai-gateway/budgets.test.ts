import OpenAI from 'openai';
import { startAiPlatform, type AiPlatform } from './helpers/ai-platform.js';
import { eventually } from '../../helpers/test-platform.js';
import { budgetAlerts } from '../../../subgraphs/ai-gateway/budgets/budget-alerts.js';
import type { Logger } from '../../../platform/logging/logger.js';

const HELLO = [{ role: 'user' as const, content: 'Say hello' }];
const NO_CACHE = { headers: { 'X-Cache-Control': 'no-cache' } };
/** Each openai/ok answer: 19 + 10 tokens at $1,000 per million = $0.029. */
const COST = 0.029;

type ApiError = InstanceType<typeof OpenAI.APIError>;

describe('budgets, per-key model allow-list and per-minute limits', () => {
  let ai: AiPlatform;
  // One instant for the minute windows and caches, so a window never rolls over during an assertion.
  const clock = Date.now();

  beforeAll(async () => {
    ai = await startAiPlatform({ now: () => clock });
  });
  afterAll(() => ai.stop());

  /** An organization where openai/ok costs COST a request, and a second gateway key. */
  async function pricedOrganization(slug: string) {
    const org = await ai.organization(slug);
    expect(
      (
        await ai.t.request('PUT', '/ai/v1/prices', {
          key: org.serverKey,
          body: { provider: 'openai', model: 'ok', inputPerMTok: 1000, outputPerMTok: 1000 },
        })
      ).status,
    ).toBe(200);
    const second = (await ai.t.request('POST', '/ai/v1/keys', { key: org.serverKey, body: { name: 'second' } })).body;
    const keys = (await ai.t.request('GET', '/ai/v1/keys', { key: org.serverKey })).body.data as {
      id: string;
      name: string;
    }[];
    return {
      ...org,
      firstKeyId: keys.find((k) => k.name === 'tests')!.id,
      secondKeyId: second.id as string,
      second: new OpenAI({ apiKey: second.key, baseURL: `${ai.t.url}/ai/v1`, maxRetries: 0 }),
    };
  }

  const thresholdEvents = async (budgetId: string) => {
    const rows = await ai.t.platform.orm.em
      .fork()
      .getConnection()
      .execute(
        `select data from platform.events where type = 'ai.budget.threshold' and data->>'budgetId' = ? order by created_at`,
        [budgetId],
      );
    return (rows as { data: { threshold: number; spentUsd: number; amountUsd: number } }[]).map((r) => r.data);
  };

  it("should answer 429 budget_exceeded in OpenAI's shape once the organization's budget is spent, after events at 80% and 100%", async () => {
    const org = await pricedOrganization('budget-org');
    const put = await ai.t.request('PUT', '/ai/v1/budgets', {
      key: org.serverKey,
      body: { period: 'day', amountUsd: 0.1 },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      id: expect.stringMatching(/^aibudget_/),
      key_id: null,
      period: 'day',
      amount_usd: 0.1,
      spent_usd: 0,
    });
    const budgetId = put.body.id as string;

    for (let i = 0; i < 3; i++)
      await org.client.chat.completions.create({ model: 'openai/ok', messages: HELLO }, NO_CACHE);
    expect(
      await eventually(async () => (await thresholdEvents(budgetId)).length === 1 && thresholdEvents(budgetId)),
    ).toEqual([expect.objectContaining({ threshold: 80, amountUsd: 0.1, spentUsd: expect.closeTo(3 * COST, 8) })]);
    await org.second.chat.completions.create({ model: 'openai/ok', messages: HELLO }, NO_CACHE); // the other key counts too
    await eventually(async () => (await thresholdEvents(budgetId)).length === 2);
    expect((await thresholdEvents(budgetId)).map((e) => e.threshold)).toEqual([80, 100]);

    const refused = (await org.client.chat.completions
      .create({ model: 'openai/ok', messages: HELLO }, NO_CACHE)
      .catch((e: unknown) => e)) as ApiError;
    expect(refused).toBeInstanceOf(OpenAI.RateLimitError);
    expect(refused.code).toBe('budget_exceeded');
    expect(refused.error).toMatchObject({
      code: 'budget_exceeded',
      type: 'insufficient_quota',
      message: expect.stringContaining('day budget'),
    });
    expect(Number(refused.headers?.get('retry-after'))).toBeGreaterThan(0);
    // Embeddings and streams are refused as well, before any provider is called.
    const before = ai.fake.requests.length;
    await expect(
      org.client.embeddings.create({ model: 'openai/text-embedding-3-small', input: 'x' }),
    ).rejects.toMatchObject({ status: 429, code: 'budget_exceeded' });
    await expect(
      org.client.chat.completions.create({ model: 'openai/ok', messages: HELLO, stream: true }, NO_CACHE),
    ).rejects.toMatchObject({ status: 429 });
    expect(ai.fake.requests.length).toBe(before);

    const listed = await ai.t.request('GET', '/ai/v1/budgets', { key: org.serverKey });
    expect(listed.body.data[0]).toMatchObject({ id: budgetId, spent_usd: expect.closeTo(4 * COST, 8) });
    // Raising the budget opens it again at once.
    await ai.t.request('PUT', '/ai/v1/budgets', { key: org.serverKey, body: { period: 'day', amountUsd: 10 } });
    expect(
      (await org.client.chat.completions.create({ model: 'openai/ok', messages: HELLO }, NO_CACHE)).choices,
    ).toHaveLength(1);
  });

  it("should limit one key by its own budget while the organization's other keys go on", async () => {
    const org = await pricedOrganization('budget-key');
    const put = await ai.t.request('PUT', '/ai/v1/budgets', {
      key: org.serverKey,
      body: { keyId: org.secondKeyId, period: 'month', amountUsd: 0.05 },
    });
    expect(put.body).toMatchObject({ key_id: org.secondKeyId, period: 'month' });
    await org.second.chat.completions.create({ model: 'openai/ok', messages: HELLO }, NO_CACHE);
    await org.second.chat.completions.create({ model: 'openai/ok', messages: HELLO }, NO_CACHE);
    await expect(
      org.second.chat.completions.create({ model: 'openai/ok', messages: HELLO }, NO_CACHE),
    ).rejects.toMatchObject({ status: 429, code: 'budget_exceeded' });
    expect(
      (await org.client.chat.completions.create({ model: 'openai/ok', messages: HELLO }, NO_CACHE)).choices,
    ).toHaveLength(1);
    await eventually(async () => (await thresholdEvents(put.body.id)).length === 2);
  });

  it('should send each threshold event once when concurrent requests cross it together, and when two processes report it', async () => {
    const org = await pricedOrganization('budget-race');
    const budgetId = (
      await ai.t.request('PUT', '/ai/v1/budgets', { key: org.serverKey, body: { period: 'day', amountUsd: 0.1 } })
    ).body.id as string;
    await org.client.chat.completions.create({ model: 'openai/ok', messages: HELLO }, NO_CACHE); // loads the budget
    await Promise.all(
      Array.from({ length: 8 }, () =>
        org.client.chat.completions.create({ model: 'openai/ok', messages: HELLO }, NO_CACHE).catch(() => undefined),
      ),
    );
    await eventually(async () => (await thresholdEvents(budgetId)).length >= 2);
    // What a second process would do with the same crossing: its insert loses, no second event.
    const logger = { error: () => undefined } as unknown as Logger;
    const state = {
      id: budgetId,
      organizationId: (
        await ai.t.platform.orm.em
          .fork()
          .getConnection()
          .execute(`select organization_id from ai_gateway.budgets where id = ?`, [budgetId])
      )[0].organization_id,
      keyId: null,
      period: 'day' as const,
      amountUsd: 0.1,
      windowStart: Date.UTC(
        new Date(clock).getUTCFullYear(),
        new Date(clock).getUTCMonth(),
        new Date(clock).getUTCDate(),
      ),
      spentUsd: 1,
      reported: new Set<number>(),
    };
    const alert = budgetAlerts(ai.t.platform.orm, logger);
    await Promise.all([alert(state, 100), alert(state, 80), alert(state, 100)]);
    const rows = await ai.t.platform.orm.em
      .fork()
      .getConnection()
      .execute(`select count(*)::int as n from ai_gateway.budget_alerts where budget_id = ?`, [budgetId]);
    expect(rows[0].n).toBe(2);
    expect((await thresholdEvents(budgetId)).map((e) => e.threshold).sort()).toEqual([100, 80]);
    await expect(
      org.client.chat.completions.create({ model: 'openai/ok', messages: HELLO }, NO_CACHE),
    ).rejects.toMatchObject({ status: 429, code: 'budget_exceeded' });
  });

  it('should refuse a bad budget with a 400 and keep budgets to their organization', async () => {
    const org = await pricedOrganization('budget-bad');
    for (const [body, param] of [
      [{ period: 'week', amountUsd: 1 }, 'period'],
      [{ period: 'day', amountUsd: 0 }, 'amountUsd'],
      [{ period: 'day', amountUsd: 1, keyId: '00000000-0000-4000-8000-000000000000' }, 'keyId'],
    ] as const) {
      const res = await ai.t.request('PUT', '/ai/v1/budgets', { key: org.serverKey, body });
      expect({ status: res.status, param: res.body.error.param }).toEqual({ status: 400, param });
    }
    const other = await pricedOrganization('budget-other');
    // Another organization's key id is not a key of this one.
    const foreign = await ai.t.request('PUT', '/ai/v1/budgets', {
      key: org.serverKey,
      body: { period: 'day', amountUsd: 1, keyId: other.secondKeyId },
    });
    expect(foreign.status).toBe(400);
    const mine = (
      await ai.t.request('PUT', '/ai/v1/budgets', { key: org.serverKey, body: { period: 'day', amountUsd: 1 } })
    ).body.id;
    expect((await ai.t.request('DELETE', `/ai/v1/budgets/${mine}`, { key: other.serverKey })).status).toBe(404);
    expect((await ai.t.request('GET', '/ai/v1/budgets', { key: other.serverKey })).body.data).toEqual([]);
  });

  it('should hold a key to its model allow-list (403) and its requests and tokens per minute (429 with Retry-After)', async () => {
    const org = await pricedOrganization('key-limits');
    const patch = await ai.t.request('PATCH', `/ai/v1/keys/${org.secondKeyId}`, {
      key: org.serverKey,
      body: { allowedModels: ['sandbox/echo', 'sandbox/lorem'], requestsPerMinute: 2 },
    });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({
      allowed_models: ['sandbox/echo', 'sandbox/lorem'],
      requests_per_minute: 2,
      tokens_per_minute: null,
    });
    const forbidden = (await org.second.chat.completions
      .create({ model: 'openai/ok', messages: HELLO })
      .catch((e: unknown) => e)) as ApiError;
    expect(forbidden).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(forbidden.error).toMatchObject({ code: 'forbidden', param: 'model' });
    await org.second.chat.completions.create({ model: 'sandbox/echo', messages: HELLO }, NO_CACHE);
    await org.second.chat.completions.create({ model: 'sandbox/echo', messages: HELLO }, NO_CACHE);
    const limited = (await org.second.chat.completions
      .create({ model: 'sandbox/echo', messages: HELLO }, NO_CACHE)
      .catch((e: unknown) => e)) as ApiError;
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect(limited.code).toBe('rate_limit_exceeded');
    expect(Number(limited.headers?.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The first key has no such limits.
    expect(
      (await org.client.chat.completions.create({ model: 'openai/ok', messages: HELLO }, NO_CACHE)).choices,
    ).toHaveLength(1);

    await ai.t.request('PATCH', `/ai/v1/keys/${org.firstKeyId}`, { key: org.serverKey, body: { tokensPerMinute: 20 } });
    await org.client.chat.completions.create({ model: 'sandbox/lorem', messages: HELLO, max_tokens: 25 }, NO_CACHE);
    await expect(
      org.client.chat.completions.create({ model: 'sandbox/lorem', messages: HELLO, max_tokens: 1 }, NO_CACHE),
    ).rejects.toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
    // null lifts a limit.
    const lifted = await ai.t.request('PATCH', `/ai/v1/keys/${org.firstKeyId}`, {
      key: org.serverKey,
      body: { tokensPerMinute: null },
    });
    expect(lifted.body.tokens_per_minute).toBeNull();
    expect(
      (await org.client.chat.completions.create({ model: 'sandbox/lorem', messages: HELLO, max_tokens: 1 }, NO_CACHE))
        .choices,
    ).toHaveLength(1);
    const bad = await ai.t.request('PATCH', `/ai/v1/keys/${org.firstKeyId}`, {
      key: org.serverKey,
      body: { requestsPerMinute: 0 },
    });
    expect({ status: bad.status, param: bad.body.error.param }).toEqual({ status: 400, param: 'requestsPerMinute' });
  });
});
