import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { projectRoot } from '../../../platform/config/project-root.js';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

const run = promisify(execFile);

describe('npm run orgs -- set-plan', () => {
  let t: TestPlatform;
  let databaseUrl: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    databaseUrl = t.platform.deps.config.databaseUrl!;
  });
  afterAll(() => t.stop());

  const cli = (...args: string[]) =>
    run(process.execPath, [join(projectRoot(), 'dist/platform/organizations/orgs-cli.js'), ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    });

  it("should change the plan of an organization, which then gets that plan's limits", async () => {
    await t.key('plan-org');
    const { stdout } = await cli('set-plan', 'plan-org', 'growth');
    expect(stdout).toContain('STARTER → GROWTH');
    const key = await t.key('plan-org'); // a fresh key: not in the key cache
    expect((await t.platform.apiKeys.authenticate(key))?.plan).toBe('GROWTH');
  });

  it('should refuse an unknown plan or organization with a message and a non-zero exit', async () => {
    await expect(cli('set-plan', 'plan-org', 'PLATINUM')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Unknown plan'),
    });
    await expect(cli('set-plan', 'no-such-org', 'SCALE')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No organization'),
    });
    await expect(cli('promote', 'plan-org')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('usage'),
    });
  });
});
