/**
 * The response envelope a module answers in.
 * `domains`: the platform envelope with INVALID_REQUEST for every generic 400 (the spec's code for that module).
 */
export type EnvelopeStyle = 'platform' | 'domains' | 'forms' | 'support' | 'crm' | 'sms' | 'mailboxes' | 'openai';
