import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { projectRoot } from '../../../platform/config/project-root.js';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

const run = promisify(execFile);

describe('npm run keys -- create', () => {
  let t: TestPlatform;
  let databaseUrl: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    databaseUrl = t.platform.deps.config.databaseUrl!;
  });
  afterAll(() => t.stop());

  const cli = (...args: string[]) =>
    run(process.execPath, [join(projectRoot(), 'dist/gateway/platform-api-cli.js'), 'keys', ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    });

  it('should create the organization and a key, printing the key alone on the last line', async () => {
    const { stdout } = await cli('create', '--org', 'cli-org', '--type', 'SENDING');
    const key = stdout.trim().split('\n').at(-1)!;
    expect(key).toMatch(/^sk_snd_/);
    const auth = await t.platform.apiKeys.authenticate(key);
    expect(auth).toMatchObject({ keyType: 'SENDING', scopes: ['*'], plan: 'STARTER' });
    const stored = await t.platform.orm.em
      .getConnection()
      .execute<{ hash: string }[]>('select hash from platform.api_keys where id = ?', [auth!.keyId]);
    expect(stored[0]!.hash).not.toContain(key);
    expect(stored[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('should limit a SERVER key to the given scopes', async () => {
    const { stdout } = await cli('create', '--org', 'cli-org', '--type', 'SERVER', '--scopes', 'crm');
    const key = stdout.trim().split('\n').at(-1)!;
    const res = await t.request('GET', '/emails/messages', { key });
    expect(res.status).toBe(403);
  });

  it('should refuse unknown scopes and types with a message and a non-zero exit', async () => {
    await expect(cli('create', '--org', 'cli-org', '--type', 'SERVER', '--scopes', 'nope')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Unknown scopes'),
    });
    await expect(cli('create', '--org', 'cli-org', '--type', 'ROOT')).rejects.toMatchObject({ code: 1 });
  });
});
