import type { ErrorDetails } from './domain-error.js';

const COERCION = /^Variable "\$(\w+)" got invalid value (.*?)(?: at "([^"]+)")?; (.*)$/s;
const FIELD_IN_REASON = /Field "([^"]+)"/;
const UNKNOWN_FIELD = /^Field "[^"]+" is not defined by type/;
const MISSING_FIELD = /^Field "[^"]+" of required type "[^"]+" was not provided/;
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
  // An unknown or missing field names itself (and never echoes the whole object), as the hand-written checks did.
  const received =
    named && UNKNOWN_FIELD.test(reason!) ? named[1]! : MISSING_FIELD.test(reason!) ? null : printedValue(rawValue!);
  return { field, received, expected: reason!.replace(/\.$/, '') };
}

/** The value as GraphQL printed it: JSON when it parses, null for a field left out, the text otherwise. */
function printedValue(text: string): unknown {
  if (text === 'undefined') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
