/**
 * Provider answers in the shapes their documentation records (OpenAI Chat Completions, Anthropic Messages,
 * Gemini generateContent), used by the loopback fake providers and the adapter unit tests.
 */

export const OPENAI_COMPLETION = {
  id: 'chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT',
  object: 'chat.completion',
  created: 1741569952,
  model: 'gpt-4.1-2025-04-14',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'Hello from openai!', refusal: null, annotations: [] },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: {
    prompt_tokens: 19,
    completion_tokens: 10,
    total_tokens: 29,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0 },
  },
  service_tier: 'default',
};

export const OPENAI_TOOL_COMPLETION = {
  ...OPENAI_COMPLETION,
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_abc123', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Paris"}' } },
        ],
      },
      logprobs: null,
      finish_reason: 'tool_calls',
    },
  ],
};

const chunk = (delta: object, finish: string | null = null) => ({
  id: 'chatcmpl-123',
  object: 'chat.completion.chunk',
  created: 1694268190,
  model: 'gpt-4o-mini',
  system_fingerprint: 'fp_44709d6fcb',
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
});
export const OPENAI_USAGE_CHUNK = {
  id: 'chatcmpl-123',
  object: 'chat.completion.chunk',
  created: 1694268190,
  model: 'gpt-4o-mini',
  choices: [],
  usage: { prompt_tokens: 19, completion_tokens: 10, total_tokens: 29 },
};

export const OPENAI_TEXT_STREAM = [
  chunk({ role: 'assistant', content: '' }),
  chunk({ content: 'Hello' }),
  chunk({ content: ' from openai!' }),
  chunk({}, 'stop'),
];
export const OPENAI_TOOL_STREAM = [
  chunk({
    role: 'assistant',
    content: null,
    tool_calls: [{ index: 0, id: 'call_abc123', type: 'function', function: { name: 'get_weather', arguments: '' } }],
  }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"location":' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
  chunk({}, 'tool_calls'),
];

export const ANTHROPIC_MESSAGE = {
  id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
  type: 'message',
  role: 'assistant',
  content: [{ type: 'text', text: 'Hello from anthropic!' }],
  model: 'claude-sonnet-4-20250514',
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 12, output_tokens: 6 },
};

export const ANTHROPIC_TOOL_MESSAGE = {
  ...ANTHROPIC_MESSAGE,
  content: [
    { type: 'text', text: 'Let me check the weather.' },
    { type: 'tool_use', id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', input: { location: 'Paris' } },
  ],
  stop_reason: 'tool_use',
};

/** [event name, data] pairs of the Messages streaming documentation. */
export const ANTHROPIC_TEXT_STREAM: [string, object][] = [
  [
    'message_start',
    {
      type: 'message_start',
      message: {
        id: 'msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY',
        type: 'message',
        role: 'assistant',
        content: [],
        model: 'claude-sonnet-4-20250514',
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 25, output_tokens: 1 },
      },
    },
  ],
  ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
  ['ping', { type: 'ping' }],
  ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hello' } }],
  [
    'content_block_delta',
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: ' from anthropic!' } },
  ],
  ['content_block_stop', { type: 'content_block_stop', index: 0 }],
  [
    'message_delta',
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 15 } },
  ],
  ['message_stop', { type: 'message_stop' }],
];

export const ANTHROPIC_TOOL_STREAM: [string, object][] = [
  [
    'message_start',
    {
      type: 'message_start',
      message: {
        id: 'msg_014p7gG3wDgGV9EUtLvnow3U',
        type: 'message',
        role: 'assistant',
        content: [],
        model: 'claude-sonnet-4-20250514',
        stop_reason: null,
        usage: { input_tokens: 472, output_tokens: 2 },
      },
    },
  ],
  ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
  [
    'content_block_delta',
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me check.' } },
  ],
  ['content_block_stop', { type: 'content_block_stop', index: 0 }],
  [
    'content_block_start',
    {
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'tool_use', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather', input: {} },
    },
  ],
  [
    'content_block_delta',
    { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '' } },
  ],
  [
    'content_block_delta',
    { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"location": "Pa' } },
  ],
  [
    'content_block_delta',
    { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: 'ris"}' } },
  ],
  ['content_block_stop', { type: 'content_block_stop', index: 1 }],
  [
    'message_delta',
    { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 89 } },
  ],
  ['message_stop', { type: 'message_stop' }],
];

export const ANTHROPIC_OVERLOADED = [
  'error',
  { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
] as [string, object];

export const GEMINI_RESPONSE = {
  candidates: [{ content: { parts: [{ text: 'Hello from gemini!' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 12, totalTokenCount: 20 },
  modelVersion: 'gemini-2.0-flash',
  responseId: 'mB7KaPL0LJqnqtsPm8aF4Ak',
};

export const GEMINI_TOOL_RESPONSE = {
  ...GEMINI_RESPONSE,
  candidates: [
    {
      content: { parts: [{ functionCall: { name: 'get_weather', args: { location: 'Paris' } } }], role: 'model' },
      finishReason: 'STOP',
      index: 0,
    },
  ],
};

export const GEMINI_TEXT_STREAM = [
  {
    candidates: [{ content: { parts: [{ text: 'Hello' }], role: 'model' }, index: 0 }],
    usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 },
    modelVersion: 'gemini-2.0-flash',
  },
  {
    candidates: [{ content: { parts: [{ text: ' from gemini!' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 12, totalTokenCount: 20 },
    modelVersion: 'gemini-2.0-flash',
  },
];

export const GEMINI_TOOL_STREAM = [
  {
    candidates: [
      {
        content: { parts: [{ functionCall: { name: 'get_weather', args: { location: 'Paris' } } }], role: 'model' },
        finishReason: 'STOP',
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 30, candidatesTokenCount: 5, totalTokenCount: 35 },
  },
];

export const GEMINI_SAFETY = {
  candidates: [
    {
      finishReason: 'SAFETY',
      index: 0,
      safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }],
    },
  ],
  usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 },
};

export const OPENAI_ERROR_400 = {
  error: { message: "Invalid value for 'messages'", type: 'invalid_request_error', param: 'messages', code: null },
};
export const OPENAI_ERROR_503 = {
  error: { message: 'The server is overloaded', type: 'server_error', param: null, code: null },
};
