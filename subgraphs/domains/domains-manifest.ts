import type { ModuleManifest } from '../../platform/federation/module-manifest.js';
import { DOMAINS_CONFIG } from './domains-config.js';

/** What every process knows of domains without loading it (platform/federation/module-manifest.ts): pure data: types and its config section only. */
export const DOMAINS_MANIFEST = {
  name: 'domains',
  config: DOMAINS_CONFIG,
  scope: 'domains',
  events: [
    'domain.registered',
    'domain.renewed',
    'domain.expired',
    'domain.expiring_soon',
    'domain.transferred_in',
    'domain.transferred_out',
    'dns.changed',
    'dnssec.enabled',
    'dnssec.disabled',
  ],
  webhooks: {},
} as const satisfies ModuleManifest;

declare module '../../platform/federation/module-manifest.js' {
  interface ModuleManifests {
    domains: typeof DOMAINS_MANIFEST;
  }
}
