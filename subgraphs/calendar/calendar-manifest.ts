import type { ModuleManifest } from '../../platform/federation/module-manifest.js';

/** What every process knows of calendar without loading it (platform/federation/module-manifest.ts): pure data, imports types only. */
export const CALENDAR_MANIFEST = {
  name: 'calendar',
  scope: 'calendar',
  events: [
    'booking.created',
    'booking.cancelled',
    'booking.rescheduled',
    'booking.reminder',
    'booking.confirmed',
    'booking.rejected',
  ],
  webhooks: {},
} as const satisfies ModuleManifest;

declare module '../../platform/federation/module-manifest.js' {
  interface ModuleManifests {
    calendar: typeof CALENDAR_MANIFEST;
  }
}
