import { randomUUID } from 'node:crypto';
import { startTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { runSsoSweep } from '../../../../subgraphs/auth/jobs/sso-sweep.job.js';

// Expired SSO records of every organization go; live ones, of any organization, stay. The job is scheduled at start.
describe('the SSO sweep', () => {
  let t: TestPlatform;
  const now = new Date('2030-06-01T12:00:00Z');
  const execute = (query: string, values: unknown[] = []) => t.platform.orm.em.getConnection().execute(query, values);

  beforeAll(async () => {
    t = await startTestPlatform();
  });
  afterAll(() => t.stop());

  it('should delete expired flows and assertion ids of every organization and keep the rest', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const flow = (id: string, org: string, expiresAt: Date) =>
      execute(
        `insert into auth.sso_flows (id, organization_id, connection_id, application_id, redirect_uri, browser_hash, state_hash, status, created_at, expires_at)
       values (?, ?, 'conn_x', 'app_x', 'https://app.example/cb', '\\x00', '\\x00', 'STARTED', ?, ?)`,
        [id, org, expiresAt, expiresAt],
      );
    const assertion = (id: string, org: string, expiresAt: Date) =>
      execute(
        "insert into auth.sso_assertion_ids (organization_id, connection_id, assertion_id, expires_at) values (?, 'conn_x', ?, ?)",
        [org, id, expiresAt],
      );
    const past = new Date(now.getTime() - 1000);
    const future = new Date(now.getTime() + 60_000);
    await flow('ssof_old_a', a, past);
    await flow('ssof_old_b', b, past);
    await flow('ssof_live_a', a, future);
    await assertion('old_b', b, past);
    await assertion('live_a', a, future);

    expect(await runSsoSweep({ orm: t.platform.orm, now: () => now })).toEqual({ flows: 2, assertionIds: 1 });
    expect(
      (await execute('select id from auth.sso_flows where organization_id in (?, ?) order by id', [a, b])).map(
        (r) => r.id,
      ),
    ).toEqual(['ssof_live_a']);
    expect(
      (await execute('select assertion_id from auth.sso_assertion_ids where organization_id in (?, ?)', [a, b])).map(
        (r) => r.assertion_id,
      ),
    ).toEqual(['live_a']);
    // Run again: nothing left to delete.
    expect(await runSsoSweep({ orm: t.platform.orm, now: () => now })).toEqual({ flows: 0, assertionIds: 0 });
  });

  it('should be scheduled hourly once the platform starts', async () => {
    const [job] = await execute(`select repeat_interval from agenda_jobs where name = 'auth.sso-sweep'`);
    expect(job?.repeat_interval).toBe('1 hour');
  });
});
