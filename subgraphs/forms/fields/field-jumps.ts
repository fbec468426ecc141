import type { FieldType } from '../entities/form-status.js';
import { isEmpty, KIND_OF } from './field-rules.js';
import { validationError } from '../shared/validation-error.js';

/**
 * Logic jumps, Typeform's shape kept to one field: after a question is answered, its jumps are tried in order and the
 * first whose condition holds sends the respondent to a later question (or to the end); none holding, the next
 * question follows. Jumps only go forward, so a path always ends and is computed in one pass.
 */
export interface FieldJump {
  when: JumpCondition;
  /** A later field's ref, or `end`. */
  to: string;
  /** Compared with text and choice answers. */
  value?: string;
  /** Compared with number answers (NUMBER, RATING, NPS, SLIDER), the key their answers use. */
  valueNumber?: number;
}

export const JUMP_CONDITIONS = [
  'equals',
  'notEquals',
  'includes',
  'greaterThan',
  'lessThan',
  'answered',
  'unanswered',
] as const;
export type JumpCondition = (typeof JUMP_CONDITIONS)[number];
export const JUMP_TO_END = 'end';
const MAX_JUMPS = 20;

/** Which conditions compare with what, by the field's kind of value. */
const CONDITIONS_BY_KIND: Record<ReturnType<typeof kindOf>, readonly JumpCondition[]> = {
  text: ['equals', 'notEquals', 'answered', 'unanswered'],
  number: ['equals', 'notEquals', 'greaterThan', 'lessThan', 'answered', 'unanswered'],
  choice: ['equals', 'notEquals', 'includes', 'answered', 'unanswered'],
  other: ['answered', 'unanswered'],
};

function kindOf(type: FieldType): 'text' | 'number' | 'choice' | 'other' {
  const kind = KIND_OF[type];
  return kind === 'text' || kind === 'number' || kind === 'choice' ? kind : 'other';
}

/** Checks `settings.jumps` of a field: shape, conditions fit for its type, values among its options. Targets are checked at publish. */
export function checkJumps(type: FieldType, options: string[] | undefined, raw: unknown): FieldJump[] {
  const field = 'settings.jumps';
  if (!Array.isArray(raw) || raw.length > MAX_JUMPS)
    throw validationError(
      field,
      Array.isArray(raw) ? `${raw.length} jumps` : raw,
      `array of at most ${MAX_JUMPS} jumps`,
      `${field} must be a list of at most ${MAX_JUMPS} jumps`,
    );
  const allowed = CONDITIONS_BY_KIND[kindOf(type)];
  return raw.map((item, i) => {
    const at = `${field}[${i}]`;
    const jump = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const when = jump.when as JumpCondition;
    if (!allowed.includes(when))
      throw validationError(
        `${at}.when`,
        jump.when ?? null,
        [...allowed],
        `${at}.when must be one of ${allowed.join(', ')} for ${type} fields`,
      );
    if (typeof jump.to !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(jump.to))
      throw validationError(
        `${at}.to`,
        jump.to ?? null,
        'a later field\'s ref, or "end"',
        `${at}.to must name a field by its ref, or be "end"`,
      );
    const out: FieldJump = { when, to: jump.to };
    const numeric = kindOf(type) === 'number';
    const [key, wrongKey] = numeric ? (['valueNumber', 'value'] as const) : (['value', 'valueNumber'] as const);
    if (jump[wrongKey] !== undefined && jump[wrongKey] !== null)
      throw validationError(
        `${at}.${wrongKey}`,
        jump[wrongKey],
        numeric ? 'valueNumber' : 'value',
        `${type} answers are compared with ${key}, not ${wrongKey}`,
      );
    const given = jump[key];
    if (when === 'answered' || when === 'unanswered') {
      if (given !== undefined && given !== null)
        throw validationError(`${at}.${key}`, given, 'nothing', `${at}.${key} does not apply to "${when}"`);
      return out;
    }
    if (
      numeric ? typeof given !== 'number' || !Number.isFinite(given) : typeof given !== 'string' || given.length > 1000
    ) {
      throw validationError(
        `${at}.${key}`,
        given ?? null,
        numeric ? 'number' : 'string of at most 1000 characters',
        `${at}.${key} is required for "${when}"`,
      );
    }
    if (kindOf(type) === 'choice' && options && !options.includes(given as string))
      throw validationError(`${at}.value`, given, options, `${at}.value must be one of the field's options`);
    if (numeric) out.valueNumber = given as number;
    else out.value = given as string;
    return out;
  });
}

