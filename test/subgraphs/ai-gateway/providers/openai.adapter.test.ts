import { openaiAdapter } from '../../../../subgraphs/ai-gateway/providers/openai.adapter.js';
import { UpstreamError } from '../../../../subgraphs/ai-gateway/providers/upstream-error.js';
import { OPENAI_TEXT_STREAM, OPENAI_TOOL_STREAM, OPENAI_USAGE_CHUNK } from '../fakes/recorded-shapes.js';

const target = { provider: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-test', baseUrl: 'https://api.openai.com/v1/' };
const meta = { id: 'chatcmpl-x', created: 1, model: 'gpt-4o-mini' };

describe('OpenAI-compatible adapter', () => {
  it('should send the request as given, with the target model and usage always asked for when streaming', () => {
    const req = openaiAdapter.request(
      {
        model: 'fast',
        messages: [{ role: 'user', content: 'hi' }],
        temperature: 0.2,
        seed: 7,
        stream_options: { include_usage: false },
      },
      target,
      true,
    );
    expect(req.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(JSON.parse(req.body)).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
      temperature: 0.2,
      seed: 7,
      stream: true,
      stream_options: { include_usage: true },
    });
    const plain = JSON.parse(
      openaiAdapter.request(
        { model: 'fast', messages: [], stream_options: { include_usage: true } },
        { ...target, apiKey: '' },
        false,
      ).body,
    );
    expect(plain).toEqual({ model: 'gpt-4o-mini', messages: [], stream: false });
    expect(
      openaiAdapter.request({ model: 'x', messages: [] }, { ...target, apiKey: '' }, false).headers.authorization,
    ).toBeUndefined();
  });

  it('should pass chunks through, keep the usage chunk aside and stop at [DONE]', () => {
    const translator = openaiAdapter.streamTranslator(meta);
    const out = [...OPENAI_TOOL_STREAM, OPENAI_USAGE_CHUNK].flatMap((c) =>
      translator.push({ data: JSON.stringify(c) }),
    );
    expect(out).toHaveLength(OPENAI_TOOL_STREAM.length);
    expect(out[1]!.choices[0]!.delta.tool_calls).toEqual([{ index: 0, function: { arguments: '{"location":' } }]);
    expect(translator.usage).toEqual({ prompt_tokens: 19, completion_tokens: 10, total_tokens: 29 });
    expect(translator.done).toBe(false);
    expect(translator.push({ data: '[DONE]' })).toEqual([]);
    expect(translator.done).toBe(true);
    expect(
      OPENAI_TEXT_STREAM.flatMap((c) => openaiAdapter.streamTranslator(meta).push({ data: JSON.stringify(c) })),
    ).toHaveLength(4);
  });

  it('should turn an error event into a non-retriable upstream error carrying the provider error', () => {
    const translator = openaiAdapter.streamTranslator(meta);
    let thrown: unknown;
    try {
      translator.push({ data: '{"error":{"message":"boom","type":"server_error"}}' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UpstreamError);
    expect(thrown).toMatchObject({
      retriable: false,
      message: expect.stringContaining('boom'),
      details: { providerError: { message: 'boom', type: 'server_error' } },
    });
  });
});
