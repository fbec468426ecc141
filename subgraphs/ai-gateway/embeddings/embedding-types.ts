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

/** Vectors in input order, and the tokens the provider counted (or that were estimated). */
export interface EmbeddingResult {
  vectors: number[][];
  promptTokens: number;
  estimated: boolean;
  model: string;
}