/** Whether `jump` holds for `answer` (the stored value: a string, number or the array of chosen options). */
export function jumpHolds(jump: FieldJump, answer: unknown): boolean {
  if (jump.when === 'answered') return !isEmpty(answer);
  if (jump.when === 'unanswered') return isEmpty(answer);
  if (isEmpty(answer)) return false;
  const expected = jump.valueNumber ?? jump.value;
  // A choice answer is the array of chosen options: it equals a value when that is the one option chosen.
  const equals = Array.isArray(answer) ? answer.length === 1 && answer[0] === expected : answer === expected;
  switch (jump.when) {
    case 'equals':
      return equals;
    case 'notEquals':
      return !equals;
    case 'includes':
      return Array.isArray(answer) && answer.includes(expected);
    case 'greaterThan':
      return typeof answer === 'number' && answer > (expected as number);
    case 'lessThan':
      return typeof answer === 'number' && answer < (expected as number);
  }
}

interface PathField {
  ref: string;
  settings: Record<string, unknown>;
}

/**
 * The refs of the questions a respondent with these answers is shown, in order. A jump whose target is gone or not
 * later (the form was edited while live) is passed over, so a path never loops.
 */
export function questionPath(fields: readonly PathField[], answers: Record<string, unknown>): Set<string> {
  const position = new Map(fields.map((f, i) => [f.ref, i]));
  const path = new Set<string>();
  let at = 0;
  while (at < fields.length) {
    const field = fields[at]!;
    path.add(field.ref);
    const jumps = Array.isArray(field.settings.jumps) ? (field.settings.jumps as FieldJump[]) : [];
    const taken = jumps.find(
      (j) => (j.to === JUMP_TO_END || (position.get(j.to) ?? -1) > at) && jumpHolds(j, answers[field.ref]),
    );
    at = !taken ? at + 1 : taken.to === JUMP_TO_END ? fields.length : position.get(taken.to)!;
  }
  return path;
}

/** At publish: every jump's target is `end` or a field after its own. */
export function checkJumpTargets(fields: readonly PathField[]): void {
  const position = new Map(fields.map((f, i) => [f.ref, i]));
  fields.forEach((field, at) => {
    const jumps = Array.isArray(field.settings.jumps) ? (field.settings.jumps as FieldJump[]) : [];
    jumps.forEach((jump, i) => {
      if (jump.to === JUMP_TO_END || (position.get(jump.to) ?? -1) > at) return;
      const later = fields.slice(at + 1).map((f) => f.ref);
      throw validationError(
        `fields.${field.ref}.settings.jumps[${i}].to`,
        jump.to,
        [...later, JUMP_TO_END],
        position.has(jump.to)
          ? `A jump of ${field.ref} goes back to ${jump.to}: jumps only go to a later question or "end"`
          : `A jump of ${field.ref} goes to "${jump.to}", which is not a field of this form`,
      );
    });
  });
}

/** Questions some jump can skip: a page must not make them required before it knows the respondent's path. */
export function skippableRefs(fields: readonly PathField[]): Set<string> {
  const position = new Map(fields.map((f, i) => [f.ref, i]));
  const skippable = new Set<string>();
  fields.forEach((field, at) => {
    const jumps = Array.isArray(field.settings.jumps) ? (field.settings.jumps as FieldJump[]) : [];
    for (const jump of jumps) {
      const to = jump.to === JUMP_TO_END ? fields.length : (position.get(jump.to) ?? -1);
      for (let i = at + 1; i < to; i++) skippable.add(fields[i]!.ref);
    }
  });
  return skippable;
}
