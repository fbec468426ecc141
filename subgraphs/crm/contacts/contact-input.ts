import type { EntityManager } from '@mikro-orm/postgresql';
import { provided } from '../../../platform/validation/input-rules.js';
import { validateCustomValues } from '../properties/property-values.validate.js';
import type { CrmContactInput } from './contact-input.types.js';

/** The contact input as the write pipeline stores it (emails lowercased). Absent keys are left unchanged by PATCH. */
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

/** A checked CrmContactInput with its custom properties checked against the definitions; `full` for a creation. */
export async function contactInput(em: EntityManager, input: CrmContactInput, full: boolean): Promise<ContactInput> {
  const { properties, email, status, ...rest } = provided(input);
  const out: ContactInput = { ...rest };
  if (email !== undefined) out.email = email === null ? null : email.trim().toLowerCase();
  if (status != null) out.status = status;
  if (properties !== undefined || full) out.properties = await validateCustomValues(em, 'CONTACT', properties, full);
  return out;
}
