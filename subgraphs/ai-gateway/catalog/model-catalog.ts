/**
 * Bare model names the gateway knows, with their provider and list prices in USD per million tokens
 * (the providers' public price pages). `provider/model` works for any model; its cost is known when the
 * catalog has it, otherwise 0.
 */
export interface CatalogModel {
  id: string;
  provider: string;
  inputPerMTok: number;
  outputPerMTok: number;
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
];

const byId = new Map(MODEL_CATALOG.map((m) => [m.id, m]));

export function catalogModel(id: string): CatalogModel | undefined {
  return byId.get(id);
}

/** The price of `model` served by `provider`, when the catalog lists that pair. */
export function priceOf(provider: string, model: string): CatalogModel | undefined {
  const entry = byId.get(model);
  return entry && entry.provider === provider ? entry : undefined;
}

/** USD for the usage, rounded to 10 decimals (sub-cent amounts add up over millions of calls). */
export function costOf(price: CatalogModel | undefined, promptTokens: number, completionTokens: number): number {
  if (!price) return 0;
  return Math.round(((promptTokens * price.inputPerMTok + completionTokens * price.outputPerMTok) / 1e6) * 1e10) / 1e10;
}
