import { LRUCache } from 'lru-cache';
import type { Liquid, Template } from 'liquidjs';
import { parseTemplate, renderParsed } from './liquid-template.js';
import { FORBIDDEN_KEYS, templateScope } from './template-model.js';

/** A source parsed once: the Liquid templates, the model paths it reads, and the top-level keys those start from. */
interface ParsedTemplate {
  templates: Template[];
  variables: string[];
  /** The model keys a render needs; null when a path starts with a computed key, so the whole model is needed. */
  roots: string[] | null;
}

// One cache for every module's templates, bounded by the sources' length (a template is at most 100 kB to parse):
// a busy send path renders the same few templates again and again, and parsing is most of a render's cost.
const parsed = new LRUCache<string, ParsedTemplate>({
  max: 5_000,
  maxSize: 20_000_000,
  sizeCalculation: (_, key) => key.length,
});
let renderers = 0;

/**
 * One module's way of rendering user templates: a Liquid engine (template-engine.ts) and the rewrite of the dialect
 * its templates were first written in (legacy-syntax.ts). Parses go through the shared cache; a render copies only
 * the parts of the model the template reads.
 */
export class TemplateRenderer {
  private readonly id = `${renderers++}\u0000`;

  constructor(
    private readonly engine: Liquid,
    private readonly dialect: (source: string) => string = (source) => source,
  ) {}

  /** Throws TemplateError naming `field` when `source` does not parse. */
  check(source: string, field: string): void {
    this.parse(source, field);
  }

  /**
   * Renders `source` against `model`; missing values render as ''. Throws TemplateError naming `field` when it does
   * not parse or reaches a render limit (and whatever the engine's output refuses: template-engine.ts `nonScalar`).
   */
  render(source: string, model: Record<string, unknown> | null | undefined, field: string): string {
    const template = this.parse(source, field);
    return renderParsed(this.engine, template.templates, scopeFor(model, template.roots), field);
  }

  /** The model paths `source` reads (`user.name`), each once, in order of first use; none when it does not parse. */
  variables(source: string): string[] {
    try {
      return this.parse(source, 'template').variables;
    } catch {
      return [];
    }
  }

  private parse(source: string, field: string): ParsedTemplate {
    const key = this.id + source;
    let template = parsed.get(key);
    if (!template) {
      const templates = parseTemplate(this.engine, this.dialect(source), field);
      template = { templates, ...this.analyse(templates) };
      parsed.set(key, template);
    }
    return template;
  }

  private analyse(templates: Template[]): Pick<ParsedTemplate, 'variables' | 'roots'> {
    const variables = new Set<string>();
    const roots = new Set<string>();
    let computedRoot = false;
    try {
      for (const segments of this.engine.globalVariableSegmentsSync(templates)) {
        if (typeof segments[0] === 'string') roots.add(segments[0]);
        else computedRoot = true;
        if (segments.every((s) => typeof s === 'string' || typeof s === 'number')) variables.add(segments.join('.'));
      }
    } catch {
      return { variables: [], roots: null };
    }
    return { variables: [...variables], roots: computedRoot ? null : [...roots] };
  }
}

/** The template's view of the model: a JSON copy (template-model.ts) of only the keys it reads. */
function scopeFor(model: Record<string, unknown> | null | undefined, roots: string[] | null): Record<string, unknown> {
  if (model == null || roots === null) return templateScope(model);
  const used: Record<string, unknown> = {};
  for (const root of roots)
    if (!FORBIDDEN_KEYS.has(root) && Object.prototype.hasOwnProperty.call(model, root)) used[root] = model[root];
  return templateScope(used);
}
