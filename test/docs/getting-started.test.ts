import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../platform/config/project-root.js';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { assignedNames, docSteps, matchesLoosely, type DocStep } from './doc-blocks.js';

const run = promisify(execFile);
const root = projectRoot();
const page = readFileSync(join(root, 'docs', 'getting-started.md'), 'utf8');
const PAGE_BASE = 'http://localhost:4000';
// `npm run keys` runs the built CLI (building only when dist/ is stale); the test runs on the build already made.
const KEYS_SCRIPT = 'node bin/platform-api.js keys';
const KEYS_CLI = 'node dist/gateway/platform-api-cli.js keys';

/** The environment a user's shell has: none of Jest's Node options. */
function userEnv(): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _jest, ...env } = process.env;
  return env;
}

describe('docs/getting-started.md, run as written against a started platform', () => {
  let t: TestPlatform;
  let stateDir: string;
  const steps = docSteps(page);

  beforeAll(async () => {
    t = await startTestPlatform();
    stateDir = mkdtempSync(join(tmpdir(), 'getting-started-'));
  });
  afterAll(async () => {
    rmSync(stateDir, { recursive: true, force: true });
    await t.stop();
  });

  it('should have the tour: a key, a send, a list, GraphQL, the browser pages and a subscription, each with its output', () => {
    const scripts = steps.map((s) => s.script).join('\n');
    for (const piece of [
      'npm run keys -- create --org acme --type SERVER',
      'curl -s $BASE/emails ',
      '/emails/messages',
      '$BASE/graphql',
      '/docs',
      '/metrics',
      'subscription {',
    ]) {
      expect(scripts).toContain(piece);
    }
    expect(steps.filter((s) => s.expected === undefined).map((s) => s.line)).toEqual([]);
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.keys).toBe(KEYS_SCRIPT);
  });

  it('should run every bash block with exit status 0 and print what the page shows', async () => {
    const stateFile = join(stateDir, 'state.sh');
    writeFileSync(stateFile, '');
    const names = assignedNames(steps);
    expect(names).toEqual(expect.arrayContaining(['BASE', 'KEY']));
    const databaseUrl = String(t.platform.orm.config.get('clientUrl'));
    for (const step of steps) {
      const output = await runStep(step, { stateFile, names, databaseUrl });
      // One expectation per block, naming it, so a failure shows which block printed what.
      expect({ line: step.line, output, matches: matchesLoosely(output, step.expected!) }).toEqual({
        line: step.line,
        output,
        matches: true,
      });
    }
  }, 180_000);

  async function runStep(
    step: DocStep,
    ctx: { stateFile: string; names: string[]; databaseUrl: string },
  ): Promise<string> {
    const script = step.script.replaceAll(PAGE_BASE, t.url).replaceAll('npm run keys --', `${KEYS_CLI}`);
    const wrapped = [
      'set -e', // as a user's shell would run it, failing at the first failed command
      `. ${JSON.stringify(ctx.stateFile)}`, // what earlier blocks set (BASE, KEY)
      script,
      `declare -p ${ctx.names.join(' ')} 2>/dev/null > ${JSON.stringify(ctx.stateFile)} || true`,
    ].join('\n');
    try {
      const { stdout } = await run('bash', ['-c', wrapped], {
        cwd: root,
        timeout: 30_000,
        // The keys CLI writes to the platform's database, as `npm run keys` does to the configured one.
        env: { ...userEnv(), DATABASE_URL: ctx.databaseUrl },
      });
      return stdout;
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      throw new Error(`block at line ${step.line} failed (exit ${e.code}):\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, {
        cause: error,
      });
    }
  }
});

describe('README.md, the front page', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');

  it('should open with the two commands CI and users rely on', () => {
    expect(readme).toMatch(/^# [^\n]+\n\n```sh\nnpm ci && npm start +#[^\n]*\nnpm ci && npm test +#[^\n]*\n```\n/);
  });

  it('should show only tour commands that docs/getting-started.md runs', () => {
    const tested = new Set(
      docSteps(page)
        .flatMap((s) => s.script.split('\n'))
        .map((l) => l.trim()),
    );
    const shown = [...readme.matchAll(/^```bash\n([\s\S]*?)^```/gm)]
      .flatMap((m) => m[1]!.split('\n'))
      .map((l) => l.trim())
      .filter(Boolean);
    expect(shown.length).toBeGreaterThan(3);
    expect(shown.filter((l) => !tested.has(l))).toEqual([]);
  });
});

describe('matchesLoosely, the comparison the page is held to', () => {
  it('should accept the page output with … for any text and spacing ignored', () => {
    expect(matchesLoosely('{"a":1,"id":"em_x1"}\n', '{"a":1,"id":"em_…"}')).toBe(true);
    expect(
      matchesLoosely(
        '/docs 200 text/html; charset=utf-8\n/graphql 200 text/html\n',
        '/docs 200 text/html…\n/graphql 200 text/html…',
      ),
    ).toBe(true);
  });

  it('should refuse a different value, a missing start or end, and fragments out of order', () => {
    expect(matchesLoosely('{"status":"QUEUED"}', '{"status":"DELIVERED"}')).toBe(false);
    expect(matchesLoosely('x{"a":1}', '{"a":1}')).toBe(false);
    expect(matchesLoosely('{"a":1}x', '{"a":1}')).toBe(false);
    expect(matchesLoosely('b a', 'a…b')).toBe(false);
  });
});
