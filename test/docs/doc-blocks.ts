/** A shell block of a documentation page and what the page says it prints. */
export interface DocStep {
  /** The ```bash block, as written. */
  script: string;
  /** The ```text block right after it, if any. */
  expected?: string;
  /** Line of the block in the page (1-based), for failure messages. */
  line: number;
}

const FENCE = /^```([\w-]*)\n([\s\S]*?)^```[ \t]*$/gm;

/** Every ```bash block of a Markdown page, in order, each with the ```text block that follows it. */
export function docSteps(markdown: string): DocStep[] {
  const steps: DocStep[] = [];
  for (const match of markdown.matchAll(FENCE)) {
    const [, language, body] = match;
    const line = markdown.slice(0, match.index).split('\n').length;
    if (language === 'bash') steps.push({ script: body!, line });
    else if (language === 'text') {
      const previous = steps[steps.length - 1];
      if (!previous || previous.expected !== undefined)
        throw new Error(`docs: the text block at line ${line} follows no bash block`);
      previous.expected = body!;
    } else if (steps.length && steps[steps.length - 1]!.expected === undefined && language !== 'sh') {
      // Any other block between a command and its output would be read as neither: keep pages unambiguous.
      throw new Error(`docs: a ${language || 'plain'} block at line ${line} sits between a bash block and its output`);
    }
  }
  return steps;
}

/** Variable names the page's blocks assign (`NAME=` or `export NAME=` at the start of a line). */
export function assignedNames(steps: DocStep[]): string[] {
  const names = new Set<string>();
  for (const { script } of steps)
    for (const m of script.matchAll(/^(?:export\s+)?([A-Z_][A-Z0-9_]*)=/gm)) names.add(m[1]!);
  return [...names];
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Whether `output` is what the page shows: `…` stands for any text, runs of white space compare equal, and the
 * output must start and end as the page does (unless the page starts or ends with `…`).
 */
export function matchesLoosely(output: string, expected: string): boolean {
  const fragments = squash(expected)
    .split('…')
    .map((f) => f.trim());
  const actual = squash(output);
  let at = 0;
  for (const [i, fragment] of fragments.entries()) {
    if (!fragment) continue;
    const found = actual.indexOf(fragment, at);
    if (found < 0 || (i === 0 && found !== 0)) return false;
    at = found + fragment.length;
  }
  const last = fragments[fragments.length - 1]!;
  return last === '' || actual.endsWith(last);
}
