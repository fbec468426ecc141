import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startAiPlatform, type AiPlatform } from './helpers/ai-platform.js';

const SUBSCRIPTION = `subscription($input: ChatCompletionInput!) {
  chatCompletion(input: $input) {
    id model created
    choices { index finishReason delta { role content toolCalls { index id type function { name arguments } } } }
    usage { promptTokens completionTokens totalTokens cost }
  }
}`;
const WEATHER_TOOL = {
  type: 'function',
  function: { name: 'get_weather', parameters: { type: 'object', properties: { location: { type: 'string' } } } },
};

describe('Subscription.chatCompletion over graphql-ws', () => {
  let ai: AiPlatform;
  let serverKey: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    ai = await startAiPlatform();
    ({ serverKey } = await ai.organization('subs'));
  });
  afterAll(async () => {
    for (const c of clients) await c.dispose();
    await ai.stop();
  });

  const connect = (key: string, onClosed?: (code: number) => void) => {
    const client = createClient({
      url: ai.t.url.replace(/^http/, 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${key}` },
      retryAttempts: 0,
      on: { closed: (e) => onClosed?.((e as { code: number }).code) },
    });
    clients.push(client);
    return client;
  };
  const collect = async (client: Client, input: Record<string, unknown>) => {
    const results: any[] = [];
    for await (const result of client.iterate({ query: SUBSCRIPTION, variables: { input } })) results.push(result);
    return results;
  };

  it('should stream the same chunks as SSE, tool calls and usage included', async () => {
    const results = await collect(connect(serverKey), {
      model: 'anthropic/tools',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [WEATHER_TOOL],
      toolChoice: 'auto',
      includeUsage: true,
      noCache: true,
    });
    const chunks = results.map((r) => r.data.chatCompletion);
    expect(results.every((r) => r.errors === undefined)).toBe(true);
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    const calls = chunks.flatMap((c) => c.choices.flatMap((ch: any) => ch.delta.toolCalls ?? []));
    expect(calls[0]).toEqual({
      index: 0,
      id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
      type: 'function',
      function: { name: 'get_weather', arguments: '' },
    });
    expect(JSON.parse(calls.map((c: any) => c.function.arguments).join(''))).toEqual({ location: 'Paris' });
    expect(chunks.at(-2).choices[0].finishReason).toBe('tool_calls');
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { promptTokens: 472, completionTokens: 89, totalTokens: 561, cost: null },
    }); // the fake's model has no price: unknown
  });

  it('should refuse bad input, unknown models, keys without the ai scope and gateway keys', async () => {
    // Errors before the first chunk come as the subscription's only result.
    const errorOf = (input: Record<string, unknown>, key = serverKey) =>
      collect(connect(key), input).then((r) => r[0].errors[0]);
    const invalid = await errorOf({ model: 'openai/ok', messages: [], noCache: true });
    expect(invalid).toMatchObject({
      message: 'messages must not be empty',
      extensions: { code: 'INVALID_REQUEST', details: { field: 'messages' } },
    });
    const unknown = await errorOf({ model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] });
    expect(unknown.extensions).toMatchObject({ code: 'MODEL_NOT_FOUND', details: { field: 'model' } });
    const noScope = await ai.t.key('subs-no-ai', 'SERVER', ['email']);
    const forbidden = await errorOf({ model: 'openai/ok', messages: [{ role: 'user', content: 'hi' }] }, noScope);
    expect(forbidden.extensions.code).toBe('FORBIDDEN');
    const gatewayKey = (await ai.t.request('POST', '/ai/v1/keys', { key: serverKey, body: {} })).body.key;
    let closedWith: number | undefined;
    await collect(
      connect(gatewayKey, (code) => (closedWith = code)),
      { model: 'openai/ok', messages: [{ role: 'user', content: 'hi' }] },
    ).catch(() => undefined);
    expect(closedWith).toBe(4403);
  });

  it('should deliver a mid-stream provider failure as an error, then complete', async () => {
    const results = await collect(connect(serverKey), {
      model: 'gemini/midstream-error',
      messages: [{ role: 'user', content: 'hi' }],
      noCache: true,
    });
    expect(results[0].data.chatCompletion.choices[0].delta.role).toBe('assistant');
    expect(results.at(-1).errors[0]).toMatchObject({
      message: expect.stringContaining('overloaded'),
      extensions: { code: 'PROVIDER_ERROR' },
    });
  });

  it('should abort the provider request when the subscription completes', async () => {
    const closed = ai.fake.nextEarlyClose();
    const iterator = connect(serverKey).iterate({
      query: SUBSCRIPTION,
      variables: { input: { model: 'openai/hang-stream', messages: [{ role: 'user', content: 'hi' }], noCache: true } },
    });
    const first = await iterator.next();
    expect((first.value as any).data.chatCompletion.choices[0].delta.role).toBe('assistant');
    await iterator.return!();
    expect((await closed).model).toBe('hang-stream');
  });
});
