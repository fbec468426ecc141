import type { TestPlatform } from '../helpers/test-platform.js';

/** A form with one field of every type, as the weights script and the screenshots show it. */
export const SHOWCASE_FIELDS = [
  { type: 'SHORT_TEXT', label: 'Full name', ref: 'name', required: true, settings: { minLength: 2, maxLength: 80 } },
  { type: 'EMAIL', label: 'Email address', ref: 'email', required: true },
  { type: 'PHONE', label: 'Phone number', ref: 'phone' },
  { type: 'URL', label: 'Website', ref: 'site' },
  { type: 'LONG_TEXT', label: 'What should we know?', ref: 'story' },
  { type: 'NUMBER', label: 'Team size', ref: 'team', settings: { min: 1, max: 500 } },
  { type: 'RATING', label: 'How do you rate us?', ref: 'rating', settings: { max: 5 } },
  { type: 'NPS', label: 'How likely are you to recommend us?', ref: 'nps' },
  { type: 'SLIDER', label: 'Budget (k€)', ref: 'budget', settings: { min: 0, max: 50 } },
  { type: 'DATE', label: 'Start day', ref: 'day' },
  { type: 'DATE_TIME', label: 'Best time to call', ref: 'call' },
  { type: 'SELECT', label: 'Plan', ref: 'plan', settings: { options: ['Starter', 'Pro', 'Enterprise'] } },
  {
    type: 'MULTI_SELECT',
    label: 'Products',
    ref: 'products',
    settings: { options: ['Email', 'SMS', 'Forms', 'Calendar'] },
  },
  {
    type: 'CHECKBOX',
    label: 'Consent',
    ref: 'consent',
    required: true,
    settings: { options: ['I agree to be contacted'] },
  },
  { type: 'FILE', label: 'Brief', ref: 'brief' },
];

/** Creates and publishes a form; its uuid. */
export async function publishedForm(t: TestPlatform, key: string, body: Record<string, unknown>): Promise<string> {
  const created = await t.request('POST', '/forms', { key, body });
  if (created.status !== 201) throw new Error(`create form: ${created.status} ${created.text}`);
  const published = await t.request('POST', `/forms/${created.body.data.id}/publish`, { key });
  if (published.status !== 200) throw new Error(`publish form: ${published.status} ${published.text}`);
  return created.body.data.uuid as string;
}
