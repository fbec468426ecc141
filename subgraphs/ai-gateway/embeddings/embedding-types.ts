/** OpenAI's embeddings request, as validated. */
export interface EmbeddingRequest {
  model: string;
  /** Always an array here: a single string arrives as one item (`single` remembers which). */
  input: string[];
  single: boolean;
  dimensions?: number;
  encoding_format: 'float' | 'base64';
  user?: string;
}

/** The tokens the provider counted (or that were estimated), and the vectors in input order or the answer itself. */
export type EmbeddingResult = { promptTokens: number; estimated: boolean; model: string } & (
  | { vectors: number[][] }
  /** The provider's text, already the answer the gateway would write (embedding-passthrough.ts). */
  | { json: string }
);
