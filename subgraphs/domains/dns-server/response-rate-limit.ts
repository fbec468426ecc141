/** What to do with one UDP answer: send it, send a truncated answer instead (the client retries over TCP), or nothing. */
export type RateDecision = 'send' | 'slip' | 'drop';

/** Prefixes tracked at once; past this the oldest second's counts are forgotten (a flood of spoofed sources). */
const MAX_PREFIXES = 50_000;

export interface ResponseRateLimitOptions {
  /** Answers per second to one source prefix (IPv4 /24, IPv6 /56) before limiting; 0 turns limiting off. */
  responsesPerSecond: number;
  /** Every slip-th limited answer goes out truncated, so a real client behind a spoofed flood still gets through. */
  slip: number;
  /** Milliseconds since the epoch (injectable for tests). */
  now: () => number;
}

/**
 * Response rate limiting for UDP answers (the scheme of BIND and NSD's RRL): a forged source address can make us send
 * answers to a victim, so answers per source prefix and second are capped. Over the cap, most answers are dropped and
 * every slip-th is a truncated answer, which costs the victim nothing and moves a real client to TCP (not limited).
 */
export class ResponseRateLimiter {
  private second = -1;
  private readonly counts = new Map<string, number>();

  constructor(private readonly options: ResponseRateLimitOptions) {}

  decide(address: string): RateDecision {
    if (this.options.responsesPerSecond <= 0) return 'send';
    const second = Math.floor(this.options.now() / 1000);
    if (second !== this.second || this.counts.size >= MAX_PREFIXES) {
      this.second = second;
      this.counts.clear();
    }
    const prefix = prefixOf(address);
    const count = (this.counts.get(prefix) ?? 0) + 1;
    this.counts.set(prefix, count);
    const over = count - this.options.responsesPerSecond;
    if (over <= 0) return 'send';
    return this.options.slip > 0 && over % this.options.slip === 0 ? 'slip' : 'drop';
  }
}

/** The source's network: IPv4 /24, IPv6 /56 (what one site or customer usually holds). */
export function prefixOf(address: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/i.exec(address);
  if (v4) return v4[1]!;
  const groups = expandIpv6(address);
  return groups ? `${groups.slice(0, 3).join(':')}:${groups[3]!.slice(0, 2)}` : address;
}

function expandIpv6(address: string): string[] | null {
  const [head, tail] = address.split('%')[0]!.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => g.padStart(4, '0').toLowerCase());
}
