import type { ModuleManifest } from '../../platform/federation/module-manifest.js';

/** What every process knows of support without loading it (platform/federation/module-manifest.ts): pure data, imports types only. */
export const SUPPORT_MANIFEST = {
  name: 'support',
  scope: 'support',
  events: [
    'conversation.created',
    'conversation.replied',
    'conversation.assigned',
    'conversation.resolved',
    'conversation.closed',
    'message.received',
    'message.sent',
    'visitor.identified',
    'visitor.updated',
  ],
  // message.received and message.sent are agent mailboxes' types too: support's carry a conversation.
  webhooks: { owns: 'conversationId' },
} as const satisfies ModuleManifest;

declare module '../../platform/federation/module-manifest.js' {
  interface ModuleManifests {
    support: typeof SUPPORT_MANIFEST;
  }
}
