import { DomainError } from '../../../platform/errors/domain-error.js';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from '../../../platform/rate-limit/rate-limiter.js';
import type { Config } from '../../../platform/config/config.js';
import { checkFormPassword, hasPassword } from '../forms/form-password.js';

/** Wrong passwords one form takes in a window, from every address together. */
export const WRONG_PASSWORDS_PER_FORM = 20;
export const WRONG_PASSWORD_WINDOW_MS = 5 * 60_000;

/**
 * The attempt limit of each password form, across every source address: beside the per-IP limits at the edge, which
 * a guesser spread over many addresses escapes. After WRONG_PASSWORDS_PER_FORM wrong passwords in the window, every
 * password check of that form (right ones too: otherwise the lock would still tell a guesser when it guessed right)
 * answers RATE_LIMITED with Retry-After until the window ends, without hashing anything. The window is short, so a
 * respondent caught by someone else's guessing waits minutes, never longer. Counted in the platform's rate-limit
 * store (Redis when configured, shared by every instance).
 */
export class FormPasswordAttempts {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limit = WRONG_PASSWORDS_PER_FORM,
    private readonly windowMs = WRONG_PASSWORD_WINDOW_MS,
  ) {}

  static fromConfig(config: Pick<Config, 'redisUrl'>): FormPasswordAttempts {
    return new FormPasswordAttempts(
      new RateLimiter(config.redisUrl ? new RedisRateLimitStore(config.redisUrl) : new MemoryRateLimitStore()),
    );
  }

  /** One request's checks: however often it checks (a submit may check a cached copy, then a fresh one), one wrong password counts once. */
  forRequest(given: string | null): FormPasswordCheck {
    let counted = false;
    return async (form) => {
      if (!hasPassword(form.settings) || given == null || given === '') return checkFormPassword(form.settings, given);
      // By uuid, unique on every deployment and database sharing the store (numeric ids repeat across databases).
      const key = `form-password:${form.uuid}`;
      // Amount 0 reads the count without adding to it; fewer than `limit` wrong so far lets this one be checked. A check
      // again within the request (a fresh read after a cached copy) does not hold the request's own count against it.
      const gate = await this.limiter.check(key, this.limit - 1 + (counted ? 1 : 0), this.windowMs, 0);
      if (!gate.allowed)
        throw new DomainError('RATE_LIMITED', `Too many wrong passwords for this form; retry in ${gate.retryAfter} s`, {
          retryAfter: gate.retryAfter,
        });
      try {
        await checkFormPassword(form.settings, given);
      } catch (error) {
        if (!counted && error instanceof DomainError && error.code === 'FORM_PASSWORD_INVALID') {
          counted = true;
          await this.limiter.check(key, this.limit, this.windowMs, 1);
        }
        throw error;
      }
    };
  }
}

/** Checks a form's password within the attempt limit (resolves when the form has none or it is right). */
export type FormPasswordCheck = (form: { uuid: string; settings: Record<string, unknown> }) => Promise<void>;
