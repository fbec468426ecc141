import type { FormField } from '../entities/form-field.entity.js';
import { checkAnswer, isEmpty, KIND_OF, VALUE_KEYS } from '../fields/field-rules.js';
import { validationError } from '../shared/validation-error.js';
import { questionPath } from '../fields/field-jumps.js';

/** Answers by field ref; null clears an earlier partial answer. */
export type AnswerMap = Record<string, unknown>;

/**
 * Reads either `data` (object keyed by field ref) or `answers` (array of `{fieldRef | fieldId, <value key>}`),
 * checks every given value against its field and returns them keyed by ref.
 */
export function parseAnswers(fields: FormField[], body: Record<string, unknown>): AnswerMap {
  if (body.data != null && body.answers != null)
    throw validationError(
      'data',
      'data and answers',
      'either data or answers',
      'Send either data or answers, not both',
    );
  const byRef = new Map(fields.map((f) => [f.ref, f]));
  const out: AnswerMap = {};
  const put = (field: FormField, value: unknown) => {
    out[field.ref] = isEmpty(value) ? null : checkAnswer(field, value);
  };
  if (body.data != null) {
    const data = body.data as Record<string, unknown>; // an object: FormSubmitInput checks it
    for (const [ref, raw] of Object.entries(data)) {
      const field = byRef.get(ref);
      if (!field)
        throw validationError(`data.${ref}`, ref, [...byRef.keys()], `The form has no field with ref "${ref}"`);
      // A single choice may be sent bare; it is stored as the one-element array the type expects.
      put(field, field.type === 'SELECT' && typeof raw === 'string' ? [raw] : raw);
    }
  }
  if (body.answers != null) {
    if (!Array.isArray(body.answers) || body.answers.length > 500)
      throw validationError(
        'answers',
        Array.isArray(body.answers) ? `${body.answers.length} answers` : typeof body.answers,
        'array of answers',
        'answers must be an array',
      );
    body.answers.forEach((raw, i) => {
      const answer = raw as Record<string, unknown>; // a FormAnswerInput: only the keys given
      const field = findField(fields, answer, i);
      const expected = VALUE_KEYS[KIND_OF[field.type]];
      const given = Object.keys(answer).filter((k) => k !== 'fieldRef' && k !== 'fieldId');
      const wrong = given.filter((k) => !expected.includes(k));
      const primary = expected[0]!;
      // The value key must be the one of the field's type (e.g. valueNumber for RATING).
      if (wrong.length > 0 || !given.includes(primary)) {
        throw validationError(
          field.ref,
          wrong.length > 0 ? wrong : given,
          expected,
          `${field.type} answers carry ${expected.join(', ')}${wrong.length ? `, not ${wrong.join(', ')}` : ''}`,
        );
      }
      const value =
        KIND_OF[field.type] === 'file'
          ? answer.fileUrl == null
            ? null
            : { fileUrl: answer.fileUrl, fileName: answer.fileName, fileSize: answer.fileSize }
          : answer[primary];
      put(field, value);
    });
  }
  return out;
}

function findField(fields: FormField[], answer: Record<string, unknown>, i: number): FormField {
  const refs = fields.map((f) => f.ref);
  if (answer.fieldRef != null) {
    const field = fields.find((f) => f.ref === answer.fieldRef);
    if (!field)
      throw validationError(
        `answers[${i}].fieldRef`,
        answer.fieldRef,
        refs,
        `The form has no field with ref "${String(answer.fieldRef)}"`,
      );
    return field;
  }
  if (answer.fieldId != null) {
    const field = fields.find((f) => f.id === answer.fieldId);
    if (!field)
      throw validationError(
        `answers[${i}].fieldId`,
        answer.fieldId,
        fields.map((f) => f.id),
        `The form has no field with id ${String(answer.fieldId)}`,
      );
    return field;
  }
  throw validationError(`answers[${i}].fieldRef`, null, refs, 'Each answer names its field by fieldRef or fieldId');
}

/** Merges new answers into stored ones (null removes one), as Formbricks merges response data. */
export function mergeAnswers(stored: AnswerMap, given: AnswerMap): AnswerMap {
  const merged = { ...stored };
  for (const [ref, value] of Object.entries(given)) {
    if (value === null) delete merged[ref];
    else merged[ref] = value;
  }
  return merged;
}

/**
 * The answers a completed submission keeps. Questions the respondent's path skipped (logic jumps) are neither
 * required nor kept; every required question on the path must be answered.
 */
export function completedAnswers(fields: FormField[], answers: AnswerMap): AnswerMap {
  const path = questionPath(fields, answers);
  const kept: AnswerMap = { ...answers };
  for (const field of fields) {
    if (!path.has(field.ref)) {
      delete kept[field.ref];
    } else if (field.required && isEmpty(answers[field.ref])) {
      throw validationError(
        field.ref,
        null,
        `an answer (${VALUE_KEYS[KIND_OF[field.type]].join(', ')})`,
        `${field.label} is required`,
      );
    }
  }
  return kept;
}
