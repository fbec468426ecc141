import {
  anthropicAdapter,
  anthropicFinishReason,
} from '../../../../subgraphs/ai-gateway/providers/anthropic.adapter.js';
import {
  ANTHROPIC_MESSAGE,
  ANTHROPIC_OVERLOADED,
  ANTHROPIC_TEXT_STREAM,
  ANTHROPIC_TOOL_MESSAGE,
  ANTHROPIC_TOOL_STREAM,
} from '../fakes/recorded-shapes.js';

const target = {
  provider: 'anthropic',
  model: 'claude-sonnet-4-0',
  apiKey: 'sk-ant',
  baseUrl: 'https://api.anthropic.com/v1',
};
const meta = { id: 'chatcmpl-a', created: 1, model: 'claude-sonnet-4-0' };
const run = (events: [string, object][]) => {
  const translator = anthropicAdapter.streamTranslator(meta);
  const chunks = events.flatMap(([event, data]) => translator.push({ event, data: JSON.stringify(data) }));
  return { chunks, translator };
};

describe('Anthropic Messages adapter', () => {
  it('should build a Messages request: system apart, turns merged, tools and choices mapped, temperature clamped', () => {
    const req = anthropicAdapter.request(
      {
        model: 'x',
        messages: [
          { role: 'system', content: 'Be brief' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look' },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
            ],
          },
          {
            role: 'assistant',
            content: 'Checking',
            tool_calls: [
              { id: 't1', type: 'function', function: { name: 'a', arguments: '{"x":1}' } },
              { id: 't2', type: 'function', function: { name: 'b', arguments: 'not json' } },
            ],
          },
          { role: 'tool', tool_call_id: 't1', content: 'one' },
          { role: 'tool', tool_call_id: 't2', content: 'two' },
        ],
        temperature: 1.6,
        top_p: 0.9,
        stop: 'END',
        tools: [{ type: 'function', function: { name: 'a', parameters: { type: 'object' } } }],
        tool_choice: 'required',
        user: 'u-1',
      },
      target,
      true,
    );
    expect(req.url).toBe('https://api.anthropic.com/v1/messages');
    expect(req.headers).toMatchObject({ 'x-api-key': 'sk-ant', 'anthropic-version': '2023-06-01' });
    expect(JSON.parse(req.body)).toEqual({
      model: 'claude-sonnet-4-0',
      max_tokens: 4096,
      system: 'Be brief',
      temperature: 1,
      top_p: 0.9,
      stop_sequences: ['END'],
      stream: true,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Checking' },
            { type: 'tool_use', id: 't1', name: 'a', input: { x: 1 } },
            { type: 'tool_use', id: 't2', name: 'b', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: 'one' },
            { type: 'tool_result', tool_use_id: 't2', content: 'two' },
          ],
        },
      ],
      tools: [{ name: 'a', input_schema: { type: 'object' } }],
      tool_choice: { type: 'any' },
      metadata: { user_id: 'u-1' },
    });
  });

  it('should translate a message with text and a tool call', () => {
    const completion = anthropicAdapter.response(ANTHROPIC_TOOL_MESSAGE, meta);
    expect(completion.choices[0]).toEqual({
      index: 0,
      finish_reason: 'tool_calls',
      message: {
        role: 'assistant',
        content: 'Let me check the weather.',
        tool_calls: [
          {
            id: 'toolu_01A09q90qw90lq917835lq9',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"location":"Paris"}' },
          },
        ],
      },
    });
    expect(anthropicAdapter.response(ANTHROPIC_MESSAGE, meta).usage).toEqual({
      prompt_tokens: 12,
      completion_tokens: 6,
      total_tokens: 18,
    });
  });

  it('should map stop reasons, inferring tool_calls from calls made', () => {
    expect(
      ['end_turn', 'stop_sequence', 'pause_turn', 'tool_use', 'max_tokens', 'refusal'].map((r) =>
        anthropicFinishReason(r, false),
      ),
    ).toEqual(['stop', 'stop', 'stop', 'tool_calls', 'length', 'content_filter']);
    expect(anthropicFinishReason('end_turn', true)).toBe('tool_calls');
  });

  it('should stream text: role first, deltas, an empty delta with the finish reason, cumulative usage', () => {
    const { chunks, translator } = run(ANTHROPIC_TEXT_STREAM);
    expect(chunks.map((c) => c.choices[0]!.delta)).toEqual([
      { role: 'assistant', content: '' },
      { content: 'Hello' },
      { content: ' from anthropic!' },
      {},
    ]);
    expect(chunks.map((c) => c.choices[0]!.finish_reason)).toEqual([null, null, null, 'stop']);
    expect(translator).toMatchObject({
      done: true,
      usage: { prompt_tokens: 25, completion_tokens: 15, total_tokens: 40 },
    });
  });

  it('should stream tool calls with their own 0-based index, id and name first, then argument fragments', () => {
    const { chunks } = run(ANTHROPIC_TOOL_STREAM);
    const calls = chunks.flatMap((c) => c.choices[0]!.delta.tool_calls ?? []);
    expect(calls).toEqual([
      {
        index: 0,
        id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
        type: 'function',
        function: { name: 'get_weather', arguments: '' },
      },
      { index: 0, function: { arguments: '{"location": "Pa' } },
      { index: 0, function: { arguments: 'ris"}' } },
    ]);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('tool_calls');
  });

  it('should give parallel tool calls consecutive indexes, each fragment with its own', () => {
    const second: [string, object][] = [
      [
        'content_block_start',
        {
          type: 'content_block_start',
          index: 2,
          content_block: { type: 'tool_use', id: 'toolu_02', name: 'get_time', input: {} },
        },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"zone": "CET"}' } },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 2 }],
    ];
    const events = [...ANTHROPIC_TOOL_STREAM.slice(0, -2), ...second, ...ANTHROPIC_TOOL_STREAM.slice(-2)];
    const calls = run(events).chunks.flatMap((c) => c.choices[0]!.delta.tool_calls ?? []);
    expect(calls.map((c) => [c.index, c.id ?? null, c.function?.arguments])).toEqual([
      [0, 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', ''],
      [0, null, '{"location": "Pa'],
      [0, null, 'ris"}'],
      [1, 'toolu_02', ''],
      [1, null, '{"zone": "CET"}'],
    ]);
  });

  it('should raise a mid-stream error event as a provider error', () => {
    expect(() => run([ANTHROPIC_TEXT_STREAM[0]!, ANTHROPIC_OVERLOADED])).toThrow(/Overloaded/);
  });
});
