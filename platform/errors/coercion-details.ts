import type { ErrorDetails } from './domain-error.js';

const COERCION = /^Variable "\$(\w+)" got invalid value (.*?)(?: at "([^"]+)")?; (.*)$/s;
const FIELD_IN_REASON = /Field "([^"]+)"/;
const MISSING_VARIABLE = /^Variable "\$(\w+)" of (?:required|non-null) type "([^"]+)" was not provided\.?$/;

/**
 * GraphQL reports a wrongly typed variable in prose ("Variable "$input" got invalid value 1 at "input.to[0]"; ...").
 * This turns it into the platform's details, so typed inputs still answer with field, received and expected.
 */
export function coercionDetails(message: string): ErrorDetails | undefined {
  const missing = MISSING_VARIABLE.exec(message);
  if (missing) return { field: missing[1]!, received: null, expected: missing[2]! };
  const match = COERCION.exec(message);
  if (!match) return undefined;
  const [, variable, rawValue, at, reason] = match;
  let field = at ? at.split('.').slice(1).join('.') || variable! : variable!;
  const named = FIELD_IN_REASON.exec(reason!);
  if (named && !field.endsWith(named[1]!)) field = field === variable ? named[1]! : `${field}.${named[1]}`;
  let received: unknown = rawValue;
  try {
    received = JSON.parse(rawValue!);
  } catch {
    // keep the text as GraphQL printed it
  }
  return { field, received, expected: reason!.replace(/\.$/, '') };
}
