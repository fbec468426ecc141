import type { ModuleManifest } from '../../platform/federation/module-manifest.js';

/** What every process knows of crm without loading it (platform/federation/module-manifest.ts): pure data, imports types only. */
export const CRM_MANIFEST = {
  name: 'crm',
  scope: 'crm',
} as const satisfies ModuleManifest;

declare module '../../platform/federation/module-manifest.js' {
  interface ModuleManifests {
    crm: typeof CRM_MANIFEST;
  }
}
