import OpenAI from 'openai';
import { startAiPlatform, type AiPlatform } from './helpers/ai-platform.js';

const HELLO = [{ role: 'user' as const, content: 'Say hello' }];
const BACKLOG_LIMIT = 2; // the test's rows spell it out: two held, one after

describe('AI gateway while its usage store is unavailable', () => {
  let ai: AiPlatform;
  let client: OpenAI;
  const sql = (query: string) => ai.t.platform.orm.em.getConnection().execute(query);

  beforeAll(async () => {
    ai = await startAiPlatform({ usageBacklogLimit: BACKLOG_LIMIT });
    ({ client } = await ai.organization('outage'));
  });
  afterAll(() => ai.stop());

  it('should keep unwritten usage rows, answer 503 service_unavailable once the backlog is full, and recover without losing a row', async () => {
    const noCache = { headers: { 'X-Cache-Control': 'no-cache' } };
    await sql('alter table ai_gateway.usage_log rename to usage_log_offline');
    try {
      for (let i = 0; i < BACKLOG_LIMIT; i++) {
        expect((await client.chat.completions.create({ model: 'openai/ok', messages: HELLO }, noCache)).object).toBe(
          'chat.completion',
        );
      }
      await ai.module.flushUsage(); // refused: the rows stay buffered

      const refused = await client.chat.completions.create({ model: 'openai/ok', messages: HELLO }, noCache).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(OpenAI.APIError);
      expect(refused).toMatchObject({ status: 503, code: 'service_unavailable', type: 'service_unavailable' });
      expect((refused as InstanceType<typeof OpenAI.APIError>).headers?.get('retry-after')).toBe('1');
      const refusedStream = await client.chat.completions
        .create({ model: 'openai/ok', messages: HELLO, stream: true }, noCache)
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(refusedStream).toMatchObject({ status: 503, code: 'service_unavailable' });
    } finally {
      await sql('alter table ai_gateway.usage_log_offline rename to usage_log');
    }

    await ai.module.flushUsage();
    expect((await client.chat.completions.create({ model: 'openai/ok', messages: HELLO }, noCache)).object).toBe(
      'chat.completion',
    );
    await ai.module.flushUsage();
    // The two rows held through the outage and the one after it; the refused requests were never served, so never billed.
    const rows = await sql(`select status from ai_gateway.usage_log`);
    expect(rows.map((r) => r.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
  });
});
