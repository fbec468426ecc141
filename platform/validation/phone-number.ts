import { Matches, type ValidationOptions } from 'class-validator';

/**
 * The platform's one E.164 rule: `+`, a country code that does not start with 0, 7 to 15 digits in all, nothing else
 * (no spaces, dashes or brackets). The shortest numbers in service (Niue, Saint Helena, Tokelau) have 7 digits with
 * their country code; 15 is E.164's maximum. Whether a number is assigned is the carrier's answer, not this rule's.
 */
export const E164 = /^\+[1-9]\d{6,14}$/;

export function isE164(value: unknown): value is string {
  return typeof value === 'string' && E164.test(value);
}

/** class-validator rule over `isE164`; `message` is what the field's error says it expected. */
export function IsE164(
  options: ValidationOptions = { message: 'an E.164 phone number such as +14155550100' },
): PropertyDecorator {
  return Matches(E164, options);
}
