import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Options that give a class-validator rule its own `expected` (a list of allowed values, or prose) and message, so
 * a typed input answers the same details the hand-written checks of older modules did.
 */
export function rule(expected: unknown, message: string): ValidationOptions {
  return { message, context: { expected } };
}

/** A rule of our own as a decorator: `test` passes or the value is refused with `expected` and `message`. */
export function Satisfies(
  name: string,
  test: (value: unknown) => boolean,
  expected: unknown,
  message: string,
): PropertyDecorator {
  return ValidateBy({ name, validator: { validate: (value) => test(value) } }, rule(expected, message));
}

/** A typed input as a plain object of the keys that were given (GraphQL leaves the others out). */
export function provided<T extends object>(input: T | null | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(input ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>;
}
