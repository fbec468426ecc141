import type { ModuleManifest } from '../../platform/federation/module-manifest.js';
import { SMS_CONFIG } from './sms-config.js';

/** What every process knows of sms without loading it (platform/federation/module-manifest.ts): pure data: types and its config section only. */
export const SMS_MANIFEST = {
  name: 'sms',
  config: SMS_CONFIG,
  scope: 'sms',
  events: ['sms.sent', 'sms.delivered', 'sms.failed', 'sms.inbound', 'sms.opted_out'],
  webhooks: {},
} as const satisfies ModuleManifest;

declare module '../../platform/federation/module-manifest.js' {
  interface ModuleManifests {
    sms: typeof SMS_MANIFEST;
  }
}
