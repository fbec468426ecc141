/** What the usage log needs of an OpenAI-format embeddings answer that goes out as the provider sent it. */
export interface PassedThrough {
  promptTokens: number;
  model: string;
}

/** The key of a vector and its opening bracket; the numbers that follow are checked, not parsed. */
const VECTOR_START = /"embedding"\s*:\s*\[/g;
const NUMBER = String.raw`-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?`;
/** JSON numbers separated by commas up to the closing bracket, from where the sticky search starts. */
const NUMBERS_TO_BRACKET = new RegExp(String.raw`\s*(?:${NUMBER}\s*(?:,\s*${NUMBER}\s*)*)?\]`, 'y');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** An object with these keys and no others: fields the gateway would not write itself are not passed on. */
const hasExactly = (v: unknown, size: number): v is Record<string, unknown> =>
  isObject(v) && Object.keys(v).length === size;

/**
 * Reads an OpenAI-format embeddings answer of floats without parsing or re-serialising its vectors, which were most
 * of the gateway's CPU for a 1,536-float embedding: each vector's numbers are checked to be JSON numbers and cut
 * out, and the rest (small) is parsed. Returns undefined unless the answer holds exactly what the gateway would have
 * written itself, so that it can go out as received: `{object: "list", data, model, usage}` with one `{object:
 * "embedding", index: i, embedding}` per input in input order and `usage` `{prompt_tokens, total_tokens}` equal.
 * Anything else (vectors out of order, usage missing, other fields, malformed JSON) is left to the parsing path.
 *
 * Cutting is safe on any text: a match can only be an object key `embedding` (an unescaped quote follows the word,
 * so it ends a string, and a colon follows), so what is removed is the inside of an array of numbers, and the rest
 * parsing means the whole text is valid JSON.
 */
export function passThroughEmbeddings(text: string, inputs: number): PassedThrough | undefined {
  let skeleton = '';
  let from = 0;
  let vectors = 0;
  VECTOR_START.lastIndex = 0;
  for (let match = VECTOR_START.exec(text); match; match = VECTOR_START.exec(text)) {
    const open = match.index + match[0].length;
    NUMBERS_TO_BRACKET.lastIndex = open;
    if (!NUMBERS_TO_BRACKET.test(text)) return undefined;
    skeleton += text.slice(from, open);
    from = NUMBERS_TO_BRACKET.lastIndex - 1; // the closing bracket stays
    VECTOR_START.lastIndex = from;
    vectors++;
  }
  if (vectors !== inputs) return undefined;
  let answer: unknown;
  try {
    answer = JSON.parse(skeleton + text.slice(from));
  } catch {
    return undefined;
  }
  if (
    !hasExactly(answer, 4) ||
    answer.object !== 'list' ||
    typeof answer.model !== 'string' ||
    !Array.isArray(answer.data) ||
    answer.data.length !== inputs
  )
    return undefined;
  const usage = answer.usage;
  if (
    !hasExactly(usage, 2) ||
    !Number.isInteger(usage.prompt_tokens) ||
    usage.total_tokens !== usage.prompt_tokens ||
    (usage.prompt_tokens as number) < 0
  )
    return undefined;
  for (let i = 0; i < inputs; i++) {
    const item: unknown = answer.data[i];
    if (
      !hasExactly(item, 3) ||
      item.object !== 'embedding' ||
      item.index !== i ||
      !Array.isArray(item.embedding) ||
      item.embedding.length !== 0
    )
      return undefined;
  }
  return { promptTokens: usage.prompt_tokens as number, model: answer.model };
}
