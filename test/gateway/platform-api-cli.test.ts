import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { projectRoot } from '../../platform/config/project-root.js';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { emailModule } from '../../subgraphs/email/index.js';

const run = promisify(execFile);

describe("npx platform-api (the package's bin, on the built code)", () => {
  let t: TestPlatform;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [emailModule()] });
    env = { ...process.env, DATABASE_URL: t.platform.deps.config.databaseUrl!, LOG_LEVEL: 'silent' };
  });
  afterAll(() => t.stop());

  const cli = (...args: string[]) =>
    run(process.execPath, [join(projectRoot(), 'bin', 'platform-api.js'), ...args], { env, timeout: 120_000 });

  it('should create a key without rebuilding when dist/ is current, and the key should open the API', async () => {
    const { stdout, stderr } = await cli('keys', 'create', '--org', 'cli-org', '--type', 'SERVER', '--scopes', 'email');
    expect(stderr).not.toContain('building first');
    const key = stdout.trim().split('\n').pop()!;
    expect(key).toMatch(/^sk_srv_/);
    expect((await t.request('GET', '/emails/templates', { key })).status).toBe(200);
  }, 150_000);

  it("should list the plans, run the migrations, and report a running platform's health", async () => {
    expect((await cli('plans')).stdout).toMatch(/^STARTER +general 50\/s/m);
    expect((await cli('migrate')).stdout).toMatch(/migrations applied: platform and \d+ modules/);
    const health = await cli('health', '--url', t.url);
    expect(health.stdout).toContain(`${t.url}: ok`);
    await expect(cli('health', '--url', 'http://127.0.0.1:9')).rejects.toMatchObject({ code: 1 });
    await expect(cli('frobnicate')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('usage: npx platform-api'),
    });
  }, 300_000);
});
