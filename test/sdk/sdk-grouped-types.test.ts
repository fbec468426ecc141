import { createPlatformClient } from '../../sdk/src/index.js';

/**
 * Compile-time checks of the grouped methods: `tsc` fails the build when a `@ts-expect-error` line compiles, so a body
 * the server refuses (a missing required field, an unknown field) must be refused by the grouped method's types.
 */
export async function wrongGroupedCalls(): Promise<void> {
  const api = createPlatformClient({ apiKey: 'k', baseUrl: 'http://localhost' });
  // @ts-expect-error `to` is an address or a list of them
  await api.emails.send({ body: { from: 'a@example.com', to: 42, subject: 'Hi', html: 'x' } });
  // @ts-expect-error `subjct` is not a field (an inline body is held to the documented fields)
  await api.emails.send({ body: { from: 'a@example.com', to: 'b@example.com', subjct: 'Hi', html: 'x' } });
  // @ts-expect-error a form needs its title
  await api.forms.create({ body: { fields: [] } });
  // @ts-expect-error a contact is read by its id
  await api.crm.contacts.get({ params: { path: {} } });
  // @ts-expect-error the body is required
  await api.crm.contacts.create();
  // @ts-expect-error no such group
  await api.crm.contactz.list();
  const sent = await api.emails.send({
    body: { from: 'a@example.com', to: ['b@example.com'], subject: 'Hi', html: 'x' },
    headers: { 'Idempotency-Key': 'k' },
  });
  // @ts-expect-error the answer is the success body: `data.messageId`, not a field of its own
  void sent.messageId;
  void sent.data.messageId;
  await api.crm.contacts.list();
}

describe('SDK grouped method types', () => {
  it('should be compiled with the refusals above (this file exists only if tsc accepted every @ts-expect-error)', () => {
    expect(typeof wrongGroupedCalls).toBe('function');
  });
});
