import type OpenAI from 'openai';
import { startAiPlatform, type AiPlatform } from './helpers/ai-platform.js';

const WEATHER_TOOL = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Current weather',
    parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
  },
};
const HELLO = [{ role: 'user' as const, content: 'Say hello' }];

describe('AI gateway with the official openai SDK as the client', () => {
  let ai: AiPlatform;
  let client: OpenAI;

  beforeAll(async () => {
    ai = await startAiPlatform();
    ({ client } = await ai.organization('sdk'));
  });
  afterAll(() => ai.stop());

  it.each([
    ['anthropic', 'max_tokens', 'length'],
    ['anthropic', 'stop_sequence', 'stop'],
    ['gemini', 'MAX_TOKENS', 'length'],
    ['gemini', 'SAFETY', 'content_filter'],
  ])('should translate a %s finish of %s to %s, plain and streamed', async (provider, finish, expected) => {
    const model = `${provider}/finish-${finish}`;
    const plain = await client.chat.completions.create(
      { model, messages: HELLO },
      { headers: { 'X-Cache-Control': 'no-cache' } },
    );
    expect(plain.choices[0]!.finish_reason).toBe(expected);
    const stream = await client.chat.completions.create(
      { model, messages: HELLO, stream: true },
      { headers: { 'X-Cache-Control': 'no-cache' } },
    );
    const reasons: (string | null)[] = [];
    for await (const chunk of stream) reasons.push(chunk.choices[0]?.finish_reason ?? null);
    expect(reasons.filter(Boolean)).toEqual([expected]);
  });

  it('should count Gemini usage reported in an event after the finish reason', async () => {
    const stream = await client.chat.completions.create(
      { model: 'gemini/usage-after', messages: HELLO, stream: true, stream_options: { include_usage: true } },
      { headers: { 'X-Cache-Control': 'no-cache' } },
    );
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.at(-1)!.usage).toMatchObject({ prompt_tokens: 8, completion_tokens: 13, total_tokens: 21 });
  });

  describe.each([
    [
      'openai',
      'openai/ok',
      'Hello from openai!',
      { prompt_tokens: 19, completion_tokens: 10, total_tokens: 29 },
      { prompt_tokens: 19, completion_tokens: 10, total_tokens: 29 },
    ],
    [
      'anthropic',
      'anthropic/ok',
      'Hello from anthropic!',
      { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 },
      { prompt_tokens: 25, completion_tokens: 15, total_tokens: 40 },
    ],
    [
      'gemini',
      'gemini/ok',
      'Hello from gemini!',
      { prompt_tokens: 8, completion_tokens: 12, total_tokens: 20 },
      { prompt_tokens: 8, completion_tokens: 12, total_tokens: 20 },
    ],
  ])('%s wire format', (provider, model, text, usage, streamUsage) => {
    it('should answer a plain completion with usage and the gateway headers', async () => {
      const { data, response } = await client.chat.completions
        .create({ model, messages: HELLO }, { headers: { 'X-Cache-Control': 'no-cache' } })
        .withResponse();
      expect(data.object).toBe('chat.completion');
      expect(data.choices[0]!.message).toMatchObject({ role: 'assistant', content: text });
      expect(data.choices[0]!.finish_reason).toBe('stop');
      expect(data.usage).toMatchObject(usage);
      expect(response.headers.get('x-provider')).toBe(provider);
      expect(response.headers.get('x-request-id')).toMatch(/^req_/);
      expect(response.headers.get('x-cache')).toBe('MISS');
      expect(response.headers.get('x-cost-total')).toBeNull(); // the fake's model has no price: unknown, not 0
      expect(Number(response.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
    });

    it('should stream chunks ending with a finish reason, then the usage chunk when asked', async () => {
      const stream = await client.chat.completions.create(
        { model, messages: HELLO, stream: true, stream_options: { include_usage: true } },
        { headers: { 'X-Cache-Control': 'no-cache' } },
      );
      const chunks: OpenAI.ChatCompletionChunk[] = [];
      for await (const chunk of stream) chunks.push(chunk);
      expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe(text);
      expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
      const last = chunks[chunks.length - 2]!;
      expect(last.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
      expect(chunks.slice(0, -2).every((c) => c.choices[0]!.finish_reason === null)).toBe(true);
      const usageChunk = chunks[chunks.length - 1]!;
      expect(usageChunk.choices).toEqual([]);
      expect(usageChunk.usage).toMatchObject(streamUsage);
    });

    it('should translate tool calls both ways, non-streaming and streaming', async () => {
      const plain = await client.chat.completions.create(
        {
          model: `${provider}/tools`,
          messages: [{ role: 'user', content: 'Weather in Paris?' }],
          tools: [WEATHER_TOOL],
          tool_choice: 'auto',
        },
        { headers: { 'X-Cache-Control': 'no-cache' } },
      );
      const call = plain.choices[0]!.message.tool_calls![0]! as OpenAI.ChatCompletionMessageFunctionToolCall;
      expect(plain.choices[0]!.finish_reason).toBe('tool_calls');
      expect(call).toMatchObject({ type: 'function', function: { name: 'get_weather' } });
      expect(JSON.parse(call.function.arguments)).toEqual({ location: 'Paris' });
      expect(call.id).toEqual(expect.any(String));

      const stream = client.chat.completions.stream(
        {
          model: `${provider}/tools`,
          messages: [{ role: 'user', content: 'Weather in Paris?' }],
          tools: [WEATHER_TOOL],
        },
        { headers: { 'X-Cache-Control': 'no-cache' } },
      );
      const done: { name: string; arguments: string }[] = [];
      stream.on('tool_calls.function.arguments.done', (e) => done.push({ name: e.name, arguments: e.arguments }));
      const final = await stream.finalChatCompletion();
      expect(final.choices[0]!.finish_reason).toBe('tool_calls');
      expect(done).toEqual([{ name: 'get_weather', arguments: expect.any(String) }]);
      expect(JSON.parse(done[0]!.arguments)).toEqual({ location: 'Paris' });
    });

    it('should report a provider error that comes mid-stream as an error the SDK throws', async () => {
      const stream = await client.chat.completions.create({
        model: `${provider}/midstream-error`,
        messages: HELLO,
        stream: true,
      });
      const seen: string[] = [];
      await expect(
        (async () => {
          for await (const chunk of stream) seen.push(chunk.choices[0]?.delta.role ?? '');
        })(),
      ).rejects.toThrow(/overloaded|Overloaded/);
      expect(seen[0]).toBe('assistant');
    });
  });

  it('should send the follow-up turn with the tool result to each provider in its own format', async () => {
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      { role: 'system', content: 'Be brief' },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"temperature":21}' },
    ];
    for (const provider of ['openai', 'anthropic', 'gemini'])
      await client.chat.completions.create({
        model: `${provider}/ok`,
        messages,
        tools: [WEATHER_TOOL],
        max_tokens: 50,
      });
    const [openai, anthropic, gemini] = ['openai', 'anthropic', 'gemini'].map(
      (f) => ai.fake.requests.filter((r) => r.format === f).pop()!.body,
    );
    expect(openai.messages).toEqual(messages);
    expect(anthropic).toMatchObject({
      system: 'Be brief',
      max_tokens: 50,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { location: 'Paris' } }],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '{"temperature":21}' }] },
      ],
      tools: [{ name: 'get_weather', description: 'Current weather', input_schema: WEATHER_TOOL.function.parameters }],
    });
    expect(gemini).toMatchObject({
      systemInstruction: { parts: [{ text: 'Be brief' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { location: 'Paris' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temperature: 21 } } }] },
      ],
      generationConfig: { maxOutputTokens: 50 },
      tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: WEATHER_TOOL.function.parameters }] }],
    });
  });

  it('should pass the credential to each provider the way it expects, never the gateway key', async () => {
    await client.chat.completions.create({ model: 'gemini/ok', messages: HELLO });
    const byFormat = (f: string) => ai.fake.requests.filter((r) => r.format === f).pop()!.headers;
    expect(byFormat('openai').authorization).toBe('Bearer openai-secret-key-1234');
    expect(byFormat('anthropic')['x-api-key']).toBe('anthropic-secret-key-1234');
    expect(byFormat('anthropic')['anthropic-version']).toBe('2023-06-01');
    expect(byFormat('gemini')['x-goog-api-key']).toBe('gemini-secret-key-1234');
  });

  it('should list the models the organization can use', async () => {
    const models = await client.models.list();
    const ids = models.data.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(['gpt-4o-mini', 'claude-sonnet-4-0', 'gemini-2.0-flash']));
    expect(models.data.find((m) => m.id === 'gpt-4o-mini')).toMatchObject({ object: 'model', owned_by: 'openai' });
  });
});
