import type { ModuleManifest } from '../../platform/federation/module-manifest.js';
import { AUTH_CONFIG } from './auth-config.js';

/** What every process knows of auth without loading it (platform/federation/module-manifest.ts): pure data: types and its config section only. */
export const AUTH_MANIFEST = {
  name: 'auth',
  config: AUTH_CONFIG,
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
