import { createHash } from 'node:crypto';
import type { ChatCompletion, ChatRequest } from '../chat/chat-types.js';

export interface CachedAnswer {
  completion: ChatCompletion;
  provider: string;
}

/** JSON with object keys sorted, so equal requests hash equally whatever order their fields came in. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/**
 * Exact-match cache of whole answers, scoped to the organization. The key is the normalised request: every
 * parameter (an omitted temperature is its default, 1), minus `stream` and `stream_options`, so a streamed request
 * and a plain one share answers (a hit on a stream is replayed). In-process: a cache only, never shared state.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { answer: CachedAnswer; expires: number; size: number }>();
  private bytes = 0;

  /** Memory is bounded twice: at most `maxEntries` answers and about `maxBytes` of their JSON. */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  keyOf(organizationId: string, request: ChatRequest): string {
    const normalised: Record<string, unknown> = { ...request, temperature: request.temperature ?? 1 };
    delete normalised.stream;
    delete normalised.stream_options;
    return createHash('sha256')
      .update(organizationId)
      .update('\n')
      .update(canonicalJson(normalised))
      .digest('base64url');
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.remove(key);
      return undefined;
    }
    // Re-insert: Map order is then least recently used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  set(key: string, answer: CachedAnswer) {
    if (!this.enabled) return;
    const size = JSON.stringify(answer.completion).length;
    if (size > this.maxBytes / 16) return; // one huge answer would push out everything else
    this.remove(key);
    this.entries.set(key, { answer, expires: this.now() + this.ttlMs, size });
    this.bytes += size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes)
      this.remove(this.entries.keys().next().value!);
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.size;
    this.entries.delete(key);
  }
}
