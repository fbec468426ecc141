/** The three deadlines of a provider call: first byte, idle between chunks, total. */
export interface Deadlines {
  /** From the start of an attempt to the provider's headers (and, streaming, its first chunk). */
  firstByteMs: number;
  /** Longest silence between two pieces of a streamed or downloaded answer. */
  idleMs: number;
  /** From the request's start to its end, across every fallback attempt. */
  totalMs: number;
}
