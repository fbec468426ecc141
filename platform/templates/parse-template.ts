import { LiquidError, type Liquid, type Template } from 'liquidjs';
import { DomainError } from '../errors/domain-error.js';

/** Where in a template Liquid stopped, 1-based, as the error details give it. */
export interface TemplatePosition {
  line: number;
  column: number;
}

/** A stored template that Liquid cannot parse: `field` names it, the position says where. */
export class TemplateSyntaxError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
    readonly position: TemplatePosition | null,
  ) {
    super(`${field} is not a valid Liquid template: ${reason}`);
  }
}

/** Parses `source` (already in Liquid syntax) or throws TemplateSyntaxError naming `field`. */
export function parseTemplate(engine: Liquid, source: string, field: string): Template[] {
  try {
    return engine.parse(source);
  } catch (error) {
    if (!(error instanceof LiquidError)) throw error;
    throw new TemplateSyntaxError(field, reasonOf(error), positionOf(error));
  }
}

/** A create or update that stores a template Liquid cannot parse: 400 INVALID_REQUEST naming the field and place. */
export function invalidTemplate(error: TemplateSyntaxError, received: unknown = null): DomainError {
  return new DomainError('INVALID_REQUEST', error.message, {
    field: error.field,
    received,
    expected: 'a Liquid template',
    ...(error.position ?? {}),
  });
}

/** The top-level model paths a template reads (`user.name`, `items.0.title`), each once, in order of first use. */
export function templateVariables(engine: Liquid, templates: Template[]): string[] {
  const seen = new Set<string>();
  for (const segments of engine.globalVariableSegmentsSync(templates)) {
    if (segments.every((s) => typeof s === 'string' || typeof s === 'number')) seen.add(segments.join('.'));
  }
  return [...seen];
}

// Liquid's message ends with ", line:2, col:5"; the position goes in the details instead.
function reasonOf(error: LiquidError): string {
  return error.message.replace(/, line:\d+, col:\d+$/, '');
}

function positionOf(error: LiquidError): TemplatePosition | null {
  const [line, column] = error.token?.getPosition() ?? [];
  return typeof line === 'number' && typeof column === 'number' ? { line, column } : null;
}
