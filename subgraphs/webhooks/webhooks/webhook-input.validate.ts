import { DomainError } from '../../../platform/errors/domain-error.js';
import type { WebhookFilterInput } from './webhook.types.js';
import { secretProblem } from '../sending/webhook-secret.js';

const MAX_URL = 2048;
const MAX_EVENTS = 100;

export function validateUrl(url: string | null | undefined): string {
  if (url === undefined || url === null || url === '')
    throw new DomainError('INVALID_REQUEST', 'url is required', {
      field: 'url',
      received: url ?? null,
      expected: 'an http or https URL',
    });
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || url.length > MAX_URL || parsed.hash) {
    throw new DomainError('INVALID_REQUEST', 'url must be an absolute http or https URL', {
      field: 'url',
      received: url,
      expected: `an http or https URL of at most ${MAX_URL} characters, without a #fragment`,
    });
  }
  return parsed.toString();
}

/** Event types must be known to the namespace; unknown ones are a 400 listing the allowed values. */
export function validateEvents(events: string[] | null | undefined, allowed: readonly string[]): string[] {
  if (!events || events.length === 0)
    throw new DomainError('INVALID_REQUEST', 'events must list at least one event type', {
      field: 'events',
      received: events ?? null,
      expected: allowed,
    });
  if (events.length > MAX_EVENTS)
    throw new DomainError('INVALID_REQUEST', `events may list at most ${MAX_EVENTS} types`, {
      field: 'events',
      received: events.length,
      expected: allowed,
    });
  const unknown = events.filter((e) => !allowed.includes(e));
  if (unknown.length > 0) {
    throw new DomainError(
      'INVALID_REQUEST',
      `Unknown event type${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
      { field: 'events', received: unknown, expected: allowed },
    );
  }
  return [...new Set(events)];
}

export function validateSecret(secret: string | null | undefined): string | undefined {
  if (secret === undefined || secret === null) return undefined;
  const problem = secretProblem(secret);
  if (problem)
    throw new DomainError('INVALID_REQUEST', 'secret is not usable', {
      field: 'secret',
      received: `${secret.length} characters`,
      expected: problem,
    });
  return secret;
}

export function validateDescription(description: string | null | undefined): string | null {
  if (description === undefined || description === null) return null;
  if (description.length > 500)
    throw new DomainError('INVALID_REQUEST', 'description is too long', {
      field: 'description',
      received: description.length,
      expected: 'at most 500 characters',
    });
  return description;
}

/** A resource filter (typed, its values checked at the edge) as stored: the fields given, at least one. */
export function validateFilter(filter: WebhookFilterInput | null | undefined): Record<string, string> | null {
  if (filter === undefined || filter === null) return null;
  const given = Object.entries(filter).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  if (given.length === 0)
    throw new DomainError('INVALID_REQUEST', 'filter must name a resource', {
      field: 'filter',
      received: filter,
      expected: 'one of the filter fields',
    });
  return Object.fromEntries(given);
}
