import { Liquid } from 'liquidjs';

/** How every `{{ }}` output is written: HTML-escaped (email HTML bodies, canned responses) or as plain text. */
export type TemplateOutput = 'html' | 'text';

export interface TemplateEngineOptions {
  output: TemplateOutput;
  /**
   * What a value that is not a string, number or boolean prints as. Email prints '' (never `[object Object]`); SMS
   * throws, so the send can be refused naming the variable.
   */
  nonScalar?: (value: object) => string;
  /** Whether Liquid's `raw` filter skips the HTML escaping (email's `{{{ }}}`); otherwise it is escaped like any. */
  rawUnescaped?: boolean;
  /** The HTML escaping of `output: 'html'`: `escapeHtml` unless a module must keep the entities it always wrote. */
  escape?: (text: string) => string;
}

// The limits stop a hostile template from spinning or exhausting memory: parse at most 100 kB, render for at most
// 200 ms, allocate at most 1 MB of strings and arrays through filters and loops.
export const TEMPLATE_LIMITS = { parseLimit: 100_000, renderLimit: 200, memoryLimit: 1_000_000 } as const;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

/**
 * The one Liquid configuration every module renders user templates with. `ownPropertyOnly` keeps prototypes out of
 * reach; `include`/`render`/`layout` see an empty in-memory file system (no disk reads); unknown variables render
 * empty and unknown filters pass the value through, as Liquid does by default.
 */
export function createTemplateEngine(options: TemplateEngineOptions): Liquid {
  const nonScalar = options.nonScalar ?? (() => '');
  const text = (value: unknown): string => scalarText(value, nonScalar);
  const engine = new Liquid({
    outputEscape: options.output === 'html' ? (value: unknown) => (options.escape ?? escapeHtml)(text(value)) : text,
    strictFilters: false,
    strictVariables: false,
    ownPropertyOnly: true,
    templates: {},
    ...TEMPLATE_LIMITS,
  });
  // Liquid's own `raw` would print objects as `[object Object]`; this one formats values as every output does.
  engine.registerFilter(
    'raw',
    options.output === 'html' && options.rawUnescaped
      ? { handler: text, raw: true }
      : { handler: (value: unknown) => value, raw: false },
  );
  return engine;
}

/** Strings, numbers and booleans print as themselves; null and undefined as ''. */
function scalarText(value: unknown, nonScalar: (value: object) => string): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    case 'object':
      return value === null ? '' : nonScalar(value);
    default:
      return '';
  }
}
