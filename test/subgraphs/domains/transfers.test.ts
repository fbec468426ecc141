import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { domainsModule } from '../../../subgraphs/domains/index.js';
import { FrozenClock } from '../../../platform/clock/job-clock.js';
import { runJobNow } from '../../helpers/run-job.js';
import { TRANSFER_JOB } from '../../../subgraphs/domains/transfers/transfer.service.js';
import { REGISTRANT, eventsOf, registerDomain, sqlRows } from './helpers/domain-fixtures.js';

const HOUR = 3_600_000;

describe('domain transfers (sandbox registrar, completed by an Agenda job)', () => {
  let t: TestPlatform;
  let losing: string;
  let gaining: string;
  const clock = new FrozenClock(new Date());
  const transfer = (key: string, body: Record<string, unknown>) =>
    t.request('POST', '/domains/transfer', { key, body: { registrant: REGISTRANT, ...body } });
  const orgOf = async (slug: string) =>
    (await sqlRows(t, 'select id from platform.organizations where slug = ?', [slug]))[0].id as string;
  /** Moves the module's clock past the delay and runs the transfer's job now. */
  const complete = async (organizationSlug: string, transferId: string) => {
    clock.set(new Date(clock.now().getTime() + 2 * HOUR));
    await runJobNow(t.platform.jobs.agenda, TRANSFER_JOB, {
      organizationId: await orgOf(organizationSlug),
      transferId,
    });
  };

  beforeAll(async () => {
    t = await startTestPlatform(
      { DOMAIN_TRANSFER_DELAY_SECONDS: '3600' },
      { modules: [domainsModule({ clock, dns: false })] },
    );
    losing = await t.key('xfer-losing');
    gaining = await t.key('xfer-gaining');
  });
  afterAll(() => t.stop());

  it('should move a domain between two organizations: locked, bad code, then pending, then transferred out and in', async () => {
    await registerDomain(t, losing, 'moving-house.com');
    const code = (await t.request('GET', '/domains/moving-house.com/auth-code', { key: losing })).body.data.authCode;

    const locked = await transfer(gaining, { domainName: 'moving-house.com', authCode: code });
    expect([locked.status, locked.body.error.code]).toEqual([409, 'TRANSFER_LOCKED']);
    await t.request('PATCH', '/domains/moving-house.com/settings', { key: losing, body: { registrarLock: false } });
    const wrong = await transfer(gaining, { domainName: 'moving-house.com', authCode: `${code}x` });
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'INVALID_AUTH_CODE']);
    expect(await sqlRows(t, `select * from domains.transfers where domain_name = 'moving-house.com'`)).toEqual([]);

    const started = await transfer(gaining, { domainName: 'moving-house.com', authCode: code });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({
      domainName: 'moving-house.com',
      status: 'PENDING',
      price: 12.99,
      completedAt: null,
    });
    expect(Date.parse(started.body.data.completesAt) - clock.now().getTime()).toBe(HOUR);
    const id = started.body.data.id;
    expect((await t.request('GET', `/domains/transfers/${id}`, { key: gaining })).body.data.status).toBe('PENDING');
    expect((await t.request('GET', `/domains/transfers/${id}`, { key: losing })).status).toBe(404);
    const third = await t.key('xfer-third');
    const twice = await transfer(third, { domainName: 'moving-house.com', authCode: code });
    expect([twice.status, twice.body.error.code]).toEqual([409, 'CONFLICT']);

    await complete('xfer-gaining', id);
    await eventually(
      async () =>
        (await t.request('GET', `/domains/transfers/${id}`, { key: gaining })).body.data.status === 'COMPLETED',
    );

    const theirs = await t.request('GET', '/domains/moving-house.com', { key: gaining });
    expect(theirs.body.data).toMatchObject({ domainName: 'moving-house.com', status: 'ACTIVE' });
    expect((await t.request('GET', '/domains/moving-house.com', { key: losing })).body.data.status).toBe(
      'TRANSFERRED_OUT',
    );
    expect((await t.request('GET', '/domains/moving-house.com/auth-code', { key: losing })).status).toBe(404);
    const [out] = await eventsOf(t, 'domain.transferred_out', 'moving-house.com');
    const [into] = await eventsOf(t, 'domain.transferred_in', 'moving-house.com');
    expect(out!.organization_id).toBe(await orgOf('xfer-losing'));
    expect(into!.organization_id).toBe(await orgOf('xfer-gaining'));
    expect(out!.data).toMatchObject({
      domain: { domainName: 'moving-house.com', status: 'TRANSFERRED_OUT' },
      transferId: id,
    });
    expect(into!.data).toMatchObject({
      domain: { domainName: 'moving-house.com', status: 'ACTIVE', expiresAt: theirs.body.data.expiresAt },
      transferId: id,
    });
    const newCode = (await t.request('GET', '/domains/moving-house.com/auth-code', { key: gaining })).body.data
      .authCode;
    expect(newCode).not.toBe(code);

    // Running the job again changes nothing.
    await runJobNow(t.platform.jobs.agenda, TRANSFER_JOB, {
      organizationId: await orgOf('xfer-gaining'),
      transferId: id,
    });
    expect(await eventsOf(t, 'domain.transferred_in', 'moving-house.com')).toHaveLength(1);
  });

  it('should transfer in a name held at another registrar, and refuse a code or name the registrar refuses', async () => {
    const bad = await transfer(gaining, { domainName: 'elsewhere-taken.io', authCode: 'invalid-code' });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'INVALID_AUTH_CODE']);
    const locked = await transfer(gaining, { domainName: 'locked-taken.io', authCode: 'Good-Code-123' });
    expect([locked.status, locked.body.error.code]).toEqual([409, 'TRANSFER_LOCKED']);
    const nobody = await transfer(gaining, { domainName: 'nobody-has-it.io', authCode: 'Good-Code-123' });
    expect(nobody.status).toBe(404);
    const badName = await transfer(gaining, { domainName: 'not a name', authCode: 'Good-Code-123' });
    expect([badName.status, badName.body.error.code]).toEqual([400, 'INVALID_DOMAIN_NAME']);
    const started = await transfer(gaining, { domainName: 'elsewhere-taken.io', authCode: 'Good-Code-123' });
    await complete('xfer-gaining', started.body.data.id);
    await eventually(
      async () => (await t.request('GET', '/domains/elsewhere-taken.io', { key: gaining })).status === 200,
    );
  });

  it('should cancel a pending transfer once', async () => {
    const started = await transfer(gaining, { domainName: 'cancel-me-taken.com', authCode: 'Good-Code-123' });
    const id = started.body.data.id;
    const cancelled = await t.request('DELETE', `/domains/transfers/${id}`, { key: gaining });
    expect(cancelled.body.data).toMatchObject({ id, status: 'CANCELLED' });
    const again = await t.request('DELETE', `/domains/transfers/${id}`, { key: gaining });
    expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);
    await complete('xfer-gaining', id);
    expect((await t.request('GET', '/domains/cancel-me-taken.com', { key: gaining })).status).toBe(404);
    expect((await t.request('DELETE', '/domains/transfers/xfer_unknown', { key: gaining })).status).toBe(404);
  });
});
