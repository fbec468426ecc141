import { createHash } from 'node:crypto';

/** `sandbox/embed` without `dimensions`. */
const DEFAULT_DIMENSIONS = 64;
const MAX_DIMENSIONS = 3_072;

/**
 * Deterministic unit vectors for `sandbox/embed` in OpenAI's embeddings answer: the same text always gets the same
 * vector (SHA-256 of the text stretched to the dimensions), so code that stores and compares embeddings can be tried.
 */
export function sandboxEmbeddings(input: unknown, dimensions: number | undefined) {
  const texts = Array.isArray(input) ? input.map(String) : [String(input ?? '')];
  const size = Math.min(Math.max(1, dimensions ?? DEFAULT_DIMENSIONS), MAX_DIMENSIONS);
  const tokens = texts.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
  return {
    object: 'list',
    model: 'embed',
    data: texts.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text, size) })),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

function vectorOf(text: string, size: number): number[] {
  const values: number[] = [];
  for (let block = 0; values.length < size; block++) {
    const digest = createHash('sha256').update(`${block}:${text}`).digest();
    for (let i = 0; i + 1 < digest.length && values.length < size; i += 2)
      values.push(digest.readUInt16BE(i) / 32_767.5 - 1);
  }
  const norm = Math.hypot(...values) || 1;
  return values.map((v) => v / norm);
}
