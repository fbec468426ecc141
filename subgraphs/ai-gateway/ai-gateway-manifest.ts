import type { ModuleManifest } from '../../platform/federation/module-manifest.js';

/** What every process knows of ai-gateway without loading it (platform/federation/module-manifest.ts): pure data, imports types only. */
export const AI_GATEWAY_MANIFEST = {
  name: 'ai-gateway',
  scope: 'ai',
  events: ['ai.budget.threshold'],
} as const satisfies ModuleManifest;

declare module '../../platform/federation/module-manifest.js' {
  interface ModuleManifests {
    'ai-gateway': typeof AI_GATEWAY_MANIFEST;
  }
}
