import { LITELLM_PRICES } from './litellm-prices.data.js';

/** USD per million tokens. */
export interface ModelPrice {
  inputPerMTok: number;
  outputPerMTok: number;
}

/**
 * Bare model names the gateway routes without `provider/`: each to its provider, with the list price used only
 * when the vendored LiteLLM price list has no entry for it (models newer than the list).
 */
export interface CatalogModel extends ModelPrice {
  id: string;
  provider: string;
}

export const MODEL_CATALOG: readonly CatalogModel[] = [
  { id: 'gpt-4o', provider: 'openai', inputPerMTok: 2.5, outputPerMTok: 10 },
  { id: 'gpt-4o-mini', provider: 'openai', inputPerMTok: 0.15, outputPerMTok: 0.6 },
  { id: 'gpt-4.1', provider: 'openai', inputPerMTok: 2, outputPerMTok: 8 },
  { id: 'gpt-4.1-mini', provider: 'openai', inputPerMTok: 0.4, outputPerMTok: 1.6 },
  { id: 'gpt-4.1-nano', provider: 'openai', inputPerMTok: 0.1, outputPerMTok: 0.4 },
  { id: 'o3-mini', provider: 'openai', inputPerMTok: 1.1, outputPerMTok: 4.4 },
  { id: 'claude-3-5-haiku-latest', provider: 'anthropic', inputPerMTok: 0.8, outputPerMTok: 4 },
  { id: 'claude-3-7-sonnet-latest', provider: 'anthropic', inputPerMTok: 3, outputPerMTok: 15 },
  { id: 'claude-sonnet-4-0', provider: 'anthropic', inputPerMTok: 3, outputPerMTok: 15 },
  { id: 'claude-opus-4-0', provider: 'anthropic', inputPerMTok: 15, outputPerMTok: 75 },
  { id: 'gemini-2.0-flash', provider: 'gemini', inputPerMTok: 0.1, outputPerMTok: 0.4 },
  { id: 'gemini-2.5-flash', provider: 'gemini', inputPerMTok: 0.3, outputPerMTok: 2.5 },
  { id: 'gemini-2.5-pro', provider: 'gemini', inputPerMTok: 1.25, outputPerMTok: 10 },
  { id: 'text-embedding-3-small', provider: 'openai', inputPerMTok: 0.02, outputPerMTok: 0 },
  { id: 'text-embedding-3-large', provider: 'openai', inputPerMTok: 0.13, outputPerMTok: 0 },
  { id: 'gemini-embedding-001', provider: 'gemini', inputPerMTok: 0.15, outputPerMTok: 0 },
];

const byId = new Map(MODEL_CATALOG.map((m) => [m.id, m]));

/** Provider names of this gateway → LiteLLM's `litellm_provider` where they differ. */
const LITELLM_PROVIDER: Readonly<Record<string, string>> = { together: 'together_ai' };
/** LiteLLM keys its entries `model` (OpenAI, Anthropic) or `provider/model` (Gemini, Groq, ...). */
const vendored = new Map<string, { provider: string; price: ModelPrice }>(
  LITELLM_PRICES.map(([key, provider, , inputPerMTok, outputPerMTok]) => [
    key,
    { provider, price: { inputPerMTok, outputPerMTok } },
  ]),
);
const FREE: ModelPrice = { inputPerMTok: 0, outputPerMTok: 0 };

export function catalogModel(id: string): CatalogModel | undefined {
  return byId.get(id);
}

/**
 * The price of `model` served by `provider`: the vendored LiteLLM list, then the routing catalog above; undefined
 * when neither knows the pair (its cost is then unknown, never 0). The sandbox is free. Organization overrides come first
 * (routing/router.ts).
 */
export function priceOf(provider: string, model: string): ModelPrice | undefined {
  if (provider === 'sandbox') return FREE;
  const litellm = LITELLM_PROVIDER[provider] ?? provider;
  const prefixed = vendored.get(`${litellm}/${model}`);
  if (prefixed) return prefixed.price;
  const bare = vendored.get(model);
  if (bare && (bare.provider === litellm || (litellm === 'openai' && bare.provider === 'text-completion-openai')))
    return bare.price;
  const listed = byId.get(model);
  return listed && listed.provider === provider ? listed : undefined;
}

/** USD for the usage, rounded to 10 decimals (sub-cent amounts add up over millions of calls); null without a price. */
export function costOf(price: ModelPrice | undefined, promptTokens: number, completionTokens: number): number | null {
  if (!price) return null;
  return Math.round(((promptTokens * price.inputPerMTok + completionTokens * price.outputPerMTok) / 1e6) * 1e10) / 1e10;
}
