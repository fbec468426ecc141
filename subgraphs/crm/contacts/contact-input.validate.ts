import type { EntityManager } from '@mikro-orm/postgresql';
import { invalid } from '../../../platform/errors/domain-error.js';
import { LIFECYCLE_STAGES } from '../entities/contact.entity.js';
import { isEmail } from '../shared/identifier.js';
import { validateCustomValues } from '../properties/property-values.validate.js';

/** The contact input of document 3 part 2, normalised (emails lowercased). Absent keys are left unchanged by PATCH. */
export interface ContactInput {
  email?: string | null;
  name?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  phone?: string | null;
  lifecycleStage?: string | null;
  /** ARCHIVED / ACTIVE through PATCH (the move to ARCHIVED is not shown in the spec: we allow it here). */
  status?: string;
  properties?: Record<string, unknown>;
}

const TEXT_FIELDS = ['name', 'givenName', 'familyName'] as const;
const ALLOWED = ['email', 'name', 'givenName', 'familyName', 'phone', 'lifecycleStage', 'properties', 'status'];

/** Validates a contact body; `full` for creation (required custom properties must be present). */
export async function validateContactInput(em: EntityManager, body: Record<string, unknown>, full: boolean): Promise<ContactInput> {
  for (const key of Object.keys(body)) if (!ALLOWED.includes(key)) throw invalid(key, body[key], ALLOWED, `Unknown field "${key}"`);
  const out: ContactInput = {};
  if ('email' in body) {
    const email = body.email;
    if (email !== null && (typeof email !== 'string' || !isEmail(email.trim()))) throw invalid('email', email, 'an email address', 'email must be a valid email address');
    out.email = email === null ? null : (email as string).trim().toLowerCase();
  }
  for (const key of TEXT_FIELDS) {
    if (!(key in body)) continue;
    const value = body[key];
    if (value !== null && (typeof value !== 'string' || value.length > 500)) throw invalid(key, value, 'a string of at most 500 characters');
    out[key] = value as string | null;
  }
  if ('phone' in body) {
    const phone = body.phone;
    if (phone !== null && (typeof phone !== 'string' || !/^\+?[0-9 ().-]{3,30}$/.test(phone))) throw invalid('phone', phone, 'a phone number', 'phone must be a phone number');
    out.phone = phone as string | null;
  }
  if ('lifecycleStage' in body) {
    const stage = body.lifecycleStage;
    if (stage !== null && (typeof stage !== 'string' || !(LIFECYCLE_STAGES as readonly string[]).includes(stage))) throw invalid('lifecycleStage', stage, LIFECYCLE_STAGES);
    out.lifecycleStage = stage as string | null;
  }
  if ('status' in body) {
    if (body.status !== 'ACTIVE' && body.status !== 'ARCHIVED') throw invalid('status', body.status, ['ACTIVE', 'ARCHIVED'], 'status may be set to ACTIVE or ARCHIVED; DELETE deletes');
    out.status = body.status;
  }
  if ('properties' in body || full) out.properties = await validateCustomValues(em, 'CONTACT', body.properties, full);
  return out;
}
