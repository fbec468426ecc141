import type { LookupAddress } from 'node:dns';
import { UrlGuard } from '../../../platform/net/url-guard.js';

/** A name whose resolver never answers once held a job slot for as long as the resolver took. */
describe('UrlGuard.lookup: the connect-time lookup has a time limit', () => {
  const lookupOf = (guard: UrlGuard, host: string) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address?: string }>((resolve) =>
      guard.lookup(host, {}, (error: NodeJS.ErrnoException | null, address?: string) => resolve({ error, address })),
    );

  it('should fail a lookup the resolver never answers with ETIMEOUT, and ignore a late answer', async () => {
    let answerLate: ((error: null, addresses: LookupAddress[]) => void) | undefined;
    const hanging = ((_host: string, _options: unknown, callback: (error: null, addresses: LookupAddress[]) => void) =>
      void (answerLate = callback)) as never;
    const guard = new UrlGuard({ allowPrivate: false, lookupTimeoutMs: 50, systemLookup: hanging });
    const result = await lookupOf(guard, 'slow.example');
    expect(result.error?.code).toBe('ETIMEOUT');
    expect(() => answerLate!(null, [{ address: '93.184.216.34', family: 4 }])).not.toThrow();
  });

  it('should answer a resolver that answers in time, by the address rule', async () => {
    const answering = ((
      _host: string,
      _options: unknown,
      callback: (error: null, addresses: LookupAddress[]) => void,
    ) => callback(null, [{ address: '93.184.216.34', family: 4 }])) as never;
    const guard = new UrlGuard({ allowPrivate: false, lookupTimeoutMs: 60_000, systemLookup: answering });
    expect(await lookupOf(guard, 'fast.example')).toEqual({ error: null, address: '93.184.216.34' });
    const loopback = ((_host: string, _options: unknown, callback: (error: null, addresses: LookupAddress[]) => void) =>
      callback(null, [{ address: '127.0.0.1', family: 4 }])) as never;
    expect(
      (await lookupOf(new UrlGuard({ allowPrivate: false, systemLookup: loopback }), 'rebind.example')).error?.code,
    ).toBe('EADDRREFUSED');
  });
});
