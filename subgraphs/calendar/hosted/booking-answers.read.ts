import type { HostedQuestion } from './booking-questions.view.js';

/** A plain form post: one string per field name. */
export type PostedFields = Record<string, unknown>;

const text = (body: PostedFields, name: string): string =>
  typeof body[name] === 'string' ? (body[name] as string).trim() : '';

/**
 * A plain post's answers as the script sends them in `responses`: empty optional answers left out, NUMBER as a number,
 * MULTISELECT as a list, CHECKBOX as true or false. What does not parse (a number that is not one) is passed on as
 * typed, so the module's own check refuses it with its message. Undefined when the event type asks nothing.
 */
export function responsesFromPost(
  questions: HostedQuestion[],
  body: PostedFields,
): Record<string, unknown> | undefined {
  if (questions.length === 0) return undefined;
  const responses: Record<string, unknown> = {};
  for (const q of questions) {
    const id = `q-${q.name}`;
    const raw = text(body, id);
    switch (q.type) {
      case 'CHECKBOX':
        responses[q.name] = typeof body[id] === 'string';
        break;
      case 'MULTISELECT': {
        const chosen = q.options.map((_, i) => text(body, `${id}-${i}`)).filter((v) => v !== '');
        if (chosen.length) responses[q.name] = chosen;
        break;
      }
      case 'NUMBER':
        if (raw) responses[q.name] = Number.isFinite(Number(raw)) ? Number(raw) : raw;
        break;
      default:
        if (raw) responses[q.name] = raw;
    }
  }
  return responses;
}

/** The control a refusal's `details.field` names: `name`, `email`, `responses.{q}` as `q-{q}`, the slot as `start`. */
export function controlOf(field: unknown, questions: HostedQuestion[]): string | null {
  if (typeof field !== 'string') return null;
  const name = field.replace(/^input\./, '');
  if (name === 'name' || name === 'email' || name === 'start') return name;
  if (name === 'timeZone') return 'zone';
  if (name === 'duration') return 'duration';
  const question = /^responses\.(.+)$/.exec(name)?.[1];
  return question && questions.some((q) => q.name === question) ? `q-${question}` : null;
}
