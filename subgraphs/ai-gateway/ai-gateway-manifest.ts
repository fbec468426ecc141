import type { ModuleManifest } from '../../platform/federation/module-manifest.js';
import { AI_GATEWAY_CONFIG } from './ai-gateway-config.js';

/** What every process knows of ai-gateway without loading it (platform/federation/module-manifest.ts): pure data: types and its config section only. */
export const AI_GATEWAY_MANIFEST = {
  name: 'ai-gateway',
  config: AI_GATEWAY_CONFIG,
  scope: 'ai',
  events: ['ai.budget.threshold'],
} as const satisfies ModuleManifest;

declare module '../../platform/federation/module-manifest.js' {
  interface ModuleManifests {
    'ai-gateway': typeof AI_GATEWAY_MANIFEST;
  }
}
