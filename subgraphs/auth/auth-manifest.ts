import type { ModuleManifest } from '../../platform/federation/module-manifest.js';

/** What every process knows of auth without loading it (platform/federation/module-manifest.ts): pure data, imports types only. */
export const AUTH_MANIFEST = {
  name: 'auth',
  scope: 'auth',
  events: [
    'user.created',
    'user.deleted',
    'user.blocked',
    'login.success',
    'login.failed',
    'mfa.enrolled',
    'password.changed',
    'password.reset',
    'session.created',
  ],
  webhooks: {},
} as const satisfies ModuleManifest;

declare module '../../platform/federation/module-manifest.js' {
  interface ModuleManifests {
    auth: typeof AUTH_MANIFEST;
  }
}
