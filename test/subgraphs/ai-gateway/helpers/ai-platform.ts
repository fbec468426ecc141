import OpenAI from 'openai';
import { startTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import {
  aiGatewayModule,
  type AiGatewayModule,
  type AiGatewayModuleOptions,
} from '../../../../subgraphs/ai-gateway/index.js';
import { startFakeProvider, type FakeProvider } from '../fakes/fake-provider.js';

export interface AiPlatform {
  t: TestPlatform;
  module: AiGatewayModule;
  fake: FakeProvider;
  /** A new organization with a SERVER key, a gateway key and the three fake providers configured. */
  organization(slug: string): Promise<{ serverKey: string; gatewayKey: string; client: OpenAI }>;
  stop(): Promise<void>;
}

export async function startAiPlatform(
  options: AiGatewayModuleOptions = {},
  envOf: Record<string, string> | ((fake: FakeProvider) => Record<string, string>) = {},
): Promise<AiPlatform> {
  const fake = await startFakeProvider();
  const env = typeof envOf === 'function' ? envOf(fake) : envOf;
  const module = aiGatewayModule(options);
  // The fake providers listen on loopback, which the URL guard refuses unless private addresses are allowed.
  const t = await startTestPlatform({ WEBHOOK_ALLOW_PRIVATE: 'true', ...env }, { modules: [module] });
  return {
    t,
    module,
    fake,
    organization: async (slug) => {
      const serverKey = await t.key(slug, 'SERVER');
      const created = await t.request('POST', '/ai/v1/keys', { key: serverKey, body: { name: 'tests' } });
      if (created.status !== 201) throw new Error(`key creation failed: ${created.text}`);
      for (const [provider, path] of [
        ['openai', '/openai/v1'],
        ['anthropic', '/anthropic/v1'],
        ['gemini', '/gemini/v1beta'],
      ]) {
        const res = await t.request('PUT', `/ai/v1/providers/${provider}`, {
          key: serverKey,
          body: { apiKey: `${provider}-secret-key-1234`, baseUrl: fake.url + path },
        });
        if (res.status !== 200) throw new Error(`provider set-up failed: ${res.text}`);
      }
      const gatewayKey = created.body.key as string;
      return {
        serverKey,
        gatewayKey,
        client: new OpenAI({ apiKey: gatewayKey, baseURL: `${t.url}/ai/v1`, maxRetries: 0 }),
      };
    },
    stop: async () => {
      await t.stop();
      await fake.close();
    },
  };
}
