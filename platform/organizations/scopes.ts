/** Scopes a key can be limited to: one per module. A SERVER key created without scopes has all of them (`*`). */
export const SCOPES = ['email', 'sms', 'forms', 'webhooks', 'auth', 'calendar', 'support', 'domains', 'crm', 'mailboxes', 'ai'] as const;
export type Scope = (typeof SCOPES)[number];
