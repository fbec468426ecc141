import OpenAI from 'openai';
import { startAiPlatform, type AiPlatform } from './helpers/ai-platform.js';

const WEATHER = { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] };
const WEATHER_TOOL = {
  type: 'function' as const,
  name: 'get_weather',
  description: 'Current weather',
  parameters: WEATHER,
  strict: false,
};
const NO_CACHE = { headers: { 'X-Cache-Control': 'no-cache' } };

describe('POST /ai/v1/responses with the official openai SDK', () => {
  let ai: AiPlatform;
  let client: OpenAI;
  let serverKey: string;
  let gatewayKey: string;

  beforeAll(async () => {
    ai = await startAiPlatform();
    ({ client, serverKey, gatewayKey } = await ai.organization('responses'));
  });
  afterAll(() => ai.stop());

  describe.each([
    ['openai', 'Hello from openai!', 19],
    ['anthropic', 'Hello from anthropic!', 12],
    ['gemini', 'Hello from gemini!', 8],
  ])('%s wire format', (provider, text, inputTokens) => {
    it('should answer a Response object, plain and as typed events', async () => {
      const response = await client.responses.create(
        { model: `${provider}/ok`, input: 'Say hello', instructions: 'Be brief' },
        NO_CACHE,
      );
      expect(response).toMatchObject({
        object: 'response',
        status: 'completed',
        output_text: text,
        instructions: 'Be brief',
      });
      expect(response.id).toMatch(/^resp_/);
      expect(response.output[0]).toMatchObject({
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text }],
      });
      expect(response.usage).toMatchObject({ input_tokens: inputTokens });
      expect(ai.fake.requests.at(-1)!.format).toBe(provider);

      const stream = client.responses.stream({ model: `${provider}/ok`, input: 'Say hello' }, NO_CACHE);
      const types: string[] = [];
      let deltas = '';
      stream.on('event', (e) => types.push(e.type));
      stream.on('response.output_text.delta', (e) => (deltas += e.delta));
      const final = await stream.finalResponse();
      expect(final.output_text).toBe(text);
      expect(deltas).toBe(text);
      expect(types.slice(0, 4)).toEqual([
        'response.created',
        'response.in_progress',
        'response.output_item.added',
        'response.content_part.added',
      ]);
      expect(types.slice(-4)).toEqual([
        'response.output_text.done',
        'response.content_part.done',
        'response.output_item.done',
        'response.completed',
      ]);
      expect(final.usage?.input_tokens).toBeGreaterThan(0);
    });

    it('should carry function tools both ways, plain and streamed', async () => {
      const response = await client.responses.create(
        { model: `${provider}/tools`, input: 'Weather in Paris?', tools: [WEATHER_TOOL] },
        NO_CACHE,
      );
      const call = response.output.find((o) => o.type === 'function_call') as OpenAI.Responses.ResponseFunctionToolCall;
      expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', call_id: expect.any(String) });
      expect(JSON.parse(call.arguments)).toEqual({ location: 'Paris' });

      const stream = client.responses.stream(
        { model: `${provider}/tools`, input: 'Weather in Paris?', tools: [WEATHER_TOOL] },
        NO_CACHE,
      );
      const done: string[] = [];
      stream.on('response.function_call_arguments.done', (e) => done.push(e.arguments));
      const final = await stream.finalResponse();
      expect(done.map((a) => JSON.parse(a))).toEqual([{ location: 'Paris' }]);
      expect(final.output.filter((o) => o.type === 'function_call')).toHaveLength(1);
    });
  });

  it('should continue a stored conversation with previous_response_id, without carrying instructions over', async () => {
    const first = await client.responses.create(
      { model: 'openai/ok', input: 'My name is Ada', instructions: 'Be brief' },
      NO_CACHE,
    );
    expect(ai.fake.requests.at(-1)!.body.messages[0]).toEqual({ role: 'system', content: 'Be brief' });
    const second = await client.responses.create(
      { model: 'openai/ok', input: 'What is my name?', previous_response_id: first.id },
      NO_CACHE,
    );
    expect(second.previous_response_id).toBe(first.id);
    expect(ai.fake.requests.at(-1)!.body.messages).toEqual([
      { role: 'user', content: 'My name is Ada' },
      { role: 'assistant', content: 'Hello from openai!' },
      { role: 'user', content: 'What is my name?' },
    ]);
    // A streamed answer is stored too.
    const stream = client.responses.stream(
      { model: 'openai/ok', input: 'And again?', previous_response_id: second.id },
      NO_CACHE,
    );
    const third = await stream.finalResponse();
    expect((await client.responses.retrieve(third.id)).output_text).toBe('Hello from openai!');
    expect(ai.fake.requests.at(-1)!.body.messages).toHaveLength(5);
  });

  it('should send function call outputs back as tool messages', async () => {
    await client.responses.create(
      {
        model: 'openai/ok',
        tools: [WEATHER_TOOL],
        input: [
          { role: 'user', content: 'Weather in Paris?' },
          { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"location":"Paris"}' },
          { type: 'function_call_output', call_id: 'call_1', output: '{"temperature":21}' },
        ],
      },
      NO_CACHE,
    );
    const sent = ai.fake.requests.at(-1)!.body;
    expect(sent.messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"temperature":21}' },
    ]);
    expect(sent.tools).toEqual([
      { type: 'function', function: { name: 'get_weather', description: 'Current weather', parameters: WEATHER } },
    ]);
  });

  it('should pass text.format json_schema on as response_format', async () => {
    await client.responses.create(
      {
        model: 'openai/ok',
        input: 'Weather?',
        text: { format: { type: 'json_schema', name: 'weather', schema: WEATHER, strict: true } },
      },
      NO_CACHE,
    );
    expect(ai.fake.requests.at(-1)!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'weather', schema: WEATHER, strict: true },
    });
  });

  it('should retrieve and delete stored responses of its organization only, and store none with store: false', async () => {
    const created = await client.responses.create({ model: 'sandbox/echo', input: 'keep me' }, NO_CACHE);
    expect(created.output_text).toBe('keep me');
    expect(await client.responses.retrieve(created.id)).toMatchObject({ id: created.id, output_text: 'keep me' });
    const other = await ai.organization('responses-other');
    await expect(other.client.responses.retrieve(created.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(other.client.responses.delete(created.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(
      other.client.responses.create({ model: 'sandbox/echo', input: 'x', previous_response_id: created.id }),
    ).rejects.toMatchObject({ status: 400, param: 'previous_response_id' });
    await client.responses.delete(created.id);
    await expect(client.responses.retrieve(created.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);

    const unstored = await client.responses.create(
      { model: 'sandbox/echo', input: 'forget me', store: false },
      NO_CACHE,
    );
    await expect(client.responses.retrieve(unstored.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('should refuse bad input with a 400 naming the parameter, and log responses as their own endpoint', async () => {
    for (const [body, param] of [
      [{ model: 'sandbox/echo' }, 'input'],
      [{ model: 'sandbox/echo', input: [{ role: 'robot', content: 'x' }] }, 'input[0].role'],
      [{ model: 'sandbox/echo', input: 'x', tools: [{ type: 'web_search' }] }, 'tools[0]'],
      [{ model: 'sandbox/echo', input: 'x', previous_response_id: 'nope' }, 'previous_response_id'],
      [{ model: 'sandbox/echo', input: 'x', reasoning: {} }, 'reasoning'],
    ] as const) {
      const res = await ai.t.request('POST', '/ai/v1/responses', { key: gatewayKey, body });
      expect({ status: res.status, param: res.body.error.param }).toEqual({ status: 400, param });
    }
    await ai.module.flushUsage();
    const log = await ai.t.graphql(serverKey, '{ aiUsageLog(count: 500) { data { endpoint model status } } }');
    expect(
      (log.body.data.aiUsageLog.data as { endpoint: string }[]).filter((r) => r.endpoint === 'responses').length,
    ).toBeGreaterThan(5);
  });
});
