import type { FormStatus } from '../entities/form-status.js';
import { validationError } from '../shared/validation-error.js';

export type FormAction = 'publish' | 'unpublish' | 'close' | 'archive' | 'edit';

/**
 * Transitions the spec leaves open, decided here once:
 * publish: DRAFT, PAUSED, CLOSED → LIVE (LIVE stays LIVE); unpublish: LIVE → PAUSED (PAUSED stays);
 * close (PUT status CLOSED): LIVE, PAUSED → CLOSED (CLOSED stays); archive (DELETE): any → ARCHIVED;
 * edit (PUT, fields): anything but ARCHIVED. ARCHIVED is final (duplicate it to reuse it).
 */
const ALLOWED: Record<FormAction, readonly FormStatus[]> = {
  publish: ['DRAFT', 'PAUSED', 'CLOSED', 'LIVE'],
  unpublish: ['LIVE', 'PAUSED'],
  close: ['LIVE', 'PAUSED', 'CLOSED'],
  archive: ['DRAFT', 'LIVE', 'PAUSED', 'CLOSED', 'ARCHIVED'],
  edit: ['DRAFT', 'LIVE', 'PAUSED', 'CLOSED'],
};

const PAST: Record<FormAction, string> = {
  publish: 'published',
  unpublish: 'unpublished',
  close: 'closed',
  archive: 'archived',
  edit: 'edited',
};

export function assertTransition(action: FormAction, status: FormStatus): void {
  if (!ALLOWED[action].includes(status)) {
    throw validationError('status', status, ALLOWED[action], `A ${status} form cannot be ${PAST[action]}`);
  }
}
