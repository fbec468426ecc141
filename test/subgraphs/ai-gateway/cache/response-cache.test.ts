import { ResponseCache, canonicalJson } from '../../../../subgraphs/ai-gateway/cache/response-cache.js';
import { validateChatRequest } from '../../../../subgraphs/ai-gateway/chat/chat-request.validate.js';

const answer = {
  completion: { id: 'c', object: 'chat.completion' as const, created: 1, model: 'm', choices: [] },
  provider: 'openai',
};

describe('ResponseCache', () => {
  it('should key on the whole normalised request, per organization', () => {
    const cache = new ResponseCache(1000);
    const base = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };
    const key = cache.keyOf('org-a', base);
    expect(cache.keyOf('org-a', { messages: base.messages, model: 'm', temperature: 1 })).toBe(key); // order and the default temperature
    expect(cache.keyOf('org-a', { ...base, stream: true, stream_options: { include_usage: true } })).toBe(key);
    for (const variant of [
      { temperature: 0 },
      { max_tokens: 5 },
      { stop: 'x' },
      { tool_choice: 'none' },
      { seed: 1 },
      { user: 'u' },
    ]) {
      expect(cache.keyOf('org-a', { ...base, ...variant } as never)).not.toBe(key);
    }
    expect(cache.keyOf('org-b', base)).not.toBe(key);
  });

  it('should expire entries after the TTL and evict the least recently used', () => {
    let now = 0;
    const cache = new ResponseCache(1000, 2, () => now);
    cache.set('a', answer);
    cache.set('b', answer);
    expect(cache.get('a')).toBe(answer); // a is now the most recent
    cache.set('c', answer);
    expect(cache.get('b')).toBeUndefined();
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(new ResponseCache(0).enabled).toBe(false);
  });

  it('should bound the bytes held, and never keep one answer too large for its share', () => {
    const size = JSON.stringify(answer.completion).length;
    const cache = new ResponseCache(1000, 100, () => 0, size * 16);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q'])
      cache.set(key, answer);
    expect(cache.get('a')).toBeUndefined(); // the 17th answer pushed out the oldest
    expect(cache.get('q')).toBe(answer);
    const big = { ...answer, completion: { ...answer.completion, model: 'x'.repeat(size * 2) } };
    cache.set('big', big);
    expect(cache.get('big')).toBeUndefined();
  });

  it('should serialise canonically', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }], e: undefined })).toBe('{"a":[{"c":null,"d":2}],"b":1}');
  });

  it('should drop null parameters when validating, as OpenAI treats them as absent', () => {
    expect(
      validateChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], temperature: null, stop: null }),
    ).toEqual({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
  });
});
