import { invalidParam } from '../chat/gateway-error.js';
import type { EmbeddingRequest } from './embedding-types.js';

const KNOWN = new Set(['model', 'input', 'dimensions', 'encoding_format', 'user']);
/** OpenAI's own limit on inputs per request. */
const MAX_INPUTS = 2_048;
const MAX_DIMENSIONS = 16_384;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks an embeddings request; the first problem is a 400 naming its `param`. `null` means absent. */
export function validateEmbeddingRequest(body: unknown): EmbeddingRequest {
  if (!isObject(body)) throw invalidParam('body', 'The body must be a JSON object');
  for (const name of Object.keys(body)) if (!KNOWN.has(name)) throw invalidParam(name, `Unknown parameter: ${name}`);
  const { model, input, dimensions, encoding_format: format, user } = body;
  if (typeof model !== 'string' || model.trim() === '') throw invalidParam('model', 'model is required');
  if (model.length > 256) throw invalidParam('model', 'model is too long');
  const single = typeof input === 'string';
  const items = single ? [input] : input;
  if (!Array.isArray(items) || items.length === 0)
    throw invalidParam('input', 'input must be a string or a non-empty array of strings');
  if (items.length > MAX_INPUTS) throw invalidParam('input', `At most ${MAX_INPUTS} inputs per request`);
  items.forEach((item, i) => {
    if (typeof item !== 'string')
      throw invalidParam(`input[${i}]`, 'Each input must be a string (token arrays are not supported)');
    if (item === '') throw invalidParam(`input[${i}]`, 'An input must not be empty');
  });
  if (
    dimensions !== undefined &&
    dimensions !== null &&
    (!Number.isInteger(dimensions) || (dimensions as number) < 1 || (dimensions as number) > MAX_DIMENSIONS)
  ) {
    throw invalidParam('dimensions', `dimensions must be an integer from 1 to ${MAX_DIMENSIONS}`);
  }
  if (format !== undefined && format !== null && format !== 'float' && format !== 'base64')
    throw invalidParam('encoding_format', 'encoding_format must be float or base64');
  if (user !== undefined && user !== null && typeof user !== 'string')
    throw invalidParam('user', 'user must be a string');
  return {
    model,
    input: items as string[],
    single,
    ...(typeof dimensions === 'number' ? { dimensions } : {}),
    encoding_format: format === 'base64' ? 'base64' : 'float',
    ...(typeof user === 'string' ? { user } : {}),
  };
}
