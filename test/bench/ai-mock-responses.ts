// The mock provider's Responses API answers (OpenAI's wire format): the Response object of the same short reply the
// chat completion gives, and the typed events of its stream, split into the first event and the rest.
const TEXT = 'Hello! How can I assist you today?';
const DELTAS = ['Hello', '!', ' How', ' can', ' I', ' assist', ' you', ' today', '?'];

const message = (status: 'in_progress' | 'completed', text: string) => ({
  id: 'msg_bench',
  type: 'message',
  status,
  role: 'assistant',
  content: status === 'completed' ? [{ type: 'output_text', text, annotations: [] }] : [],
});

const response = (status: 'in_progress' | 'completed') => ({
  id: 'resp_bench',
  object: 'response',
  created_at: 1741569952,
  status,
  error: null,
  incomplete_details: null,
  instructions: null,
  max_output_tokens: null,
  model: 'gpt-4o-mini-2024-07-18',
  output: status === 'completed' ? [message('completed', TEXT)] : [],
  parallel_tool_calls: true,
  previous_response_id: null,
  reasoning: { effort: null, summary: null },
  store: false,
  temperature: 1,
  text: { format: { type: 'text' } },
  tool_choice: 'auto',
  tools: [],
  top_p: 1,
  truncation: 'disabled',
  usage:
    status === 'completed'
      ? {
          input_tokens: 19,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 10,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: 29,
        }
      : null,
  user: null,
  metadata: {},
});

export const RESPONSE = JSON.stringify(response('completed'));

let sequence = 0;
const event = (type: string, fields: object) =>
  `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`;
const part = (text: string) => ({ type: 'output_text', text, annotations: [] });
const at = { item_id: 'msg_bench', output_index: 0, content_index: 0 };

export const RESPONSE_EVENTS: [string, string] = [
  event('response.created', { response: response('in_progress') }),
  [
    event('response.in_progress', { response: response('in_progress') }),
    event('response.output_item.added', { output_index: 0, item: message('in_progress', '') }),
    event('response.content_part.added', { ...at, part: part('') }),
    ...DELTAS.map((delta) => event('response.output_text.delta', { ...at, delta })),
    event('response.output_text.done', { ...at, text: TEXT }),
    event('response.content_part.done', { ...at, part: part(TEXT) }),
    event('response.output_item.done', { output_index: 0, item: message('completed', TEXT) }),
    event('response.completed', { response: response('completed') }),
  ].join(''),
];
