import OpenAI from 'openai';
import { startAiPlatform, type AiPlatform } from './helpers/ai-platform.js';

const HELLO = [{ role: 'user' as const, content: 'Say hello' }];

/** A model server on the operator's network, as the gateway sees a local vLLM or Ollama: loopback here. */
describe('AI_PROVIDER_ALLOWED_HOSTS: private model servers the operator lets in', () => {
  describe('with the fake provider on the allow-list', () => {
    let ai: AiPlatform;
    let serverKey: string;
    let client: OpenAI;

    beforeAll(async () => {
      ai = await startAiPlatform({}, (fake) => ({
        WEBHOOK_ALLOW_PRIVATE: 'false',
        AI_PROVIDER_ALLOWED_HOSTS: `${new URL(fake.url).host},ollama.internal:11434`,
      }));
      serverKey = await ai.t.key('local-models', 'SERVER');
      const key = (await ai.t.request('POST', '/ai/v1/keys', { key: serverKey, body: { name: 'k' } })).body
        .key as string;
      client = new OpenAI({ apiKey: key, baseURL: `${ai.t.url}/ai/v1`, maxRetries: 0 });
    });
    afterAll(() => ai.stop());

    it('should store a base URL on an allowed host:port and answer through it, chat and embeddings', async () => {
      const put = await ai.t.request('PUT', '/ai/v1/providers/vllm', {
        key: serverKey,
        body: { apiKey: 'none', baseUrl: `${ai.fake.url}/openai/v1` },
      });
      expect(put.status).toBe(200);
      const answer = await client.chat.completions.create({ model: 'vllm/ok', messages: HELLO });
      expect(answer.choices[0]!.message.content).toBe('Hello from openai!');
      const embedded = await client.embeddings.create({ model: 'vllm/nomic-embed-text', input: 'local' });
      expect(embedded.data).toHaveLength(1);
      expect(ai.fake.requests.at(-1)!.path).toBe('/openai/v1/embeddings');
    });

    it('should still refuse the same host on another port, other private hosts and the cloud metadata address', async () => {
      const port = Number(new URL(ai.fake.url).port);
      for (const baseUrl of [
        `http://127.0.0.1:${port + 1}/v1`,
        'http://10.0.0.7:11434/v1',
        'http://169.254.169.254/latest',
        `http://localhost:${port}/v1`,
      ]) {
        const res = await ai.t.request('PUT', '/ai/v1/providers/ollama', {
          key: serverKey,
          body: { apiKey: 'none', baseUrl },
        });
        expect({ baseUrl, status: res.status, param: res.body.error?.param }).toEqual({
          baseUrl,
          status: 400,
          param: 'baseUrl',
        });
      }
    });

    it('should refuse at connect time a stored private URL that is not on the list', async () => {
      expect(
        (
          await ai.t.request('PUT', '/ai/v1/providers/openai', {
            key: serverKey,
            body: { apiKey: 'secret-key-1234', baseUrl: 'http://93.184.216.34/v1' },
          })
        ).status,
      ).toBe(200);
      const port = Number(new URL(ai.fake.url).port);
      await ai.t.platform.orm.em
        .fork()
        .getConnection()
        .execute(
          `update ai_gateway.provider_credentials set base_url = ? where provider = 'openai' and base_url = 'http://93.184.216.34/v1'`,
          [`http://127.0.0.1:${port + 1}/openai/v1`],
        );
      const before = ai.fake.requests.length;
      const refused = await client.chat.completions
        .create({ model: 'openai/ok', messages: HELLO }, { headers: { 'X-Cache-Control': 'no-cache' } })
        .catch((e: unknown) => e);
      expect((refused as InstanceType<typeof OpenAI.APIError>).message).toMatch(/loopback/);
      expect(ai.fake.requests.length).toBe(before);
    });
  });

  describe('without the allow-list', () => {
    let ai: AiPlatform;

    beforeAll(async () => {
      ai = await startAiPlatform({}, { WEBHOOK_ALLOW_PRIVATE: 'false' });
    });
    afterAll(() => ai.stop());

    it('should refuse the same private base URL', async () => {
      const serverKey = await ai.t.key('no-list', 'SERVER');
      const res = await ai.t.request('PUT', '/ai/v1/providers/vllm', {
        key: serverKey,
        body: { apiKey: 'none', baseUrl: `${ai.fake.url}/openai/v1` },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'baseUrl' });
    });
  });
});
