import { invalid } from '../../../platform/errors/domain-error.js';
import { isEmailAddress } from '../../../platform/validation/email-address.js';
import { isE164 } from '../../../platform/validation/phone-number.js';
import type { BookingQuestion } from '../entities/event-type.entity.js';

/** Longest answer to a TEXT question; TEXTAREA takes up to the 16 KiB of all responses. */
const TEXT_MAX = 1000;

/**
 * The booker's answers checked against the event type's questions: every key a question's name, required ones
 * answered, each answer of its question's type, choices among the options. Returns the answers as stored (unanswered
 * optional questions left out). An event type without questions keeps `responses` free-form. Pure.
 */
export function checkedResponses(
  questions: BookingQuestion[],
  responses: Record<string, unknown>,
): Record<string, unknown> {
  if (questions.length === 0) return responses;
  const names = new Set(questions.map((q) => q.name));
  const unknown = Object.keys(responses).find((key) => !names.has(key));
  if (unknown !== undefined)
    throw invalid(
      `responses.${unknown}`,
      null,
      [...names],
      `"${unknown}" is not a booking question of this event type`,
    );
  const answers: Record<string, unknown> = {};
  for (const question of questions) {
    const value = responses[question.name];
    if (unanswered(value)) {
      if (question.required)
        throw refused(question, value ?? null, 'an answer', `${question.label}: an answer is required`);
      continue;
    }
    answers[question.name] = answerOf(question, value);
  }
  return answers;
}

/** Null, an empty or blank string and an empty list leave a question unanswered (a required CHECKBOX must also be true). */
function unanswered(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function answerOf(question: BookingQuestion, value: unknown): unknown {
  switch (question.type) {
    case 'TEXT':
      // eslint-disable-next-line no-control-regex
      if (typeof value !== 'string' || value.length > TEXT_MAX || /[\u0000-\u001f\u007f]/.test(value))
        throw refused(question, value, `one line of text of at most ${TEXT_MAX} characters`);
      return value;
    case 'TEXTAREA':
      if (typeof value !== 'string') throw refused(question, value, 'text');
      return value;
    case 'EMAIL':
      if (!isEmailAddress(value)) throw refused(question, value, 'an email address');
      return value;
    case 'PHONE':
      if (!isE164(value)) throw refused(question, value, 'an E.164 phone number such as +14155550100');
      return value;
    case 'NUMBER':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw refused(question, value, 'a number');
      return value;
    case 'CHECKBOX':
      if (typeof value !== 'boolean') throw refused(question, value, 'true or false');
      if (question.required && !value) throw refused(question, value, true, `${question.label}: must be checked`);
      return value;
    case 'SELECT':
    case 'RADIO':
      if (typeof value !== 'string' || !question.options.includes(value))
        throw refused(question, value, question.options);
      return value;
    case 'MULTISELECT':
      if (
        !Array.isArray(value) ||
        value.some((v) => typeof v !== 'string' || !question.options.includes(v)) ||
        new Set(value).size !== value.length
      ) {
        throw refused(
          question,
          value,
          question.options,
          `${question.label}: distinct choices among ${question.options.join(', ')}`,
        );
      }
      return value;
  }
}

function refused(question: BookingQuestion, received: unknown, expected: unknown, message?: string) {
  const text =
    message ??
    (Array.isArray(expected)
      ? `${question.label}: one of ${expected.join(', ')}`
      : `${question.label}: ${String(expected)}`);
  return invalid(`responses.${question.name}`, printable(received), expected, text);
}

/** An error never echoes a whole payload. */
function printable(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (value !== null && typeof value === 'object') return Array.isArray(value) ? `array(${value.length})` : 'object';
  return value;
}
