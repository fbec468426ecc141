import { TextDecoder } from 'node:util';
/**
 * What the edge refuses in any request text before it reaches a resolver or PostgreSQL (docs/security.md,
 * "Malformed input"): NUL (PostgreSQL refuses it in text), lone UTF-16 surrogates (not valid Unicode; JSON and
 * PostgreSQL's UTF-8 cannot carry them) and JSON nested deeper than MAX_JSON_DEPTH (error rendering and
 * validation recurse over it).
 */

/** Nesting of objects and arrays a body may have; the deepest documented body (CRM queries) needs about 10. */
export const MAX_JSON_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text is refused, for a 400's details; null when it is acceptable. */
export function unsafeText(value: string): string | null {
  if (value.includes('\u0000')) return 'contains a NUL character (\\u0000)';
  if (LONE_SURROGATE.test(value)) return 'contains a lone UTF-16 surrogate';
  return null;
}

/** The first problem of a parsed JSON value: a path (`body.a[2].b`) and why, or null. Iterative: no recursion to overflow. */
export function unsafeJson(root: unknown, base = 'body'): { field: string; problem: string } | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: base, depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = unsafeText(value);
      if (problem) return { field: path, problem };
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_JSON_DEPTH) return { field: path, problem: `is nested deeper than ${MAX_JSON_DEPTH} levels` };
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) stack.push({ value: value[i], path: `${path}[${i}]`, depth: depth + 1 });
      } else {
        for (const [key, item] of Object.entries(value)) {
          const problem = unsafeText(key);
          if (problem) return { field: `${path}.${JSON.stringify(key)}`, problem: `has a key that ${problem}` };
          stack.push({ value: item, path: `${path}.${key}`, depth: depth + 1 });
        }
      }
    }
  }
  return null;
}

/** Charsets a JSON body may declare; anything else is a 415. UTF-16 bodies are decoded, not misread as UTF-8. */
const DECODERS: Record<string, string> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'utf-16': 'utf-16le',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
};

/** The decoder of a Content-Type's charset (UTF-8 when none is given), or null for an unsupported one. */
export function decoderFor(contentType: string): TextDecoder | null {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1]?.toLowerCase() ?? 'utf-8';
  const encoding = DECODERS[charset];
  // `fatal`: bytes that are not valid in the charset are an error (a 400), not silently replaced.
  return encoding ? new TextDecoder(encoding, { fatal: true }) : null;
}
