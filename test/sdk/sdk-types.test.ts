import { createPlatformClient, type RequestBody } from '../../sdk/src/index.js';

/**
 * Compile-time checks: `tsc` fails the build when a `@ts-expect-error` line compiles, so a body the server refuses
 * (a missing required field, an unknown field, a wrong type) must be refused by the SDK's types.
 */
export async function wrongBodies(): Promise<void> {
  const api = createPlatformClient({ apiKey: 'k', baseUrl: 'http://localhost' });
  // @ts-expect-error a form needs its title
  await api.POST('/forms', { body: { fields: [] } });
  const unknownField: RequestBody<'/emails', 'post'> = {
    from: 'a@example.com',
    to: 'b@example.com',
    // @ts-expect-error `subjct` is not a field
    subjct: 'Hi',
    html: 'x',
  };
  await api.POST('/emails', { body: unknownField });
  // @ts-expect-error `to` is an address or a list of them
  await api.POST('/emails', { body: { from: 'a@example.com', to: 42, subject: 'Hi', html: 'x' } });
  // @ts-expect-error no such path
  await api.GET('/emailz');
  await api.POST('/emails', { body: { from: 'a@example.com', to: ['b@example.com'], subject: 'Hi', html: 'x' } });
}

describe('SDK types', () => {
  it('should be compiled with the refusals above (this file exists only if tsc accepted every @ts-expect-error)', () => {
    expect(typeof wrongBodies).toBe('function');
  });
});
