import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Strict base64 (no spaces, length a multiple of 4, padding only at the end), checked in linear time. class-validator's
 * `@IsBase64` uses a regular expression with a repeated group that overflows V8's stack on 25 MB attachments
 * ("Maximum call stack size exceeded", a 500); a plain character class does not.
 */
export function isBase64Text(value: unknown): boolean {
  return typeof value === 'string' && value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value);
}

/** The class-validator rule for attachment contents of any size. */
export function IsBase64Text(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isBase64Text', validator: { validate: (value) => isBase64Text(value), defaultMessage: () => 'base64' } },
    options,
  );
}
