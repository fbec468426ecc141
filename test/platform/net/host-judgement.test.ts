import { resolveAndJudge } from '../../../platform/net/host-judgement.js';
import { SafeHttpClient } from '../../../platform/net/safe-http-client.js';
import { UrlGuard } from '../../../platform/net/url-guard.js';

/** One resolve-and-judge rule for webhooks, CRM pushes and the URL guard: every address public, or refused. */
describe('resolveAndJudge', () => {
  const answers =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const mixed = answers('93.184.216.34', '169.254.169.254');

  it('should accept a name whose every address is public and answer them all', async () => {
    expect(
      await resolveAndJudge('public.test', {
        allowPrivate: false,
        resolver: answers('93.184.216.34', '2606:2800:220:1::1'),
      }),
    ).toEqual({ ok: true, addresses: ['93.184.216.34', '2606:2800:220:1::1'] });
  });

  it('should refuse a name with one special-purpose address among public ones, naming it', async () => {
    expect(await resolveAndJudge('mixed.test', { allowPrivate: false, resolver: mixed })).toEqual({
      ok: false,
      refused: true,
      reason: 'mixed.test resolves to a link-local address (169.254.169.254)',
    });
    expect(await resolveAndJudge('mixed.test', { allowPrivate: true, resolver: mixed })).toMatchObject({ ok: true });
  });

  it('should refuse IP literals and localhost names, and leave a name that does not resolve undecided', async () => {
    expect(await resolveAndJudge('[::ffff:127.0.0.1]', { allowPrivate: false })).toMatchObject({
      ok: false,
      refused: true,
      reason: '::ffff:127.0.0.1 is a IPv4-mapped address',
    });
    const nowhere = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await resolveAndJudge('api.localhost', { allowPrivate: false, resolver: nowhere })).toEqual({
      ok: false,
      refused: true,
      reason: 'api.localhost is a loopback name',
    });
    expect(await resolveAndJudge('gone.test', { allowPrivate: false, resolver: nowhere })).toEqual({
      ok: false,
      refused: false,
      reason: 'DNS lookup of gone.test failed: ENOTFOUND',
    });
  });

  it('should give webhooks (SafeHttpClient) and the URL guard the same verdict on a mixed answer', async () => {
    const client = new SafeHttpClient({ allowPrivate: false, resolver: mixed });
    expect(await client.check('https://mixed.test/hook')).toEqual({
      ok: false,
      refused: true,
      error: 'Refused: mixed.test resolves to a link-local address (169.254.169.254)',
    });
    client.close();
    const guard = new UrlGuard({ allowPrivate: false, resolver: mixed });
    await expect(guard.check('https://mixed.test/v1', { field: 'baseUrl' })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      message: 'Invalid baseUrl: mixed.test resolves to a link-local address (169.254.169.254)',
    });
  });
});
