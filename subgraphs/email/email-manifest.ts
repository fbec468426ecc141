import type { ModuleManifest } from '../../platform/federation/module-manifest.js';
import { EMAIL_CONFIG } from './email-config.js';

/** What every process knows of email without loading it (platform/federation/module-manifest.ts): pure data: types and its config section only. */
export const EMAIL_MANIFEST = {
  name: 'email',
  config: EMAIL_CONFIG,
  scope: 'email',
  events: [
    'email.sent',
    'email.delivered',
    'email.opened',
    'email.clicked',
    'email.bounced',
    'email.spam_complaint',
    'email.unsubscribed',
  ],
  webhooks: {},
} as const satisfies ModuleManifest;

declare module '../../platform/federation/module-manifest.js' {
  interface ModuleManifests {
    email: typeof EMAIL_MANIFEST;
  }
}
