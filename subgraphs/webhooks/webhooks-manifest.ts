import type { ModuleManifest } from '../../platform/federation/module-manifest.js';
import { WEBHOOKS_CONFIG } from './webhooks-config.js';

/** What every process knows of webhooks without loading it (platform/federation/module-manifest.ts): pure data: types and its config section only. */
export const WEBHOOKS_MANIFEST = {
  name: 'webhooks',
  config: WEBHOOKS_CONFIG,
  // /webhooks needs this scope; a module's own webhook paths need that module's, checked per call (namespace-access.ts).
  scope: 'webhooks',
  checksScopesPerCall: true,
} as const satisfies ModuleManifest;

declare module '../../platform/federation/module-manifest.js' {
  interface ModuleManifests {
    webhooks: typeof WEBHOOKS_MANIFEST;
  }
}
