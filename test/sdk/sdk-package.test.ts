import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..', '..');

/** The environment a user's shell has: none of Jest's Node options. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _jest, ...env } = process.env;
  return { ...env, ...extra };
}

/**
 * `@platform-api/sdk` as a user gets it: `npm pack` of the workspace (its own build), unpacked into a project's
 * node_modules, imported by name, type-checked through the package's `exports` and run against a started platform.
 */
describe('@platform-api/sdk, the package', () => {
  let t: TestPlatform;
  let project: string;
  let files: string[];

  beforeAll(async () => {
    // Inside the repository, so the package's own dependencies resolve from its node_modules as an install would give them.
    project = mkdtempSync(join(root, 'dist', 'sdk-package-'));
    const { stdout } = await run('npm', ['pack', '--workspace', 'sdk', '--pack-destination', project, '--json'], {
      cwd: root,
      env: userEnv(),
      timeout: 120_000,
    });
    const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    files = packed!.files.map((f) => f.path);
    const installed = join(project, 'node_modules', '@platform-api', 'sdk');
    mkdirSync(installed, { recursive: true });
    await run('tar', ['-xzf', join(project, packed!.filename), '-C', installed, '--strip-components=1']);
    t = await startTestPlatform();
  }, 180_000);
  afterAll(async () => {
    rmSync(project, { recursive: true, force: true });
    await t?.stop();
  });

  it('should ship the built code with its declarations and the OpenAPI types, and no sources', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/openapi.generated.d.ts',
        'dist/operations.generated.js',
      ]),
    );
    expect(files.filter((f) => !f.startsWith('dist/') && f !== 'package.json')).toEqual([]);
    expect(readdirSync(join(project, 'node_modules', '@platform-api', 'sdk', 'dist'))).toContain('client.d.ts');
  });

  const consumer = `import { createPlatformClient, PlatformApiError } from '@platform-api/sdk';
const api = createPlatformClient({ apiKey: process.env.PLATFORM_API_KEY!, baseUrl: process.env.PLATFORM_URL! });
const sent = await api.emails.send({ body: { from: 'me@acme.example', to: 'you@example.com', subject: 'Packed', text: 'Hi' } });
const read = await api.emails.messages.get({ params: { path: { id: sent.data.messageId } } });
const refused = await api.emails.send({ body: { from: 'not an address', to: 'you@example.com', subject: 'x', text: 'x' } }).catch((e: unknown) => e);
console.log(JSON.stringify({ subject: read.data.subject, refused: refused instanceof PlatformApiError ? refused.code : String(refused) }));
`;

  /** Type-checks a user's file that imports the package by name from the project. */
  function diagnostics(name: string, code: string): string[] {
    const file = join(project, name);
    writeFileSync(file, code);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: [join(root, 'node_modules', '@types')],
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  it("should type a user's calls through the package's exports, and refuse a misspelt field and a wrong type", () => {
    expect(diagnostics('consumer.mts', consumer)).toEqual([]);
    expect(diagnostics('misspelt.mts', consumer.replace("subject: 'Packed'", "subjct: 'Packed'")).join('\n')).toMatch(
      /subjct/,
    );
    expect(
      diagnostics(
        'wrong-type.mts',
        consumer.replace("to: 'you@example.com', subject: 'Packed'", "to: 42, subject: 'Packed'"),
      ),
    ).not.toEqual([]);
  }, 120_000);

  it('should run a script that imports it by name against the platform', async () => {
    const js = ts.transpileModule(consumer, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    writeFileSync(join(project, 'consumer.mjs'), js);
    const key = await t.key('sdk-package');
    const { stdout } = await run('node', ['consumer.mjs'], {
      cwd: project,
      env: userEnv({ PLATFORM_API_KEY: key, PLATFORM_URL: t.url }),
      timeout: 30_000,
    });
    expect(JSON.parse(stdout)).toEqual({ subject: 'Packed', refused: 'INVALID_REQUEST' });
  }, 60_000);
});
