import { createHash } from 'node:crypto';
import type { Logger } from '../../../platform/logging/logger.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/** Answers whether a password is known from breaches. */
export interface BreachChecker {
  isBreached(password: string): Promise<boolean>;
}

const LOCAL = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

/** The shipped list, then (when configured) the HIBP k-anonymity range API. */
export class DefaultBreachChecker implements BreachChecker {
  constructor(
    private readonly options: { hibpUrl?: string; timeoutMs?: number; logger: Logger; fetch?: typeof fetch },
  ) {}

  async isBreached(password: string): Promise<boolean> {
    if (LOCAL.has(password.toLowerCase())) return true;
    if (!this.options.hibpUrl) return false;
    return this.rangeLookup(password);
  }

  /**
   * Sends only the first 5 hex characters of the SHA-1 and compares the returned suffixes locally; `Add-Padding`
   * keeps the response size from leaking. Network errors fail open (logged), as Kratos' ignore_network_errors default.
   */
  private async rangeLookup(password: string): Promise<boolean> {
    const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
    const prefix = sha1.slice(0, 5);
    const suffix = sha1.slice(5);
    try {
      const res = await (this.options.fetch ?? fetch)(`${this.options.hibpUrl!.replace(/\/$/, '')}/range/${prefix}`, {
        headers: { 'Add-Padding': 'true', 'User-Agent': 'platform-api-auth' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 3000),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = await res.text();
      return body.split('\n').some((line) => {
        const [candidate, count] = line.trim().split(':');
        return candidate === suffix && Number(count) > 0; // padding lines carry a count of 0
      });
    } catch (error) {
      this.options.logger.warn('HIBP range lookup failed; password accepted', { error: (error as Error).message });
      return false;
    }
  }
}
