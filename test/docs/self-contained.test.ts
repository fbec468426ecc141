import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectRoot } from '../../platform/config/project-root.js';

/**
 * The repository explains itself: code, schema and docs state the rules they follow instead of pointing at documents a
 * reader of the repository does not have (spec part numbers, issue numbers, design notes kept elsewhere).
 */
const ROOTS = [
  'platform',
  'subgraphs',
  'gateway',
  'rest-bridge',
  'schema',
  'test',
  'docs',
  'README.md',
  '.dependency-cruiser.cjs',
  'eslint.config.js',
];
const CITATION =
  /\b[Dd]ocument \d+,? parts? \d|\b[Ii]ssue \d+\b(?! (recovery )?codes)|DESIGN\.md|shared\/(spec|anchors)|anchors\/[a-z-]+\.md/;

function filesUnder(path: string): string[] {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path).flatMap((name) =>
    name === 'node_modules' || name === 'dist' ? [] : filesUnder(join(path, name)),
  );
}

describe('the repository explains itself', () => {
  it('should cite no spec part, issue number or outside design note in code, schema, tests or docs', () => {
    const root = projectRoot();
    const found = ROOTS.flatMap((r) => filesUnder(join(root, r)))
      .filter((file) => /\.(ts|js|cjs|graphql|md|json)$/.test(file) && !file.endsWith('self-contained.test.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ file: relative(root, file), line: i + 1, text: line })),
      )
      .filter(({ text }) => CITATION.test(text))
      .map(({ file, line, text }) => `${file}:${line}: ${text.trim().slice(0, 120)}`);
    expect(found).toEqual([]);
  });
});
