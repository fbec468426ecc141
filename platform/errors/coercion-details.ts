import type { ErrorDetails } from './domain-error.js';

const COERCION = /^Variable "\$(\w+)" got invalid value (.*?)(?: at "([^"]+)")?; (.*)$/s;
const FIELD_IN_REASON = /Field "([^"]+)"/;

/**
 * GraphQL reports a wrongly typed variable in prose ("Variable "$input" got invalid value 1 at "input.to[0]"; ...").
 * This turns it into the platform's details, so typed inputs still answer with field, received and expected.
 */
export function coercionDetails(message: string): ErrorDetails | undefined {
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
