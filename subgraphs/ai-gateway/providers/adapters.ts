import { anthropicAdapter } from './anthropic.adapter.js';
import { geminiAdapter } from './gemini.adapter.js';
import { openaiAdapter } from './openai.adapter.js';
import type { ProviderAdapter } from './provider-adapter.js';

/** Where a provider is reached when its credential names no baseUrl. Every other name needs a baseUrl. */
export const DEFAULT_BASE_URLS: Readonly<Record<string, string>> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  gemini: 'https://generativelanguage.googleapis.com/v1beta',
  groq: 'https://api.groq.com/openai/v1',
  mistral: 'https://api.mistral.ai/v1',
  deepseek: 'https://api.deepseek.com/v1',
  together: 'https://api.together.xyz/v1',
  openrouter: 'https://openrouter.ai/api/v1',
  xai: 'https://api.x.ai/v1',
};

/** `anthropic` speaks Messages, `gemini` generateContent; every other provider is OpenAI-compatible. */
export function adapterFor(provider: string): ProviderAdapter {
  if (provider === 'anthropic') return anthropicAdapter;
  if (provider === 'gemini') return geminiAdapter;
  return openaiAdapter;
}

export const PROVIDER_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
