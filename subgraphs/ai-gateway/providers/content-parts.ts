import type { ContentPart } from '../chat/chat-types.js';

/** A `data:<mime>;base64,<data>` URL split into its parts; null for other URLs. */
export function dataUrl(url: string): { mimeType: string; data: string } | null {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  return match ? { mimeType: match[1]!, data: match[2]! } : null;
}

/** Content as parts, whatever form the client sent. */
export function partsOf(content: string | ContentPart[] | null | undefined): ContentPart[] {
  if (content === null || content === undefined) return [];
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

/** JSON arguments as an object; a model that streamed broken JSON still gets its call through as `{}`. */
export function parseArguments(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text || '{}') as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
