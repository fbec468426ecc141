import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..', '..', '..');

/** The TypeScript blocks of the README's SDK section, each compiled against the SDK's source as a user's file would be. */
describe('The SDK examples of README.md and docs/sdk.md', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## SDK'), readme.indexOf('\n## ', readme.indexOf('## SDK') + 1));
  const tsBlocks = (text: string) => [...text.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
  // docs/sdk.md's blocks are one script (each uses what the ones before it declared): compiled as one file.
  const blocks = [...tsBlocks(section), tsBlocks(readFileSync(join(root, 'docs', 'sdk.md'), 'utf8')).join('\n')];

  it('should hold the examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expect(blocks.at(-1)).toContain('createPlatformClient');
  });

  it('should compile each example with no error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'readme-sdk-'));
    try {
      const files = blocks.map((code, i) => {
        const file = join(dir, `example-${i}.mts`);
        // `apiKey` stands for the reader's key where a block uses it without declaring it.
        const preamble = /\bconst apiKey\b/.test(code) ? '' : 'declare const apiKey: string;\n';
        writeFileSync(
          file,
          preamble +
            code.replaceAll("'@platform-api/sdk'", `'${join(root, 'sdk', 'src', 'index.ts')}'`) +
            '\nexport {};\n',
        );
        return file;
      });
      const program = ts.createProgram(files, {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        allowImportingTsExtensions: true,
        esModuleInterop: true,
        skipLibCheck: true,
        types: ['node'],
        typeRoots: [join(root, 'node_modules', '@types')],
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
