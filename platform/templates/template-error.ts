import { LiquidError, type AssertionError } from 'liquidjs';
import { DomainError } from '../errors/domain-error.js';

/** Where in a template Liquid stopped, 1-based, as the error details give it. */
export interface TemplatePosition {
  line: number;
  column: number;
}

/** A template Liquid cannot parse, or stopped rendering (a limit): `field` names it, the position says where. */
export class TemplateError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
    readonly position: TemplatePosition | null,
  ) {
    super(
      `${field} is not a valid Liquid template${position ? ` (line ${position.line}, column ${position.column})` : ''}: ${reason}`,
    );
  }

  static of(error: LiquidError | AssertionError, field: string): TemplateError {
    // Liquid's message ends with ", line:2, col:5"; the position goes in the details instead.
    const [line, column] = error instanceof LiquidError ? (error.token?.getPosition() ?? []) : [];
    const position = typeof line === 'number' && typeof column === 'number' ? { line, column } : null;
    return new TemplateError(field, error.message.replace(/, line:\d+, col:\d+$/, ''), position);
  }
}

/**
 * Thrown by a module's output formatting to refuse a value (SMS: an object). `expression` is filled in while
 * rendering with the output tag's expression (`user.name`), so the module can name the variable.
 */
export class TemplateValueError extends Error {
  expression = '';
}

/** A create or update that stores a template Liquid cannot parse: 400 INVALID_REQUEST naming the field and place. */
export function invalidTemplate(error: TemplateError, received: unknown = null): DomainError {
  return new DomainError('INVALID_REQUEST', error.message, {
    field: error.field,
    received,
    expected: 'a Liquid template',
    ...(error.position ?? {}),
  });
}
