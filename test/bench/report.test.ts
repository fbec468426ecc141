import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compactMarkdown, HAND_WRITTEN_HEADING, writeSection } from './report.js';

const stamp = { date: '2026-12-01 18:00 UTC', machine: '2 cores (Test CPU)', node: 'v20.19.0' };

describe('the BENCHMARKS.md writer', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bench-report-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should stamp each section with date, machine and command, and say how to reproduce it', () => {
    const file = join(dir, 'BENCHMARKS.md');
    writeSection(
      file,
      'sms',
      '## SMS\n\nA paragraph wrapped\nover two lines.\n\n| a | b |\n|---|---|\n| 1 | 2 |',
      stamp,
    );
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(
      '## SMS\n\nA paragraph wrapped over two lines.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nRun 2026-12-01 18:00 UTC on 2 cores (Test CPU), Node v20.19.0, by `npm run bench -- --only sms`. How to reproduce:',
    );
  });

  it('should replace a section in place and put a new one before the hand-written sections', () => {
    const file = join(dir, 'BENCHMARKS.md');
    writeSection(file, 'sms', '## SMS\n\nalpha', stamp);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n### Pages weight\n\nby hand\n`);
    writeSection(file, 'forms', '## Forms\n\nforms', stamp);
    writeSection(file, 'sms', '## SMS\n\nbeta', stamp);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('alpha');
    expect(text.indexOf('beta')).toBeLessThan(text.indexOf('## Forms'));
    expect(text.indexOf('## Forms')).toBeLessThan(text.indexOf(HAND_WRITTEN_HEADING));
    expect(text.indexOf(HAND_WRITTEN_HEADING)).toBeLessThan(text.indexOf('### Pages weight\n\nby hand'));
  });

  it('should join soft-wrapped paragraph and list lines, and leave tables, headings and fences alone', () => {
    expect(
      compactMarkdown('a\nb\n\n- item\n  more\n- next\n\n| x |\n|---|\n\n## H\ntext\n\n```\nkeep\nlines\n```'),
    ).toBe('a b\n\n- item more\n- next\n\n| x |\n|---|\n\n## H\ntext\n\n```\nkeep\nlines\n```');
  });
});

describe('BENCHMARKS.md', () => {
  const text = readFileSync(join(import.meta.dirname, '..', '..', '..', 'BENCHMARKS.md'), 'utf8');

  it('should stay within 300 lines', () => {
    expect(text.split('\n').length).toBeLessThanOrEqual(300);
  });

  it('should say, in every generated section, when and where it ran and how to reproduce it', () => {
    const sections = [...text.matchAll(/<!-- bench:([\w-]+):start[^\n]*-->\n([\s\S]*?)<!-- bench:\1:end -->/g)];
    expect(sections.length).toBeGreaterThan(10);
    for (const [, key, body] of sections)
      expect(body).toMatch(
        new RegExp(
          `\\nRun \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC on .+, Node v[\\d.]+, by \`npm run bench -- --only ${key}\`\\. How to reproduce: `,
        ),
      );
  });
});
