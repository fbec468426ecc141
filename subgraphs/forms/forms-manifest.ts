import type { ModuleManifest } from '../../platform/federation/module-manifest.js';

/** What every process knows of forms without loading it (platform/federation/module-manifest.ts): pure data, imports types only. */
export const FORMS_MANIFEST = {
  name: 'forms',
  scope: 'forms',
  events: ['form.submitted', 'form.partial'],
  webhooks: {},
} as const satisfies ModuleManifest;

declare module '../../platform/federation/module-manifest.js' {
  interface ModuleManifests {
    forms: typeof FORMS_MANIFEST;
  }
}
