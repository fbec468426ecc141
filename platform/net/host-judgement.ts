import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { blockedAddressReason } from './address-policy.js';

/** Resolves a host name to its addresses (injectable so tests can play DNS rebinding). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

export type HostJudgement =
  /** Every address may be reached; connect to one of these (never to a second lookup's answer). */
  | { ok: true; addresses: string[] }
  /** A special-purpose address (or a localhost name): refused for good. */
  | { ok: false; refused: true; reason: string }
  /** No answer now (NXDOMAIN, timeout): not a verdict on the host. */
  | { ok: false; refused: false; reason: string };

export interface JudgeOptions {
  /** WEBHOOK_ALLOW_PRIVATE: every address may be reached (tests, local development). */
  allowPrivate: boolean;
  resolver?: Resolver;
  /** For the lookup; default 5 s. */
  timeoutMs?: number;
}

/**
 * The one rule for every user-supplied URL's host (webhooks, CRM pushes, AI providers, identity providers), at save
 * time and at connect time: a host is reachable only if **every** address it is or resolves to is public.
 *
 * Webhooks used to accept a name with at least one public address and connect to that one. That was safe (the
 * connection is pinned to the checked address) but it was a second rule, and it hid the problem: a public receiver
 * has no use for a loopback, private or metadata address in its DNS answer, so such an answer is a misconfiguration
 * or a probe of the inside (DNS rebinding set-ups answer a mix). Refusing it says so at creation and in the delivery
 * log instead of delivering to whichever address happened to be public.
 */
export async function resolveAndJudge(hostname: string, options: JudgeOptions): Promise<HostJudgement> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return judgeAddresses(host, [host], options.allowPrivate);
  let addresses: string[];
  try {
    addresses = (
      await withTimeout(
        (options.resolver ?? systemResolver)(host),
        options.timeoutMs ?? 5_000,
        `DNS lookup of ${host} timed out`,
      )
    ).map((a) => a.address);
  } catch (error) {
    return unresolved(host, `DNS lookup of ${host} failed: ${(error as Error).message}`, options.allowPrivate);
  }
  if (addresses.length === 0) return unresolved(host, `${host} has no address`, options.allowPrivate);
  return judgeAddresses(host, addresses, options.allowPrivate);
}

/** `localhost` names are loopback by definition (RFC 6761), even where this resolver does not answer them. */
export function isLocalhostName(host: string): boolean {
  return /^localhost\.?$/i.test(host) || /\.localhost\.?$/i.test(host);
}

function unresolved(host: string, reason: string, allowPrivate: boolean): HostJudgement {
  if (!allowPrivate && isLocalhostName(host)) return { ok: false, refused: true, reason: `${host} is a loopback name` };
  return { ok: false, refused: false, reason };
}

/** The rule above on addresses already resolved (a connect-time `lookup` answer). */
export function judgeAddresses(host: string, addresses: string[], allowPrivate: boolean): HostJudgement {
  if (allowPrivate) return { ok: true, addresses };
  for (const address of addresses) {
    const reason = blockedAddressReason(address);
    if (reason)
      return {
        ok: false,
        refused: true,
        reason:
          address === host ? `${host} is a ${reason} address` : `${host} resolves to a ${reason} address (${address})`,
      };
  }
  return { ok: true, addresses };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
