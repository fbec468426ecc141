import { getMetadataStorage, validate, type ValidationError } from 'class-validator';
import { DomainError, type ErrorDetails } from '../errors/domain-error.js';
import type { ErrorCode } from '../errors/error-codes.js';

const hasRules = new Map<object, boolean>();
const codes = new WeakMap<object, ErrorCode>();

/**
 * The code an input class answers its rule failures with, when the module's spec names them otherwise than
 * VALIDATION_ERROR (CRM and the platform webhooks: INVALID_REQUEST). Set on the argument's class.
 */
export function ValidationCode(code: ErrorCode): ClassDecorator {
  return (target) => {
    codes.set(target, code);
  };
}

/** Whether class-validator knows rules for a class (cached: most input classes of older modules have none). */
function rulesOf(target: new (...args: never[]) => object): boolean {
  let known = hasRules.get(target);
  if (known === undefined) {
    known = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false).length > 0;
    hasRules.set(target, known);
  }
  return known;
}

/**
 * The one validation layer for typed GraphQL inputs: type-graphql calls it for every argument (after GraphQL
 * has checked the types), and class-validator checks the rules a type cannot express (lengths, formats,
 * ranges, `@ValidateNested()` children). The first failure answers VALIDATION_ERROR with `details`
 * `{field, received, expected}`, the same shape as a wrongly typed variable, rendered by each module's envelope.
 */
export async function validateInput(argValue: unknown): Promise<void> {
  const items = Array.isArray(argValue) ? argValue : [argValue];
  for (const item of items) {
    if (item === null || typeof item !== 'object' || !rulesOf(item.constructor as new () => object)) continue;
    const errors = await validate(item, { forbidUnknownValues: false, skipMissingProperties: false, validationError: { target: false } });
    if (errors.length > 0) throw validationError(errors, codes.get(item.constructor));
  }
}

/**
 * A rule may carry `context: {expected}` when `expected` is not prose (the allowed values as a list, as older modules
 * answer); its `message` then becomes the error's message.
 */
interface Failure { field: string; received: unknown; expected: unknown; message?: string }

/** The first leaf failure, with its dotted path (`messages.0.content`). */
function firstFailure(errors: ValidationError[], path: string[] = []): Failure | null {
  for (const error of errors) {
    const here = [...path, error.property];
    if (error.constraints) {
      const [name, message] = Object.entries(error.constraints)[0]!;
      const context = error.contexts?.[name] as { expected?: unknown } | undefined;
      if (context?.expected !== undefined) return { field: here.join('.'), received: error.value ?? null, expected: context.expected, message };
      return { field: here.join('.'), received: error.value ?? null, expected: message };
    }
    const nested = firstFailure(error.children ?? [], here);
    if (nested) return nested;
  }
  return null;
}

export function validationError(errors: ValidationError[], code: ErrorCode = 'VALIDATION_ERROR'): DomainError {
  const failure: Failure = firstFailure(errors) ?? { field: errors[0]?.property ?? 'input', received: null, expected: 'a valid value' };
  const details: ErrorDetails = { field: failure.field, received: printable(failure.received), expected: failure.expected };
  return new DomainError(code, failure.message ?? `Invalid value for ${failure.field}: ${String(failure.expected)}`, details);
}

/** Long strings and nested objects are shortened in `received`, so an error never echoes a whole payload. */
function printable(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (value !== null && typeof value === 'object') return Array.isArray(value) ? `array(${value.length})` : 'object';
  return value;
}
