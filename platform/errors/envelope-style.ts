/**
 * The response envelope a module answers in (document 1 part 2.1; DESIGN.md section 8).
 * `domains`: the platform envelope with document 2 part 7's INVALID_REQUEST for every generic 400.
 */
export type EnvelopeStyle = 'platform' | 'domains' | 'forms' | 'support' | 'crm' | 'sms' | 'mailboxes' | 'openai';
