/** The auth module's configuration (docs/auth.md "Variables"). */
import { availableParallelism } from 'node:os';
import { configSection } from '../../platform/config/config-section.js';

export interface AuthConfig {
  /** Base of the HIBP Pwned Passwords range API; unset = only the shipped breached-password list. */
  hibpUrl?: string;
  /** Password hashes computed at once (thread pool) and how many may wait before sign-ins get 503 + Retry-After. */
  hashing: { concurrency: number; maxQueued: number };
}

export const AUTH_CONFIG = configSection('auth', (env): AuthConfig => ({
  hibpUrl: env.bool('AUTH_HIBP_ENABLED')
    ? (env.url('AUTH_HIBP_URL', ['http:', 'https:']) ?? 'https://api.pwnedpasswords.com')
    : undefined,
  // One core left to the event loop: on two cores, two hashes at once doubled /healthz p99 under sign-ins.
  hashing: {
    concurrency: env.int('AUTH_HASH_CONCURRENCY', Math.max(1, Math.min(4, availableParallelism() - 1)), 1, 64),
    maxQueued: env.int('AUTH_HASH_QUEUE', 64, 0, 100_000),
  },
}));

declare module '../../platform/config/config-section.js' {
  interface ModuleConfigSections {
    auth: AuthConfig;
  }
}
