import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { SMTPServer } from 'smtp-server';
import ts from 'typescript';
import { eventually, startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { matchesLoosely } from '../docs/doc-blocks.js';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..', '..');
const README_BASE = 'http://localhost:4000';

/**
 * The README's SDK examples run as written, each as a user's script against a started platform: the SDK's built code
 * in place of the package, the platform's address in place of localhost:4000, the key in PLATFORM_API_KEY.
 */
describe('The SDK examples of README.md and docs/sdk.md, run', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## SDK'), readme.indexOf('\n## ', readme.indexOf('## SDK') + 1));
  const [sendAndList, liveEvents] = [...section.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
  // docs/sdk.md is one script in its blocks' order; each ```text block is what the block before it prints.
  const sdkPage = readFileSync(join(root, 'docs', 'sdk.md'), 'utf8');
  const tour = [...sdkPage.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m) => m[1]!).join('\n');
  const tourOutput = [...sdkPage.matchAll(/^```text\n([\s\S]*?)^```/gm)].map((m) => m[1]!).join('');
  let t: TestPlatform;
  let smtp: SMTPServer;
  let key: string;
  let dir: string;

  beforeAll(async () => {
    // Deliveries go to a local SMTP server, so `email.delivered` happens as it does for a user with a relay.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, _s, done) => stream.resume().on('end', () => done()),
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    t = await startTestPlatform({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` });
    key = await t.key('readme-sdk-run');
    // Inside the project, so the scripts resolve `ws` from its node_modules as a user's project would.
    dir = mkdtempSync(join(root, 'dist', 'readme-sdk-run-'));
  }, 120_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t?.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** The block as a user's ES module, `apiKey` read from the environment where the block uses it undeclared. */
  function script(name: string, code: string): string {
    const sdk = pathToFileURL(join(root, 'dist', 'sdk', 'src', 'index.js')).href;
    const preamble =
      /\bconst apiKey\b/.test(code) || !/\bapiKey\b(?!:)/.test(code)
        ? ''
        : 'const apiKey = process.env.PLATFORM_API_KEY!;\n';
    const source = (preamble + code).replaceAll("'@platform-api/sdk'", `'${sdk}'`).replaceAll(README_BASE, t.url);
    const js = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const file = join(dir, `${name}.mjs`);
    writeFileSync(file, js);
    return file;
  }

  const userEnv = () => {
    const { NODE_OPTIONS: _jest, ...env } = process.env;
    return { ...env, PLATFORM_API_KEY: key };
  };

  it('should send, page through the messages, search contacts, create a webhook and read the message back', async () => {
    const { stdout } = await run('node', [script('send-and-list', sendAndList!)], {
      cwd: dir,
      env: userEnv(),
      timeout: 30_000,
    });
    const [messageId, ...listed] = stdout.trim().split('\n');
    expect(messageId).toMatch(/^\S+$/);
    expect(listed).toContain(messageId);
    const hooks = await t.request('GET', '/webhooks', { key });
    expect(JSON.stringify(hooks.body)).toContain('https://acme.example/hooks');
  }, 60_000);

  it('should print the live email.delivered events of the key', async () => {
    const child = spawn('node', [script('live-events', liveEvents!)], { cwd: dir, env: userEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    try {
      // The subscription starts asynchronously: send until a delivery shows it is live.
      await eventually(
        async () => {
          if (child.exitCode !== null) throw new Error(`the script ended (exit ${child.exitCode}): ${stderr}`);
          await t.request('POST', '/emails', {
            key,
            body: { from: 'me@acme.example', to: 'you@example.com', subject: 'Hello', text: 'Hello' },
          });
          return stdout.includes('email.delivered');
        },
        30_000,
        500,
      );
      expect(stdout.split('\n')[0]).toMatch(/^email\.delivered /);
    } finally {
      child.kill();
    }
  }, 60_000);

  it("should run docs/sdk.md's tour as one script, printing what the page shows", async () => {
    expect(tour).toContain('createPlatformClient');
    const { stdout } = await run('node', [script('sdk-page-tour', tour)], {
      cwd: dir,
      env: userEnv(),
      timeout: 30_000,
    });
    expect({ stdout, matches: matchesLoosely(stdout, tourOutput) }).toEqual({ stdout, matches: true });
  }, 60_000);
});
