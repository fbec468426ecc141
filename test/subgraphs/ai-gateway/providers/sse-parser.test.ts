import { SseParser } from '../../../../subgraphs/ai-gateway/providers/sse-parser.js';

describe('SseParser', () => {
  it('should split events on blank lines whatever the line endings, across chunk boundaries', () => {
    const parser = new SseParser();
    const text =
      'event: message_start\r\ndata: {"a":1}\r\n\r\n: keep-alive\n\ndata: line one\ndata: line two\n\rdata: {"b"';
    const events = [...text].flatMap((c) => parser.push(c)); // one character at a time: the worst split
    expect(events).toEqual([
      { event: 'message_start', data: '{"a":1}' },
      { event: undefined, data: 'line one\nline two' },
    ]);
    expect(parser.push(':2}\n\n')).toEqual([{ event: undefined, data: '{"b":2}' }]);
  });

  it('should skip comments and field-less lines, and flush an unterminated last event at the end', () => {
    const parser = new SseParser();
    expect(parser.push(': OPENROUTER PROCESSING\n\nretry: 10\n\ndata:no-space\n\n')).toEqual([
      { event: undefined, data: 'no-space' },
    ]);
    expect(parser.push('data: [DONE]')).toEqual([]);
    expect(parser.end()).toEqual([{ event: undefined, data: '[DONE]' }]);
  });
});
