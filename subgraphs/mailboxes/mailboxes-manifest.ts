import type { ModuleManifest } from '../../platform/federation/module-manifest.js';

/** What every process knows of mailboxes without loading it (platform/federation/module-manifest.ts): pure data, imports types only. */
export const MAILBOXES_MANIFEST = {
  name: 'mailboxes',
  scope: 'mailboxes',
  events: ['message.received', 'message.sent', 'message.delivered', 'message.bounced', 'domain.verified'],
  // Webhooks narrow to one mailbox (/v1/agent-email/mailboxes/:mailboxId/webhooks); domain.verified is about the organization.
  webhooks: {
    owns: 'mailboxId',
    organizationWide: ['domain.verified'],
    resourceNotFound: { code: 'MAILBOX_NOT_FOUND', message: 'Mailbox not found' },
  },
} as const satisfies ModuleManifest;

declare module '../../platform/federation/module-manifest.js' {
  interface ModuleManifests {
    mailboxes: typeof MAILBOXES_MANIFEST;
  }
}
