import { invalid } from '../../../platform/errors/domain-error.js';
import type { UserProfileInput } from './user.types.js';

const EMAIL = /^[^\s@"<>()[\],;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const METADATA_MAX_BYTES = 8 * 1024;

/** Lower-cased, trimmed address; 400 with details when it is not one. */
export function normalizeEmail(value: unknown, field = 'email'): string {
  if (typeof value !== 'string') throw invalid(field, value ?? null, 'an email address', `${field} is required`);
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) throw invalid(field, value, 'an email address such as ada@example.com', `${field} is not a valid email address`);
  return email;
}

export function checkProfile(profile: UserProfileInput | null | undefined): { firstName?: string | null; lastName?: string | null } {
  const result: { firstName?: string | null; lastName?: string | null } = {};
  for (const name of ['firstName', 'lastName'] as const) {
    const value = profile?.[name];
    if (value === undefined) continue;
    if (value !== null && value.length > 100) throw invalid(`profile.${name}`, `${value.slice(0, 20)}…`, 'at most 100 characters');
    result[name] = value === null ? null : value.trim();
  }
  return result;
}

export function checkMetadata(metadata: Record<string, unknown> | null | undefined): Record<string, unknown> | undefined {
  if (metadata === undefined || metadata === null) return undefined;
  const size = Buffer.byteLength(JSON.stringify(metadata));
  if (size > METADATA_MAX_BYTES) throw invalid('metadata', `${size} bytes`, `at most ${METADATA_MAX_BYTES} bytes of JSON`);
  return metadata;
}
