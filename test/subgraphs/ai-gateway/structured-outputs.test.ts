import type OpenAI from 'openai';
import { startAiPlatform, type AiPlatform } from './helpers/ai-platform.js';

const WEATHER = { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] };
const SCHEMA_FORMAT = {
  type: 'json_schema' as const,
  json_schema: { name: 'get_weather', schema: WEATHER, strict: true },
};
const ASK = [{ role: 'user' as const, content: 'Weather in Paris, as JSON' }];
const NO_CACHE = { headers: { 'X-Cache-Control': 'no-cache' } };

describe('response_format json_schema through the three wire formats', () => {
  let ai: AiPlatform;
  let client: OpenAI;

  beforeAll(async () => {
    ai = await startAiPlatform();
    ({ client } = await ai.organization('structured'));
  });
  afterAll(() => ai.stop());

  it('should pass it to OpenAI-compatible providers as sent', async () => {
    await client.chat.completions.create(
      { model: 'openai/ok', messages: ASK, response_format: SCHEMA_FORMAT },
      NO_CACHE,
    );
    expect(ai.fake.requests.at(-1)!.body.response_format).toEqual(SCHEMA_FORMAT);
  });

  it('should give Gemini the schema as responseJsonSchema with a JSON mime type', async () => {
    await client.chat.completions.create(
      { model: 'gemini/ok', messages: ASK, response_format: SCHEMA_FORMAT },
      NO_CACHE,
    );
    expect(ai.fake.requests.at(-1)!.body.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
      responseJsonSchema: WEATHER,
    });
  });

  it('should ask Anthropic through a forced tool and answer its input as the JSON text, plain and streamed', async () => {
    // The fake's "tools" model answers with a get_weather tool_use, as Anthropic does when the tool is forced.
    const plain = await client.chat.completions.create(
      { model: 'anthropic/tools', messages: ASK, response_format: SCHEMA_FORMAT },
      NO_CACHE,
    );
    expect(ai.fake.requests.at(-1)!.body).toMatchObject({
      tools: [{ name: 'get_weather', input_schema: WEATHER }],
      tool_choice: { type: 'tool', name: 'get_weather' },
    });
    expect(plain.choices[0]!.finish_reason).toBe('stop');
    expect(plain.choices[0]!.message.tool_calls).toBeUndefined();
    expect(JSON.parse(plain.choices[0]!.message.content!)).toEqual({ location: 'Paris' });

    const stream = await client.chat.completions.create(
      { model: 'anthropic/tools', messages: ASK, response_format: SCHEMA_FORMAT, stream: true },
      NO_CACHE,
    );
    let text = '';
    const finishes: string[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
      expect(chunk.choices[0]?.delta.tool_calls).toBeUndefined();
    }
    expect(JSON.parse(text)).toEqual({ location: 'Paris' });
    expect(finishes).toEqual(['stop']);
  });

  it('should ask Anthropic for JSON in the system prompt for json_object, and for a schema beside real tools', async () => {
    await client.chat.completions.create(
      {
        model: 'anthropic/ok',
        messages: [{ role: 'system', content: 'Be brief' }, ...ASK],
        response_format: { type: 'json_object' },
      },
      NO_CACHE,
    );
    expect(ai.fake.requests.at(-1)!.body.system).toBe(
      'Be brief\n\nRespond with a single JSON object and nothing else.',
    );
    const tools = [
      { type: 'function' as const, function: { name: 'lookup', parameters: { type: 'object', properties: {} } } },
    ];
    await client.chat.completions.create(
      { model: 'anthropic/ok', messages: ASK, response_format: SCHEMA_FORMAT, tools },
      NO_CACHE,
    );
    const sent = ai.fake.requests.at(-1)!.body;
    expect(sent.tools.map((t: { name: string }) => t.name)).toEqual(['lookup']);
    expect(sent.system).toContain(JSON.stringify(WEATHER));
  });
});
