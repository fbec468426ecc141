import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';
import { domainsModule } from '../../../subgraphs/domains/index.js';
import { FrozenClock } from '../../../platform/clock/job-clock.js';
import { LIFECYCLE_JOB, runLifecycle } from '../../../subgraphs/domains/jobs/lifecycle.job.js';
import { SandboxRegistrar } from '../../../subgraphs/domains/registrar/sandbox-registrar.js';
import type { DomainsDeps } from '../../../subgraphs/domains/domains-deps.js';
import { DkimKeys } from '../../../platform/mail/dkim-keys.js';
import { eventsOf, registerDomain } from './helpers/domain-fixtures.js';

const DAY = 86_400_000;

describe('domain lifecycle jobs (injected clock)', () => {
  let t: TestPlatform;
  let key: string;
  let deps: DomainsDeps;
  const clock = new FrozenClock(new Date('2030-03-01T00:00:00Z'));
  let manualExpiry: number;
  let autoExpiry: number;

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [domainsModule({ clock, dns: false })] });
    key = await t.key('lifecycle');
    const config = t.platform.deps.config;
    deps = {
      ...t.platform.deps,
      domains: config.domains,
      registrar: new SandboxRegistrar({ transferDelayMs: 0 }),
      clock,
      secrets: () => {
        throw new Error('unused');
      },
      dkimKeys: new DkimKeys(t.platform.deps),
    };
    manualExpiry = Date.parse((await registerDomain(t, key, 'manual-renew.com', { autoRenew: false })).expiresAt);
    autoExpiry = Date.parse((await registerDomain(t, key, 'auto-renew.com')).expiresAt);
  });
  afterAll(() => t.stop());

  const run = () => runLifecycle(deps, t.platform.deps.logger);

  it('should send domain.expiring_soon once per expiry, within 30 days, even with two sweeps at once', async () => {
    clock.set(new Date(manualExpiry - 31 * DAY));
    await run();
    expect(await eventsOf(t, 'domain.expiring_soon')).toEqual([]);
    clock.set(new Date(manualExpiry - 20 * DAY));
    await Promise.all([run(), run()]);
    await run();
    const events = await eventsOf(t, 'domain.expiring_soon', 'manual-renew.com');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      domain: { domainName: 'manual-renew.com', status: 'ACTIVE', expiresAt: new Date(manualExpiry).toISOString() },
      daysLeft: 20,
    });
  });

  it('should auto-renew a few days before expiry, once', async () => {
    clock.set(new Date(autoExpiry - 5 * DAY));
    await Promise.all([run(), run()]);
    const renewed = await eventsOf(t, 'domain.renewed', 'auto-renew.com');
    expect(renewed).toHaveLength(1);
    expect(renewed[0]!.data).toMatchObject({ automatic: true, years: 1 });
    const domain = (await t.request('GET', '/domains/auto-renew.com', { key })).body.data;
    expect(new Date(domain.expiresAt).getUTCFullYear()).toBe(new Date(autoExpiry).getUTCFullYear() + 1);
    expect(domain.status).toBe('ACTIVE');
  });

  it('should expire a domain without auto-renew once its time passes, and renewing brings it back', async () => {
    clock.set(new Date(manualExpiry + DAY));
    await Promise.all([run(), run()]);
    await run();
    const expired = await eventsOf(t, 'domain.expired', 'manual-renew.com');
    expect(expired).toHaveLength(1);
    expect(expired[0]!.data.domain.status).toBe('EXPIRED');
    expect(
      (await t.request('GET', '/domains?status=EXPIRED', { key })).body.data.map((d: any) => d.domainName),
    ).toEqual(['manual-renew.com']);
    const back = await t.request('POST', '/domains/manual-renew.com/renew', { key, body: { years: 1 } });
    expect(back.body.data.status).toBe('ACTIVE');
    expect(Date.parse(back.body.data.expiresAt)).toBeGreaterThan(clock.now().getTime());
  });

  it("should run as a recurring Agenda job and send the next cycle's notice for the renewed expiry", async () => {
    const jobs = await t.platform.jobs.agenda.queryJobs({ name: LIFECYCLE_JOB } as never);
    expect((jobs as unknown as { jobs: unknown[] }).jobs.length).toBe(1);
    const renewedExpiry = Date.parse((await t.request('GET', '/domains/auto-renew.com', { key })).body.data.expiresAt);
    clock.set(new Date(renewedExpiry - 10 * DAY));
    await t.platform.jobs.agenda.now(LIFECYCLE_JOB, {});
    await eventually(async () =>
      (await eventsOf(t, 'domain.expiring_soon', 'auto-renew.com')).some(
        (e) => e.data.domain.expiresAt === new Date(renewedExpiry).toISOString(),
      ),
    );
  });
});
