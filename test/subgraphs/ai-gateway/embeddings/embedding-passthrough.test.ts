import { passThroughEmbeddings } from '../../../../subgraphs/ai-gateway/embeddings/embedding-passthrough.js';

const vector = (seed: number, length = 8) => Array.from({ length }, (_, i) => Math.sin(seed + i) / 7);
const answer = (vectors: number[][], fields: Record<string, unknown> = {}) => ({
  object: 'list',
  data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
  model: 'text-embedding-3-small',
  usage: { prompt_tokens: 5, total_tokens: 5 },
  ...fields,
});

describe('passThroughEmbeddings', () => {
  it("should read the usage and model of OpenAI's answer without its vectors, compact or spaced", () => {
    const text = JSON.stringify(answer([vector(1, 1536), vector(2, 1536)]));
    expect(passThroughEmbeddings(text, 2)).toEqual({ promptTokens: 5, model: 'text-embedding-3-small' });
    const spaced = JSON.stringify(answer([[1e-3, -0.5, 0, 2.5e2]]), null, 2);
    expect(passThroughEmbeddings(spaced, 1)).toEqual({ promptTokens: 5, model: 'text-embedding-3-small' });
    expect(
      passThroughEmbeddings(
        '{"object":"list","data":[{"object":"embedding","index":0,"embedding":[ -1.5e-7 , 3 ]}],"model":"m","usage":{"prompt_tokens":0,"total_tokens":0}}',
        1,
      ),
    ).toEqual({ promptTokens: 0, model: 'm' });
  });

  it('should leave to the parsing path an answer the gateway would write otherwise', () => {
    const cases: [string, unknown, number][] = [
      ['one vector for two inputs', answer([vector(1)]), 2],
      [
        'vectors out of order',
        { ...answer([vector(1), vector(2)]), data: answer([vector(1), vector(2)]).data.reverse() },
        2,
      ],
      ['no usage', answer([vector(1)], { usage: undefined }), 1],
      ['total unlike prompt tokens', answer([vector(1)], { usage: { prompt_tokens: 5, total_tokens: 6 } }), 1],
      [
        'usage with other fields',
        answer([vector(1)], { usage: { prompt_tokens: 5, total_tokens: 5, completion_tokens: 0 } }),
        1,
      ],
      ['a field the gateway does not write', answer([vector(1)], { id: 'embd-1' }), 1],
      ['no model', answer([vector(1)], { model: undefined }), 1],
      ['not a list', answer([vector(1)], { object: 'embedding' }), 1],
      ['a null in a vector', answer([[0.1, null as unknown as number]]), 1],
      ['a string in a vector', answer([[0.1, '0.2' as unknown as number]]), 1],
      ['a nested array in a vector', answer([[0.1, [0.2] as unknown as number]]), 1],
      ['an item without its index', { ...answer([]), data: [{ object: 'embedding', embedding: vector(1) }] }, 1],
    ];
    for (const [why, body, inputs] of cases)
      expect([why, passThroughEmbeddings(JSON.stringify(body), inputs)]).toEqual([why, undefined]);
  });

  it('should refuse text that is not JSON, or numbers that JSON does not allow', () => {
    const good = JSON.stringify(answer([[0.25, 0.5]]));
    expect(passThroughEmbeddings(good, 1)).toBeDefined();
    for (const bad of [
      good.slice(0, -1),
      good.replace('0.25', '.25'),
      good.replace('0.25', '01'),
      good.replace('0.25', 'NaN'),
      good.replace('0.25', '0.25,'),
      good.replace('0.5]', '0.5'),
      good.replace('"model"', 'model'),
      good + 'x',
    ]) {
      expect([bad, passThroughEmbeddings(bad, 1)]).toEqual([bad, undefined]);
    }
  });

  it('should only cut the arrays of an "embedding" key, whatever strings hold', () => {
    // A model name that looks like a vector key, escaped quotes and all: the text parses only as it is.
    const tricky = JSON.stringify(answer([vector(3)], { model: 'x\\"embedding":[1,2]' }));
    expect(passThroughEmbeddings(tricky, 1)).toEqual({ promptTokens: 5, model: 'x\\"embedding":[1,2]' });
    const inString = JSON.stringify(answer([vector(3)], { model: '"embedding":[' }));
    expect(passThroughEmbeddings(inString, 1)).toEqual({ promptTokens: 5, model: '"embedding":[' });
  });
});
