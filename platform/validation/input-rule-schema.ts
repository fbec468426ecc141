import { getMetadataStorage as validatorMetadata, validateSync, type ValidationError } from 'class-validator';
import { getMetadataStorage as graphqlMetadata } from 'type-graphql';

/** A JSON Schema fragment (2020-12). */
export type SchemaFragment = Record<string, unknown>;

/** What the class-validator rules of one GraphQL input type say, in JSON Schema words, by GraphQL field name. */
export interface InputTypeRules {
  /** Fields refused when left out (validating an empty input reports them). */
  required: string[];
  /** Constraints of a field's value; `each` ones apply to the items of a list. */
  fields: Record<string, { value: SchemaFragment; items: SchemaFragment }>;
}

/** Looks up the rules of a GraphQL input type by name; undefined for a type without a class here. */
export type InputRuleSource = (typeName: string) => InputTypeRules | undefined;

const E164 = '^\\+[1-9]\\d{1,14}$';

/** One class-validator rule as JSON Schema, when JSON Schema can say it. */
function fragmentOf(name: string | undefined, constraints: unknown[]): SchemaFragment | undefined {
  const [a, b] = constraints;
  switch (name) {
    case 'maxLength':
      return { maxLength: a };
    case 'minLength':
      return { minLength: a };
    case 'length':
      return { ...(typeof a === 'number' ? { minLength: a } : {}), ...(typeof b === 'number' ? { maxLength: b } : {}) };
    case 'min':
      return { minimum: a };
    case 'max':
      return { maximum: a };
    case 'arrayMaxSize':
      return { maxItems: a };
    case 'arrayMinSize':
      return { minItems: a };
    case 'isIn':
      return Array.isArray(a) ? { enum: a } : undefined;
    case 'isEmail':
      return { format: 'email' };
    case 'isUrl':
      return { format: 'uri' };
    case 'isPhoneNumber':
      return { pattern: E164 };
    // A pattern with flags (i, u, ...) means something else without them: left to the description.
    case 'matches':
      return a instanceof RegExp
        ? a.flags === ''
          ? { pattern: a.source }
          : undefined
        : typeof a === 'string' && !b
          ? { pattern: a }
          : undefined;
    default:
      return undefined;
  }
}

/**
 * The class-validator rules on the modules' `@InputType` classes, read from the metadata the decorators left (the
 * same rules validate-input.ts runs), so the OpenAPI document publishes what the server checks: required fields,
 * lengths, ranges, allowed values, formats and patterns. Rules JSON Schema cannot say (predicates of our own)
 * stay in the field's description.
 */
export function classValidatorRules(): InputRuleSource {
  const cache = new Map<string, InputTypeRules | undefined>();
  return (typeName) => {
    if (cache.has(typeName)) return cache.get(typeName);
    const rules = rulesOf(typeName);
    cache.set(typeName, rules);
    return rules;
  };
}

function rulesOf(typeName: string): InputTypeRules | undefined {
  const type = graphqlMetadata().inputTypes.find((t) => t.name === typeName);
  if (!type) return undefined;
  const graphqlName = new Map((type.fields ?? []).map((f) => [f.name, f.schemaName]));
  const nameOf = (property: string) => graphqlName.get(property) ?? property;
  const fields: InputTypeRules['fields'] = {};
  for (const metadata of validatorMetadata().getTargetValidationMetadatas(type.target, '', true, false)) {
    const fragment = fragmentOf(metadata.name ?? constraintName(metadata.constraintCls), metadata.constraints ?? []);
    if (!fragment) continue;
    const entry = (fields[nameOf(metadata.propertyName)] ??= { value: {}, items: {} });
    Object.assign(metadata.each ? entry.items : entry.value, fragment);
  }
  return { required: requiredOf(type.target).map(nameOf), fields };
}

/** The name a ValidateBy rule registered for its constraint class. */
function constraintName(constraintCls: unknown): string | undefined {
  if (typeof constraintCls !== 'function') return undefined;
  return validatorMetadata().getTargetValidatorConstraints(constraintCls)[0]?.name;
}

/** The properties an empty input is refused for: exactly what the server answers when they are left out. */
function requiredOf(target: { prototype: unknown }): string[] {
  let errors: ValidationError[];
  try {
    errors = validateSync(Object.create(target.prototype as object) as object, {
      forbidUnknownValues: false,
      skipMissingProperties: false,
      validationError: { target: false },
    });
  } catch {
    return []; // a rule that cannot run on an empty input decides nothing here
  }
  return errors.map((e) => e.property);
}
