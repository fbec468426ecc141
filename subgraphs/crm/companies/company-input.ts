import type { EntityManager } from '@mikro-orm/postgresql';
import { invalid } from '../../../platform/errors/domain-error.js';
import { provided } from '../../../platform/validation/input-rules.js';
import { validateCustomValues } from '../properties/property-values.validate.js';
import type { CrmCompanyInput } from './company-input.types.js';

export interface CompanyInput {
  name?: string | null;
  domain?: string | null;
  industry?: string | null;
  size?: string | null;
  plan?: string | null;
  website?: string | null;
  phone?: string | null;
  status?: string;
  properties?: Record<string, unknown>;
}

/** A checked CrmCompanyInput, domain lowercased, with what a type cannot say: a creation needs a name or a domain, and the custom properties. */
export async function companyInput(em: EntityManager, input: CrmCompanyInput, full: boolean): Promise<CompanyInput> {
  const { properties, domain, status, ...rest } = provided(input);
  const out: CompanyInput = { ...rest };
  if (domain !== undefined) out.domain = domain === null ? null : domain.trim().toLowerCase();
  if (status != null) out.status = status;
  if (full && !out.name && !out.domain)
    throw invalid('name', null, 'a name or a domain', 'A company needs a name or a domain');
  if (properties !== undefined || full) out.properties = await validateCustomValues(em, 'COMPANY', properties, full);
  return out;
}
