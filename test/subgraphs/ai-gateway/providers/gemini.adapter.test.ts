import { geminiAdapter, geminiFinishReason } from '../../../../subgraphs/ai-gateway/providers/gemini.adapter.js';
import {
  GEMINI_RESPONSE,
  GEMINI_SAFETY,
  GEMINI_TEXT_STREAM,
  GEMINI_TOOL_RESPONSE,
  GEMINI_TOOL_STREAM,
} from '../fakes/recorded-shapes.js';

const target = {
  provider: 'gemini',
  model: 'gemini-2.0-flash',
  apiKey: 'g-key',
  baseUrl: 'https://generativelanguage.googleapis.com/v1beta',
};
const meta = { id: 'chatcmpl-g', created: 1, model: 'gemini-2.0-flash' };
const run = (events: object[]) => {
  const translator = geminiAdapter.streamTranslator(meta);
  return { chunks: events.flatMap((e) => translator.push({ data: JSON.stringify(e) })), translator };
};

describe('Gemini generateContent adapter', () => {
  it('should build generateContent and streamGenerateContent requests', () => {
    const req = geminiAdapter.request(
      {
        model: 'x',
        messages: [
          { role: 'developer', content: 'Rules' },
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
        ],
        temperature: 0.3,
        top_p: 0.8,
        max_tokens: 64,
        stop: ['X'],
        presence_penalty: 0.1,
        frequency_penalty: 0.2,
        response_format: { type: 'json_object' },
        tools: [{ type: 'function', function: { name: 'f', description: 'd' } }],
        tool_choice: { type: 'function', function: { name: 'f' } },
      },
      target,
      false,
    );
    expect(req.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:generateContent');
    expect(req.headers['x-goog-api-key']).toBe('g-key');
    expect(JSON.parse(req.body)).toEqual({
      systemInstruction: { parts: [{ text: 'Rules' }] },
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ text: 'hello' }] },
      ],
      generationConfig: {
        temperature: 0.3,
        topP: 0.8,
        maxOutputTokens: 64,
        stopSequences: ['X'],
        presencePenalty: 0.1,
        frequencyPenalty: 0.2,
        responseMimeType: 'application/json',
      },
      tools: [{ functionDeclarations: [{ name: 'f', description: 'd' }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['f'] } },
    });
    expect(geminiAdapter.request({ model: 'x', messages: [] }, target, true).url).toMatch(
      /:streamGenerateContent\?alt=sse$/,
    );
  });

  it('should translate text and function calls, minting call ids', () => {
    expect(geminiAdapter.response(GEMINI_RESPONSE, meta)).toMatchObject({
      choices: [{ message: { content: 'Hello from gemini!' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 8, completion_tokens: 12, total_tokens: 20 },
    });
    const tool = geminiAdapter.response(GEMINI_TOOL_RESPONSE, meta).choices[0]!;
    expect(tool.finish_reason).toBe('tool_calls');
    expect(tool.message).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: expect.stringMatching(/^call_/),
          type: 'function',
          function: { name: 'get_weather', arguments: '{"location":"Paris"}' },
        },
      ],
    });
  });

  it('should map finish reasons, safety ones to content_filter', () => {
    expect(
      ['STOP', 'MAX_TOKENS', 'SAFETY', 'RECITATION', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'OTHER'].map((r) =>
        geminiFinishReason(r, false),
      ),
    ).toEqual([
      'stop',
      'length',
      'content_filter',
      'content_filter',
      'content_filter',
      'content_filter',
      'content_filter',
      'stop',
    ]);
    expect(geminiAdapter.response(GEMINI_SAFETY, meta).choices[0]!.finish_reason).toBe('content_filter');
    expect(run([GEMINI_SAFETY]).chunks.at(-1)!.choices[0]!.finish_reason).toBe('content_filter');
  });

  it('should stream text deltas and whole function calls with their index', () => {
    const text = run(GEMINI_TEXT_STREAM);
    expect(text.chunks.map((c) => c.choices[0]!.delta)).toEqual([
      { role: 'assistant', content: '' },
      { content: 'Hello' },
      { content: ' from gemini!' },
      {},
    ]);
    expect(text.translator).toMatchObject({
      done: true,
      usage: { prompt_tokens: 8, completion_tokens: 12, total_tokens: 20 },
    });
    const tools = run(GEMINI_TOOL_STREAM).chunks;
    expect(tools[1]!.choices[0]!.delta.tool_calls).toEqual([
      {
        index: 0,
        id: expect.stringMatching(/^call_/),
        type: 'function',
        function: { name: 'get_weather', arguments: '{"location":"Paris"}' },
      },
    ]);
    expect(tools.at(-1)!.choices[0]!.finish_reason).toBe('tool_calls');
  });
});
