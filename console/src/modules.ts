/** The navigation: link names are kept exactly (people and browser tests find pages by them). */
export interface NavEntry {
  label: string;
  /** Path under /console. */
  path: string;
  /** The scope the key needs for the page; null for pages every key sees. */
  scope: string | null;
}

export const NAVIGATION: NavEntry[] = [
  { label: 'Overview', path: '/', scope: null },
  { label: 'Events', path: '/events', scope: 'webhooks' },
  { label: 'Email', path: '/email', scope: 'email' },
  { label: 'SMS', path: '/sms', scope: 'sms' },
  { label: 'Forms', path: '/forms', scope: 'forms' },
  { label: 'CRM', path: '/crm', scope: 'crm' },
  { label: 'Calendar', path: '/calendar', scope: 'calendar' },
  { label: 'Support', path: '/support', scope: 'support' },
  { label: 'Domains', path: '/domains', scope: 'domains' },
  { label: 'Mailboxes', path: '/mailboxes', scope: 'mailboxes' },
  { label: 'AI gateway', path: '/ai', scope: 'ai' },
  { label: 'Webhooks', path: '/webhooks', scope: 'webhooks' },
  { label: 'Settings', path: '/settings', scope: null },
];
